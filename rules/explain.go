package rules

import (
	"fmt"
	"sort"
	"strings"

	"github.com/cueref/cueref/shot"
)

// foulWords says each foul code in plain words.
var foulWords = map[string]string{
	shot.CueBallPocketed:       "the cue ball was pocketed",
	shot.CueBallOffTable:       "the cue ball left the table",
	shot.ObjectBallOffTable:    "an object ball left the table",
	shot.NoContact:             "the cue ball hit no object ball",
	shot.WrongBallFirst:        "the first ball hit was not a legal one",
	shot.NoRail:                "after the contact no ball was pocketed and no ball reached a rail",
	shot.FrozenBallRail:        "the ball frozen to the rail was played without a pocket or a ball driven to a rail",
	shot.BallsMoving:           "the stroke was played while a ball was still moving",
	shot.TouchedBall:           "a ball was touched other than with the cue tip",
	shot.DoubleHit:             "double hit",
	shot.KitchenFirstContact:   "from the kitchen, a ball in the kitchen was hit before the cue ball left it",
	shot.CueBallOutsideKitchen: "ball in hand in the kitchen, but the cue ball was outside it",
	shot.IllegalBreak:          "the break's requirements were not met",
	shot.ThreeFouls:            "third foul in a row",
}

var refereeWords = map[string]string{
	"not_tip":          "the cue ball was struck other than with the tip",
	"feet_off_floor":   "no foot on the floor",
	"push_shot":        "push shot",
	"illegal_jump":     "illegal jump",
	"placement_stroke": "the tip touched the cue ball while placing it",
	"interference":     "interference with the opponent",
	"shot_out_of_turn": "shot out of turn",
}

func foulText(c *core, v violation, j *judgement) string {
	f := j.f
	if v.code == shot.Referee {
		w := refereeWords[v.entered]
		if w == "" {
			w = foulWords[v.entered]
		}
		return fmt.Sprintf("%s, called by the referee (rule %s)", w, v.rule)
	}
	w := foulWords[v.code]
	switch v.code {
	case shot.WrongBallFirst:
		if f != nil && f.first != 0 {
			lf := j.legal
			switch {
			case c.st.Game == "9ball" || c.st.Game == "10ball":
				if len(lf) > 0 {
					w = fmt.Sprintf("the %d was hit before the %d, lowest ball first", f.first, lf[0])
				}
			default:
				w = fmt.Sprintf("the %d was hit first, not a ball of the shooter's group", f.first)
			}
		}
	case shot.ObjectBallOffTable:
		if f != nil && len(f.offTable) > 0 {
			w = fmt.Sprintf("%s left the table", ballList(f.offTable))
		}
	}
	return fmt.Sprintf("%s (rule %s)", w, v.rule)
}

func ballList(bs []int) string {
	s := make([]string, len(bs))
	for i, b := range bs {
		s[i] = fmt.Sprintf("the %d", b)
	}
	if len(s) == 1 {
		return s[0]
	}
	return strings.Join(s[:len(s)-1], ", ") + " and " + s[len(s)-1]
}

func shotLabel(c *core) string {
	return fmt.Sprintf("Rack %d, shot %d", c.st.Rack, c.st.Shot)
}

func describeCall(call *shot.Call) string {
	switch {
	case call == nil || call.Empty():
		return "no call"
	case call.Ball != nil:
		return fmt.Sprintf("the %d in %s", *call.Ball, call.Pocket)
	case call.Safety:
		return "a safety"
	case call.PushOut:
		return "a push-out"
	case call.NoCall:
		return "a shot without call"
	}
	return "no call"
}

func inHandWords(s string) string {
	switch s {
	case shot.InHandTable:
		return "ball in hand anywhere"
	case shot.InHandKitchen:
		return "ball in hand in the kitchen"
	}
	return ""
}

// describeNext says who plays next and how, with the scores that matter.
func describeNext(c *core) string {
	st := &c.st
	var b strings.Builder
	if st.MatchOver != nil {
		if st.MatchOver.Winner != nil {
			fmt.Fprintf(&b, "%s wins the match. ", *st.MatchOver.Winner)
		}
		return strings.TrimSpace(b.String())
	}
	switch {
	case len(st.Pending) > 0:
		fmt.Fprintf(&b, "%s chooses: %s.", st.Next, strings.Join(st.Pending, " or "))
	case st.Breaking:
		fmt.Fprintf(&b, "%s breaks from the kitchen.", st.Next)
	case st.BallInHand != shot.InHandNone:
		fmt.Fprintf(&b, "%s has %s.", st.Next, inHandWords(st.BallInHand))
	default:
		fmt.Fprintf(&b, "%s to shoot.", st.Next)
	}
	if st.PushOut && len(st.Pending) == 0 {
		b.WriteString(" A push-out may be played (rule 3.6).")
	}
	if st.Warning != "" {
		fmt.Fprintf(&b, " Warning: %s.", st.Warning)
	}
	return b.String()
}

