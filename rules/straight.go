package rules

import (
	"github.com/cueref/cueref/shot"
	"github.com/cueref/cueref/table"
)

// straight is 14.1 continuous (section 4 of the seed).
type straight struct{}

func (straight) balls() []int { return seq(1, 15) }

// rack15 places the balls in the triangle of rule 4.4: the 1 on the right back
// corner and the 5 on the left, as seen from the head end; the rest in order. When
// apex is false the foot-spot place stays empty (the 14-ball rack of rule 4.7.3).
func rack15(t table.Table, balls []int, apex bool) shot.Positions {
	pos := t.Rack(5)
	out := shot.Positions{}
	idx := []int{}
	for i := range pos {
		if i == 0 && !apex {
			continue
		}
		idx = append(idx, i)
	}
	// Corners first when the 1 and the 5 are being racked.
	used := map[int]bool{}
	assign := func(b, i int) {
		out[b] = shot.FromP(pos[i])
		used[i] = true
	}
	rest := []int{}
	for _, b := range balls {
		switch {
		case b == 1 && !used[14]:
			assign(1, 14)
		case b == 5 && !used[10]:
			assign(5, 10)
		default:
			rest = append(rest, b)
		}
	}
	k := 0
	for _, i := range idx {
		if used[i] || k >= len(rest) {
			continue
		}
		assign(rest[k], i)
		k++
	}
	return out
}

func (straight) rack(t table.Table) shot.Positions { return rack15(t, seq(1, 15), true) }

func (straight) legalFirst(c *core) []int { return cloneInts(c.st.OnTable) }

// needCall: 14.1 is a call-shot game (rule 4.2).
func (straight) needCall(*core) bool { return true }

func (straight) threeFouls(c *core) (bool, string) { return !c.opts.has(OptNoThreeFoul), "4.12" }

func (s straight) judge(c *core, f *facts, j *judgement) {
	st := &c.st
	c.strokeFouls(f, j)
	called := j.call != nil && j.call.Ball != nil
	calledIn := called && containsInt(f.pocketed, *j.call.Ball) && f.pocketOf[*j.call.Ball] == j.call.Pocket
	safety := j.call != nil && j.call.Safety
	if j.call != nil && (j.call.PushOut || j.call.NoCall) {
		j.note("%s is not a 14.1 declaration: ignored", describeCall(j.call))
	}
	if j.brk {
		// Rule 4.6: the called ball in the called pocket, or after hitting the
		// rack the cue ball and two object balls to a rail.
		rails := 0
		for b := range f.railsAfter {
			if b != 0 {
				rails++
			}
		}
		met := calledIn || (f.first != 0 && f.cueRailAfter && rails >= 2)
		if met && j.has(shot.IllegalBreak) {
			met = false // entered by the referee
		} else if !met {
			j.foul(shot.IllegalBreak, "4.6")
			c.breakContactFouls(f, j, st.OnTable)
		}
		if !met {
			j.points = -2
			j.noCount = true
			j.turn = shot.TurnPass
			j.spot = append(j.spot, f.pocketed...)
			j.spot = append(j.spot, f.offTable...)
			j.options = []string{"accept", "rerack_offender"}
			j.ctx, j.offender = "illegal_break141", j.shooter
			j.accept = shot.InHandNone
			if j.scratch() {
				j.accept = shot.InHandKitchen
			}
			j.inHand = j.accept
			j.note("illegal break: −2 points; %s accepts the table or has %s break again (rule 4.6); it does not count towards three fouls", j.opponent, j.shooter)
			return
		}
	} else {
		c.contactFouls(f, j, st.LegalFirst)
	}
	if j.fouled() {
		j.turn = shot.TurnPass
		j.points = -1
		// Illegally pocketed and jumped balls are spotted (rules 4.8, 4.9).
		j.spot = append(j.spot, f.pocketed...)
		j.spot = append(j.spot, f.offTable...)
		if j.scratch() {
			j.inHand = shot.InHandKitchen // rule 4.10
		} else {
			j.inHand = shot.InHandNone // rule 4.11
		}
		if on, rule := s.threeFouls(c); on && st.FoulsInRow[j.shooter]+1 >= 3 {
			j.foul(shot.ThreeFouls, rule)
			j.points = -16
			j.rerack = true
			j.next = j.shooter
			j.spot = nil
			j.resetFouls = true
			st.Rack++
			j.note("third foul in a row: −1 for the foul and −15 more; all fifteen balls are racked and %s breaks as at the start (rule 4.12)", j.shooter)
		}
		return
	}
	switch {
	case safety:
		// Rule 4.7.4: a safety ends the inning; balls pocketed are spotted.
		j.turn = shot.TurnPass
		j.spot = append(j.spot, f.pocketed...)
		return
	case calledIn:
		j.counted = cloneInts(f.pocketed)
		j.points = len(f.pocketed)
		j.turn = shot.TurnKeep
	default:
		// Rule 4.8: uncalled balls are spotted; no penalty.
		j.turn = shot.TurnPass
		j.spot = append(j.spot, f.pocketed...)
		if !called && len(f.pocketed) > 0 {
			j.note("no ball was called: pocketed balls are spotted and do not score (rules 4.2, 4.8)")
		}
		return
	}
	if st.Target > 0 && st.Score[j.shooter]+j.points >= st.Target {
		j.over = outcome(j.shooter, "target_reached")
		return
	}
	s.specialRack(c, f, j)
}

