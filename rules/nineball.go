package rules

import (
	"github.com/cueref/cueref/shot"
	"github.com/cueref/cueref/table"
)

// rotation is 9-ball (section 3 of the seed) and 10-ball (section 5): the lowest
// ball first, the top ball (9 or 10) legally pocketed wins. Their differences —
// rack, break options, rule numbers — are in the methods below and tenball.go.
type rotation struct{ top int }

func (r rotation) balls() []int { return seq(1, r.top) }

func (r rotation) rack(t table.Table) shot.Positions {
	if r.top == 10 {
		return tenRack(t)
	}
	// Rule 3.3: a diamond with the 1 at the apex on the foot spot and the 9 in
	// the centre.
	return fillRack(t.Diamond(), map[int]int{0: 1, 4: 9}, []int{2, 3, 4, 5, 6, 7, 8})
}

// fillRack puts balls on the rack positions pos (table.Rack or table.Diamond
// order): fixed maps a position's index to its ball, and the rest go, in order,
// to the other positions.
func fillRack(pos []table.Point, fixed map[int]int, rest []int) shot.Positions {
	out := shot.Positions{}
	k := 0
	for i, p := range pos {
		b, ok := fixed[i]
		if !ok {
			b = rest[k]
			k++
		}
		out[b] = shot.FromP(p)
	}
	return out
}

func (r rotation) legalFirst(c *core) []int {
	if len(c.st.OnTable) == 0 {
		return nil
	}
	return []int{c.st.OnTable[0]}
}

// needCall: no calls in 9-ball, nor in 10-ball under the seed (section 5 has no
// call-shot rule); under ten_call_shot every 10-ball shot after the break is called.
func (r rotation) needCall(c *core) bool {
	return r.top == 10 && c.opts.has(OptTenCallShot) && !c.st.Breaking
}

// calledIn reports whether the shot's called ball went into its called pocket.
func (rotation) calledIn(f *facts, j *judgement) bool {
	if j.call == nil || j.call.Ball == nil {
		return false
	}
	b := *j.call.Ball
	return containsInt(f.pocketed, b) && f.pocketOf[b] == j.call.Pocket
}

func (r rotation) threeFouls(c *core) (bool, string) {
	return !c.opts.has(OptNoThreeFoul), r.rule("3.12", "5.5.4")
}

// rule picks the 9-ball or the 10-ball rule number.
func (r rotation) rule(nine, ten string) string {
	if r.top == 10 {
		return ten
	}
	return nine
}

func (r rotation) reason() string {
	if r.top == 10 {
		return "ten_pocketed"
	}
	return "nine_pocketed"
}

