package rules

import (
	"github.com/cueref/cueref/shot"
	"github.com/cueref/cueref/table"
)

// Group names of 8-ball (rule 2.2).
const (
	Solids  = "solids"
	Stripes = "stripes"
)

// groupOf returns the 8-ball group of object ball b ("" for the 8).
func groupOf(b int) string {
	switch {
	case b >= 1 && b <= 7:
		return Solids
	case b >= 9 && b <= 15:
		return Stripes
	}
	return ""
}

func otherGroup(g string) string {
	if g == Solids {
		return Stripes
	}
	return Solids
}

// eightBall is 8-ball (section 2 of the seed).
type eightBall struct{}

func (eightBall) balls() []int { return seq(1, 15) }

func seq(a, b int) []int {
	out := make([]int, 0, b-a+1)
	for i := a; i <= b; i++ {
		out = append(out, i)
	}
	return out
}

// rack is the triangle of rule 2.4: the 8 in the centre, a solid and a stripe in
// the back corners.
func (eightBall) rack(t table.Table) shot.Positions {
	// Index 4 is the centre of the third row; 10 and 14 are the back corners.
	return fillRack(t.Rack(5), map[int]int{4: 8, 10: 1, 14: 9}, []int{2, 3, 4, 5, 6, 7, 10, 11, 12, 13, 14, 15})
}

// groupLeft lists the balls of group g still on the table.
func groupLeft(s *State, g string) []int {
	var out []int
	for _, b := range s.OnTable {
		if groupOf(b) == g {
			out = append(out, b)
		}
	}
	return out
}

func (eightBall) legalFirst(c *core) []int {
	s := &c.st
	if s.Breaking {
		return cloneInts(s.OnTable)
	}
	g := s.Groups[s.Next]
	if s.Groups == nil || g == "" {
		var out []int
		for _, b := range s.OnTable {
			if b != 8 {
				out = append(out, b)
			}
		}
		if len(out) == 0 && s.Has(8) {
			out = []int{8}
		}
		return out
	}
	if left := groupLeft(s, g); len(left) > 0 {
		return left
	}
	if s.Has(8) {
		return []int{8}
	}
	return nil
}

// needCall: under the gentleman's call (rule 2.3) obvious shots need no call, so a
// call is never required before a stroke; an uncalled shot that turns out not to
// be obvious (a bank or a combination) simply scores nothing (see target).
func (eightBall) needCall(*core) bool { return false }

func (eightBall) threeFouls(*core) (bool, string) { return false, "" }

func (e eightBall) judge(c *core, f *facts, j *judgement) {
	st := &c.st
	c.strokeFouls(f, j)
	if j.brk {
		e.judgeBreak(c, f, j)
		return
	}
	open := st.Groups == nil
	mine := ""
	if !open {
		mine = st.Groups[j.shooter]
	}
	// Rule 2.7: on an open table the 8 may be hit first (it only ends the inning);
	// under eight_first_open_foul it is a foul.
	legal := cloneInts(st.LegalFirst)
	if open && !c.opts.has(OptEightOpenFoul) && st.Has(8) {
		legal = append(legal, 8)
	}
	if j.call != nil && j.call.PushOut {
		j.note("a push-out is not part of 8-ball: judged as an ordinary shot")
	}
	c.contactFouls(f, j, legal)

	eightDown := containsInt(f.pocketed, 8)
	eightOff := containsInt(f.offTable, 8)
	// Losses and the win (rules 2.14, 2.15).
	switch {
	case eightOff:
		j.over = outcome(j.opponent, "eight_off_table")
		j.note("the 8 left the table: %s loses the rack (rules 2.13, 2.15(3))", j.shooter)
		return
	case eightDown:
		left := []int{}
		if !open {
			left = groupLeft(st, mine)
		}
		switch {
		case open || len(left) > 0:
			allDown := !open
			for _, b := range left {
				if !containsInt(f.pocketed, b) {
					allDown = false
				}
			}
			if allDown {
				j.over = outcome(j.opponent, "eight_with_last_ball")
				j.note("the 8 and the last ball of %s's group went down on one stroke (rule 2.15(2))", j.shooter)
			} else {
				j.over = outcome(j.opponent, "eight_pocketed_early")
				j.note("the 8 went down before %s's group was cleared (rule 2.15(5))", j.shooter)
			}
		case j.fouled():
			j.over = outcome(j.opponent, "eight_with_foul")
			j.note("the 8 went down on a foul (rule 2.15(1))")
		case j.call != nil && (j.call.Safety || j.call.NoCall):
			j.over = outcome(j.opponent, "eight_wrong_pocket")
			j.note("the 8 went down on a shot declared without a call: it was not called (rule 2.15(4))")
		case j.call != nil && j.call.Ball != nil && (*j.call.Ball != 8 || j.call.Pocket != f.pocketOf[8]):
			j.over = outcome(j.opponent, "eight_wrong_pocket")
			j.note("the 8 went into %s, not the called pocket (rule 2.15(4))", f.pocketOf[8])
		default:
			j.over = outcome(j.shooter, "eight_pocketed")
			j.counted = []int{8}
		}
		return
	}
	if j.fouled() {
		j.turn = shot.TurnPass
		j.inHand = c.inHandAfterFoul()
		if !c.opts.has(OptNoStalemate) && len(c.foulRun) >= 5 && alternating(append(cloneStrings(c.foulRun), j.shooter)) {
			j.over = outcome("", "stalemate")
			j.note("each player has fouled three times in a row in turn: stalemate, the rack is played again (rule 2.16)")
		}
		return
	}
	if open && f.first == 8 {
		j.turn = shot.TurnPass
		j.note("the 8 was hit first on an open table: nothing counts, the inning ends and the table stays open (rule 2.7)")
		return
	}
	if j.call != nil && (j.call.NoCall || j.call.Safety) {
		j.turn = shot.TurnPass
		if len(f.pocketed) > 0 {
			j.note("shot without a call: the balls stay down and the inning ends (rules 2.10, 2.12)")
		}
		return
	}
	target, ok := e.target(f, j, open, mine)
	if !ok {
		j.turn = shot.TurnPass
		switch {
		case (j.call == nil || j.call.Ball == nil) && scorable(f.pocketed, open, mine):
			j.note("no call, and the shot was not obvious (a bank, combination or carom must be called, rule 2.3): the balls stay down and the inning ends (rule 2.12)")
		case len(f.pocketed) > 0:
			j.note("no called ball of %s's was pocketed: the balls stay down and the inning ends (rule 2.12)", j.shooter)
		}
		return
	}
	if open {
		mine = groupOf(target)
		st.Groups = map[string]string{j.shooter: mine, j.opponent: otherGroup(mine)}
		j.note("%s takes the %s with the called %d (rule 2.8)", j.shooter, mine, target)
	}
	for _, b := range f.pocketed {
		if groupOf(b) == mine {
			j.counted = append(j.counted, b)
		}
	}
	j.turn = shot.TurnKeep
}