// specialRack re-racks when a scoring shot leaves one object ball or none (rules
// 4.2, 4.7.3), placing the 15th ball and the cue ball by the WPA 14.1 table
// where they are in the way of the rack.
func (straight) specialRack(c *core, f *facts, j *judgement) {
	st := &c.st
	left := []int{}
	for _, b := range st.OnTable {
		if !containsInt(f.pocketed, b) && !containsInt(f.offTable, b) {
			left = append(left, b)
		}
	}
	if len(left) > 1 {
		return
	}
	t := c.tbl
	area := t.Rack(5)
	interferes := func(p shot.Point) bool {
		for _, q := range area {
			if p.P().Dist(q) < 2*t.BallR {
				return true
			}
		}
		return false
	}
	cue, cueOn := f.rec.After[0]
	cueIn := cueOn && interferes(cue)
	headBlocked := func(p shot.Point) bool { return p.P().Dist(t.HeadSpot()) < 2*t.BallR }
	var racked []int
	for _, b := range seq(1, 15) {
		if !containsInt(left, b) {
			racked = append(racked, b)
		}
	}
	full := false
	switch {
	case len(left) == 0:
		// The 15th ball went down with the 14th: all fifteen are racked.
		full = true
		j.note("the 15th ball went down with the 14th: all fifteen balls are racked, no opening break (rule 4.7.3, WPA 14.1 racking table)")
	default:
		b := left[0]
		p, ok := f.rec.After[b]
		if !ok {
			p, ok = st.Layout[b]
		}
		ballIn := ok && interferes(p)
		switch {
		case ballIn && cueIn:
			full = true
			racked = seq(1, 15)
			j.note("the 15th ball and the cue ball are both in the rack area: all fifteen balls are racked and the cue ball is in hand in the kitchen (WPA 14.1 racking table)")
		case ballIn:
			to := t.HeadSpot()
			if cueOn && headBlocked(cue) {
				to = t.CenterSpot()
			}
			j.place = append(j.place, shot.Placement{Ball: b, At: shot.FromP(to)})
			j.note("the 15th ball is in the rack area: it goes on the %s (WPA 14.1 racking table)", spotName(t, to))
		case cueIn:
			if ok && t.InKitchen(p.P()) {
				to := t.HeadSpot()
				if headBlocked(p) {
					to = t.CenterSpot()
				}
				j.place = append(j.place, shot.Placement{Ball: 0, At: shot.FromP(to)})
				j.note("the cue ball is in the rack area: it goes on the %s (WPA 14.1 racking table)", spotName(t, to))
				cueIn = false
			}
		}
	}
	if full {
		racked = seq(1, 15)
	}
	pos := rack15(t, racked, full)
	j.racked = racked
	for _, b := range racked {
		j.place = append(j.place, shot.Placement{Ball: b, At: pos[b]})
	}
	if cueIn {
		j.inHand = shot.InHandKitchen
		j.note("the cue ball is in the rack area: in hand in the kitchen (WPA 14.1 racking table)")
	}
	if !full {
		j.note("one object ball left: the fourteen others are racked with the apex empty (rule 4.7.3)")
	}
	j.rackedCue = cueIn
	st.Rack++
}

func spotName(t table.Table, p table.Point) string {
	if p == t.HeadSpot() {
		return "head spot"
	}
	return "centre spot"
}

func (straight) decide(c *core, choice string, r *shot.Ruling) error {
	st := &c.st
	switch {
	case c.ctx == "illegal_break141" && choice == "accept":
		st.BallInHand = c.inHandAfterAccept
		if st.BallInHand == "" {
			st.BallInHand = shot.InHandNone
		}
		st.Pending = nil
	case c.ctx == "illegal_break141" && choice == "rerack_offender":
		c.newRack(c.offender)
	default:
		return reject("%q is not a choice here", choice)
	}
	c.ctx = ""
	return nil
}