func (r rotation) judge(c *core, f *facts, j *judgement) {
	st := &c.st
	c.strokeFouls(f, j)
	push := false
	switch {
	case j.brk:
		// Rules 3.4 and 5.4: hit the 1 first, then pocket a ball or drive four
		// object balls to a rail.
		met := f.first == 1 && (len(f.pocketed) > 0 || f.objectRails() >= 4)
		if !met {
			j.foul(shot.IllegalBreak, r.rule("3.4", "5.4"))
			// Rule 3.4: the break obeys the rules of any other shot as well.
			c.breakContactFouls(f, j, []int{1})
		}
	case j.call != nil && j.call.PushOut && st.PushOut:
		// Rule 3.6: a declared push-out need not hit a ball or a rail; every
		// other rule applies.
		push = true
	default:
		if j.call != nil && j.call.PushOut {
			j.note("a push-out is allowed only on the shot right after a legal break (rule 3.6): judged as an ordinary shot")
		}
		c.contactFouls(f, j, st.LegalFirst)
	}

	topDown := containsInt(f.pocketed, r.top)
	topOff := containsInt(f.offTable, r.top)
	if r.top == 10 {
		// Rule 1.23: jumped object balls are spotted; section 5 does not say
		// otherwise (9-ball does, rule 3.11).
		for _, b := range f.offTable {
			if b != 10 {
				j.spot = append(j.spot, b)
			}
		}
	}
	if j.fouled() {
		j.turn = shot.TurnPass
		if topDown || topOff {
			// Rules 3.7, 3.11 (the 9); WPA 10-ball for the 10.
			j.spot = append(j.spot, r.top)
		}
		if on, rule := r.threeFouls(c); on && !j.noCount && st.FoulsInRow[j.shooter]+1 >= 3 {
			j.foul(shot.ThreeFouls, rule)
			j.over = outcome(j.opponent, "three_fouls")
			j.note("third foul in a row: %s loses the rack (rule %s)", j.shooter, rule)
			return
		}
		if j.brk && r.top == 10 && j.has(shot.IllegalBreak) {
			// Rule 5.4: the incoming player takes the cue ball in hand in the
			// kitchen with the balls as they lie, or racks and breaks himself.
			j.options = []string{"accept", "rerack"}
			j.ctx, j.offender = "illegal_break10", j.shooter
			j.accept = shot.InHandKitchen
			j.inHand = shot.InHandKitchen
			return
		}
		j.inHand = c.inHandAfterFoul()
		return
	}
	if push {
		// Balls pocketed on a push-out stay down, the top ball is spotted; the
		// incoming player plays or passes the shot back (rule 3.6).
		if topDown {
			j.spot = append(j.spot, r.top)
		}
		j.turn = shot.TurnPass
		j.options = []string{"accept", "pass"}
		j.ctx, j.offender = "push_out", j.shooter
		j.accept = shot.InHandNone
		j.inHand = shot.InHandNone
		j.note("push-out: %s may play from here or pass the shot back to %s (rule 3.6)", j.opponent, j.shooter)
		return
	}
	if j.brk {
		j.pushOut = true
	}
	if topDown && (r.top != 10 || j.brk || !c.opts.has(OptTenCallShot) || r.calledIn(f, j)) {
		if j.brk && r.top == 10 && c.opts.has(OptTenBreakSpotted) {
			j.spot = append(j.spot, 10)
			j.note("the 10 went down on the break: it is spotted (ten_break_spotted)")
		} else {
			j.over = outcome(j.shooter, r.reason())
			j.counted = cloneInts(f.pocketed)
			return
		}
	}
	if r.top == 10 && !j.brk && c.opts.has(OptTenCallShot) && len(f.pocketed) > 0 && !r.calledIn(f, j) {
		// WPA 10-ball: the balls stay down (the 10 is spotted), the inning ends
		// and the incoming player plays or hands the shot back.
		if topDown && !containsInt(j.spot, 10) {
			j.spot = append(j.spot, 10)
		}
		j.turn = shot.TurnPass
		j.options = []string{"accept", "pass"}
		j.ctx, j.offender = "uncalled10", j.shooter
		j.accept = shot.InHandNone
		j.inHand = shot.InHandNone
		j.note("no called ball went into its called pocket: %s plays on or passes the shot back (ten_call_shot)", j.opponent)
		return
	}
	if len(f.pocketed) > 0 {
		j.turn = shot.TurnKeep
		for _, b := range f.pocketed {
			if !containsInt(j.spot, b) {
				j.counted = append(j.counted, b)
			}
		}
		return
	}
	j.turn = shot.TurnPass
}

func (r rotation) decide(c *core, choice string, ru *shot.Ruling) error {
	st := &c.st
	chooser := st.Next
	switch {
	case (c.ctx == "push_out" || c.ctx == "uncalled10") && choice == "accept":
		st.BallInHand = shot.InHandNone
		st.Pending = nil
	case (c.ctx == "push_out" || c.ctx == "uncalled10") && choice == "pass":
		st.Next = c.offender
		st.BallInHand = shot.InHandNone
		st.Pending = nil
	case c.ctx == "illegal_break10" && choice == "accept":
		st.BallInHand = shot.InHandKitchen
		st.Pending = nil
	case c.ctx == "illegal_break10" && choice == "rerack":
		c.newRack(chooser)
	default:
		return reject("%q is not a choice here", choice)
	}
	c.ctx = ""
	st.PushOut = false
	return nil
}