// target returns the called ball a legal shot pocketed in its called pocket. An
// absent call is the gentleman's call of rule 2.3: an obvious shot needs no call,
// its ball being the first ball hit, which must drop without touching another
// object ball or a rail on the way (the jaws of its own pocket excepted). "Bank
// shots and combination shots (shots with or off other balls) are not obvious and
// both the ball and the pocket must be called" (2.3): uncalled, they score
// nothing, the balls stay down and the inning ends (2.12(2)).
func (eightBall) target(f *facts, j *judgement, open bool, mine string) (int, bool) {
	ok := func(b int) bool {
		if b == 8 || b == 0 {
			return false
		}
		return open || groupOf(b) == mine
	}
	if j.call != nil && j.call.Ball != nil {
		b := *j.call.Ball
		if ok(b) && containsInt(f.pocketed, b) && f.pocketOf[b] == j.call.Pocket {
			return b, true
		}
		return 0, false
	}
	if containsInt(f.pocketed, f.first) && ok(f.first) && obvious(f) {
		return f.first, true
	}
	return 0, false
}

// scorable reports whether any of balls is one the shooter could score (his group,
// or any but the 8 on an open table).
func scorable(balls []int, open bool, mine string) bool {
	for _, b := range balls {
		if b != 8 && (open || groupOf(b) == mine) {
			return true
		}
	}
	return false
}

// pocketRails are the cushions that form each pocket's jaws: a touch of one of
// them just before the ball drops is the ball rattling in, not a bank.
var pocketRails = map[string][2]table.Rail{
	"HL": {table.Head, table.Left}, "HR": {table.Head, table.Right},
	"SL": {table.Left, table.Left}, "SR": {table.Right, table.Right},
	"FL": {table.Foot, table.Left}, "FR": {table.Foot, table.Right},
}

// obvious reports whether the first ball hit went straight into its pocket: after
// the cue ball's contact it touched no other object ball and no rail other than
// its pocket's jaws before dropping (rule 2.3: not a bank or a combination).
func obvious(f *facts) bool {
	b := f.first
	pk := f.pocketOf[b]
	jaws := pocketRails[pk]
	for _, e := range f.rec.Events {
		if e.T < f.firstT {
			continue
		}
		switch e.Kind {
		case shot.Pocketed:
			if e.Ball == b {
				return true
			}
		case shot.Contact:
			if o, ok := e.Other(b); ok && o != 0 {
				return false
			}
		case shot.RailHit:
			if e.Ball == b && e.Rail != string(jaws[0]) && e.Rail != string(jaws[1]) {
				return false
			}
		}
	}
	return true
}

func alternating(run []string) bool {
	if len(run) < 6 {
		return false
	}
	run = run[len(run)-6:]
	for i := 1; i < len(run); i++ {
		if run[i] == run[i-1] {
			return false
		}
	}
	return true
}