func describeGame(c *core) string {
	st := &c.st
	s := fmt.Sprintf("New match of %s, %s v %s, %s table, rules %s", st.Game, st.Players[0], st.Players[1], st.Table, st.Rules)
	if len(st.Options) > 0 {
		s += " (" + strings.Join(st.Options, ", ") + ")"
	}
	if st.Race > 0 {
		s += fmt.Sprintf(", race to %d", st.Race)
	}
	if st.Target > 0 {
		s += fmt.Sprintf(", to %d points", st.Target)
	}
	return s + ". " + describeNext(c)
}

var reasonWords = map[string]string{
	"eight_pocketed":       "pocketed the 8 (rule 2.1)",
	"eight_pocketed_early": "the 8 went down before the group was cleared (rule 2.15(5))",
	"eight_with_foul":      "the 8 went down on a foul (rule 2.15(1))",
	"eight_wrong_pocket":   "the 8 went into a pocket that was not called (rule 2.15(4))",
	"eight_with_last_ball": "the 8 went down with the last ball of the group (rule 2.15(2))",
	"eight_off_table":      "the 8 left the table (rule 2.15(3))",
	"nine_pocketed":        "the 9 legally pocketed (rule 3.1)",
	"ten_pocketed":         "the 10 legally pocketed (rule 5.1)",
	"three_fouls":          "three fouls in a row",
	"target_reached":       "target reached (rule 4.1)",
	"stalemate":            "stalemate (rule 2.16)",
}

// explainShot writes the plain-words text of a shot ruling.
func explainShot(c *core, j *judgement, r *shot.Ruling) {
	st := &c.st
	var b strings.Builder
	fmt.Fprintf(&b, "%s, %s", shotLabel(c), j.shooter)
	if j.brk {
		b.WriteString(" (break)")
	}
	b.WriteString(": ")
	if j.fouled() {
		parts := make([]string, 0, len(j.fouls))
		for _, v := range j.fouls {
			parts = append(parts, foulText(c, v, j))
		}
		b.WriteString("foul — " + strings.Join(parts, "; ") + ".")
		if len(j.fouls) > 1 {
			b.WriteString(" One foul for all of them (rule 1.24).")
		}
	} else {
		b.WriteString("legal")
		if len(r.Counted) > 0 {
			fmt.Fprintf(&b, ", %s scored", ballList(r.Counted))
		} else if len(r.Pocketed) > 0 {
			fmt.Fprintf(&b, ", %s down but not scored", ballList(r.Pocketed))
		}
		b.WriteString(".")
	}
	if j.points != 0 {
		fmt.Fprintf(&b, " %+d for %s (score %d).", j.points, j.shooter, st.Score[j.shooter])
	}
	if len(j.spot) > 0 {
		bs := append([]int{}, j.spot...)
		sort.Ints(bs)
		fmt.Fprintf(&b, " Spot %s (rule 1.26).", ballList(bs))
	}
	if len(j.racked) > 0 {
		fmt.Fprintf(&b, " Re-rack %d balls (rule 4.7.3).", len(j.racked))
	}
	for _, p := range j.place {
		if !containsInt(j.racked, p.Ball) {
			fmt.Fprintf(&b, " The %s goes to %s.", ballName(p.Ball), posName(c, p.At))
		}
	}
	if j.rackedCue {
		b.WriteString(" The cue ball is in the way of the rack.")
	}
	if st.GameOver != nil && j.over != nil {
		o := st.GameOver
		if o.Winner != nil {
			what := "rack"
			if st.Game == "14.1" {
				what = "game"
			}
			fmt.Fprintf(&b, " %s wins the %s: %s.", *o.Winner, what, reasonWords[o.Reason])
		} else {
			fmt.Fprintf(&b, " No winner: %s; the rack is played again.", reasonWords[o.Reason])
		}
		if st.MatchOver == nil {
			fmt.Fprintf(&b, " Next rack: %s breaks.", st.Next)
		} else if st.MatchOver.Winner != nil {
			fmt.Fprintf(&b, " %s wins the match.", *st.MatchOver.Winner)
		}
	} else {
		b.WriteString(" " + describeNext(c))
		if n := st.FoulsInRow[j.shooter]; n > 0 && st.Next != j.shooter && st.Warning == "" {
			if n == 1 {
				fmt.Fprintf(&b, " %s is on one foul.", j.shooter)
			} else {
				fmt.Fprintf(&b, " %s is on %d fouls.", j.shooter, n)
			}
		}
	}
	r.Text = b.String()
}

func ballName(b int) string {
	if b == 0 {
		return "cue ball"
	}
	return fmt.Sprintf("%d", b)
}

func posName(c *core, p shot.Point) string {
	switch p.P() {
	case c.tbl.HeadSpot():
		return "the head spot"
	case c.tbl.CenterSpot():
		return "the centre spot"
	case c.tbl.FootSpot():
		return "the foot spot"
	}
	return fmt.Sprintf("(%.0f, %.0f)", p[0], p[1])
}