// judgeBreak applies rule 2.6.
func (eightBall) judgeBreak(c *core, f *facts, j *judgement) {
	met := len(f.pocketed) > 0 || f.objectRails() >= 4
	if !met {
		j.foul(shot.IllegalBreak, "2.6")
		c.breakContactFouls(f, j, c.st.OnTable)
	}
	met = met && !j.has(shot.IllegalBreak)
	if containsInt(f.offTable, 8) {
		j.over = outcome(j.opponent, "eight_off_table")
		j.note("the 8 left the table on the break: %s loses the rack (rules 2.13, 2.15(3))", j.shooter)
		return
	}
	if containsInt(f.pocketed, 8) {
		switch {
		case j.scratch() && c.opts.has(OptEightBreakLoses):
			j.over = outcome(j.opponent, "eight_with_foul")
			j.note("the 8 and the cue ball went down on the break: %s loses (eight_break_loses, note to rule 2.6)", j.shooter)
		case j.fouled():
			j.next, j.turn = j.opponent, shot.TurnPass
			j.options = []string{"rerack", "spot_eight"}
			j.ctx, j.offender = "eight_break_foul", j.shooter
			j.inHand = shot.InHandKitchen
			j.note("the 8 went down on the break with a foul: %s may break again or spot the 8 and play from the kitchen (rule 2.6)", j.opponent)
		case c.opts.has(OptEightBreakWins):
			j.over = outcome(j.shooter, "eight_pocketed")
			j.counted = []int{8}
			j.note("the 8 went down on a legal break: %s wins (eight_break_wins, note to rule 2.6)", j.shooter)
		default:
			j.next, j.turn = j.shooter, shot.TurnKeep
			j.options = []string{"rerack", "spot_eight"}
			j.ctx, j.offender = "eight_break", j.shooter
			j.inHand = shot.InHandNone
			j.note("the 8 went down on the break: %s may break again or spot the 8 and play on (rule 2.6)", j.shooter)
		}
		return
	}
	switch {
	case !met:
		// Rule 2.6: the incoming player accepts the table or has it racked again,
		// breaking himself or letting the offender break.
		j.turn = shot.TurnPass
		j.options = []string{"accept", "rerack", "rerack_offender"}
		j.ctx, j.offender = "illegal_break8", j.shooter
		j.accept = shot.InHandNone
		if j.scratch() {
			j.accept = shot.InHandKitchen
		}
		j.inHand = j.accept
	case j.scratch():
		// Balls stay down, the table stays open, the incoming player is in hand
		// in the kitchen (rule 2.6).
		j.turn = shot.TurnPass
		j.inHand = shot.InHandKitchen
	case j.has(shot.ObjectBallOffTable):
		// Rule 2.6: accept the table as it lies, or cue ball in hand in the kitchen.
		j.turn = shot.TurnPass
		j.options = []string{"accept"}
		j.ctx, j.offender = "break_off8", j.shooter
		j.accept = shot.InHandNone
		j.inHand = shot.InHandKitchen
	case j.fouled():
		j.turn = shot.TurnPass
		j.inHand = c.inHandAfterFoul()
	case len(f.pocketed) > 0:
		j.turn = shot.TurnKeep
		j.counted = cloneInts(f.pocketed)
	default:
		j.turn = shot.TurnPass
	}
}

func (eightBall) decide(c *core, choice string, r *shot.Ruling) error {
	st := &c.st
	chooser := st.Next
	switch choice {
	case "accept":
		st.BallInHand = c.inHandAfterAccept
		if st.BallInHand == "" {
			st.BallInHand = shot.InHandNone
		}
		st.Pending = nil
	case "rerack":
		c.newRack(chooser)
	case "rerack_offender":
		c.newRack(c.offender)
	case "spot_eight":
		spotOne(c, 8, r)
		st.Pending = nil
		if c.ctx == "eight_break_foul" {
			st.BallInHand = shot.InHandKitchen
		} else {
			st.BallInHand = shot.InHandNone
		}
	default:
		return reject("%q is not an 8-ball choice", choice)
	}
	c.ctx = ""
	return nil
}

// spotOne spots ball b by rule 1.26 against the current layout.
func spotOne(c *core, b int, r *shot.Ruling) {
	st := &c.st
	if st.Layout == nil {
		st.Layout = shot.Positions{}
	}
	var cp *table.Point
	if p, ok := st.Layout[0]; ok && st.BallInHand == shot.InHandNone {
		q := p.P()
		cp = &q
	}
	delete(st.Layout, b)
	pls := spotBalls(c.tbl, []int{b}, st.Layout, cp)
	for _, pl := range pls {
		st.Layout[pl.Ball] = pl.At
		st.addBall(pl.Ball)
	}
	r.Spot = append(r.Spot, pls...)
}
