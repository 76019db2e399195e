package rules

import (
	"fmt"
	"math"
	"sort"

	"github.com/cueref/cueref/shot"
	"github.com/cueref/cueref/table"
)

// facts is what the events of one shot say, before any game's rules are applied.
type facts struct {
	rec     *shot.Shot
	strikeT float64

	first   int // first object ball the cue ball touched; 0 when none
	firstT  float64
	firstAt *shot.Point

	pocketed    []int          // object balls that dropped, in event order, each once
	pocketOf    map[int]string // ball → pocket it dropped into
	cuePocketed bool
	offTable    []int // object balls that left the table
	cueOff      bool

	railAfter    bool                 // the cue ball or an object ball touched a rail after the first contact
	offAfter     bool                 // a ball left the table after the first contact (it went past a rail)
	cueRailAfter bool                 // the cue ball touched a rail after the first contact
	railBalls    map[int]bool         // object balls that touched a rail at any time during the shot
	railsAfter   map[int][]shot.Event // object ball → its rail events after the first contact
	touches      []int
	doubleHit    bool
	moving       []int
	settles      []shot.Event // settle events during the shot (rule 1.25)
	settleBefore bool         // a ball moved by itself before the cue ball's first contact
	notes        []string
}

// analyse reads a shot's events. Balls that are not on the table (by the engine's
// count) yet appear in pocket or off_table events are ignored with a note.
func analyse(c *core, rec *shot.Shot) *facts {
	f := &facts{rec: rec, pocketOf: map[int]string{}, railBalls: map[int]bool{}, railsAfter: map[int][]shot.Event{}, firstT: math.Inf(1)}
	seen := map[int]bool{}
	for _, e := range rec.Events {
		if e.Kind == shot.Strike {
			f.strikeT = e.T
			break
		}
	}
	for _, e := range rec.Events {
		if e.Kind == shot.Contact && f.first == 0 {
			if o, ok := e.Other(0); ok && o != 0 {
				f.first, f.firstT, f.firstAt = o, e.T, e.At
			}
		}
	}
	for _, e := range rec.Events {
		after := f.first != 0 && e.T >= f.firstT
		switch e.Kind {
		case shot.Pocketed:
			if e.Ball == 0 {
				f.cuePocketed = true
				continue
			}
			if seen[e.Ball] {
				continue
			}
			if !c.st.Has(e.Ball) {
				f.notes = append(f.notes, fmt.Sprintf("ball %d was not on the table: its pocket event is ignored", e.Ball))
				continue
			}
			seen[e.Ball] = true
			f.pocketed = append(f.pocketed, e.Ball)
			f.pocketOf[e.Ball] = e.Pocket
		case shot.OffTable:
			if after {
				f.offAfter = true
			}
			if e.Ball == 0 {
				f.cueOff = true
				continue
			}
			if seen[e.Ball] {
				continue
			}
			if !c.st.Has(e.Ball) {
				f.notes = append(f.notes, fmt.Sprintf("ball %d was not on the table: its off_table event is ignored", e.Ball))
				continue
			}
			seen[e.Ball] = true
			f.offTable = append(f.offTable, e.Ball)
		case shot.RailHit:
			if e.Ball != 0 {
				f.railBalls[e.Ball] = true
			}
			if after {
				f.railAfter = true
				if e.Ball == 0 {
					f.cueRailAfter = true
				} else {
					f.railsAfter[e.Ball] = append(f.railsAfter[e.Ball], e)
				}
			}
		case shot.Touch:
			if e.Ball == 0 && e.T < f.strikeT && c.st.BallInHand != shot.InHandNone {
				continue // placing the cue ball in hand (rules 1.7, 1.32)
			}
			f.touches = append(f.touches, e.Ball)
		case shot.DoubleHt:
			f.doubleHit = true
		case shot.Moving:
			f.moving = append(f.moving, e.Ball)
		case shot.SettleEv:
			f.settles = append(f.settles, e)
			if f.first == 0 || e.T < f.firstT {
				f.settleBefore = true
			}
		}
	}
	if f.cueOff {
		f.cuePocketed = false // one fate for the cue ball: off the table wins
	}
	return f
}

// violation is one foul on a shot: its contract code, rule number and, for fouls
// entered by the referee, the entered code.
type violation struct {
	code, rule, entered string
}

// is reports whether the violation is (or was entered as) code.
func (v violation) is(code string) bool { return v.code == code || v.entered == code }

// foulOrder fixes the order fouls are listed in.
var foulOrder = map[string]int{
	shot.BallsMoving: 1, shot.CueBallOutsideKitchen: 2, shot.DoubleHit: 3, shot.TouchedBall: 4,
	shot.IllegalBreak: 5, shot.NoContact: 6, shot.WrongBallFirst: 7, shot.KitchenFirstContact: 8,
	shot.NoRail: 9, shot.FrozenBallRail: 10, shot.CueBallPocketed: 11, shot.CueBallOffTable: 12,
	shot.ObjectBallOffTable: 13, shot.Referee: 14, shot.ThreeFouls: 15,
}

// judgement is a shot's ruling under construction.
type judgement struct {
	f        *facts
	shooter  string
	opponent string
	brk      bool  // this shot is a break
	legal    []int // the balls that could be hit first at the stroke
	call     *shot.Call

	fouls    []violation
	counted  []int
	spot     []int            // balls to spot by rule 1.26 after the shot
	place    []shot.Placement // balls placed elsewhere (re-racks, 14.1 special racking)
	restore  []shot.Placement
	replay   bool
	turn     string
	next     string
	inHand   string
	options  []string
	ctx      string // decision context for options
	offender string
	accept   string // ball in hand the chooser gets with "accept"
	points   int    // score change for the shooter
	noCount  bool   // the foul does not count towards three in a row (14.1 illegal break)
	over     *shot.Outcome
	rerack   bool // all balls are racked again; next shot is a break by next
	pushOut  bool // the next shot may be a push-out
	notes    []string
	// racked lists the balls racked by a 14.1 re-rack (rule 4.7.3).
	racked []int
	// rackedCue: the cue ball was in the way of a 14.1 re-rack and is in hand.
	rackedCue bool
	// resetFouls: the fouls in a row are wiped after the penalty (rule 4.12).
	resetFouls bool
}

func (j *judgement) foul(code, rule string) {
	for _, v := range j.fouls {
		if v.code == code && v.entered == "" {
			return
		}
	}
	j.fouls = append(j.fouls, violation{code: code, rule: rule})
}

func (j *judgement) has(code string) bool {
	for _, v := range j.fouls {
		if v.is(code) {
			return true
		}
	}
	return false
}

func (j *judgement) fouled() bool { return len(j.fouls) > 0 }

// scratch reports whether the cue ball was pocketed or left the table (seen or entered).
func (j *judgement) scratch() bool {
	return j.has(shot.CueBallPocketed) || j.has(shot.CueBallOffTable)
}

func (j *judgement) note(format string, args ...any) {
	j.notes = append(j.notes, fmt.Sprintf(format, args...))
}

func (j *judgement) sortFouls() {
	sort.SliceStable(j.fouls, func(a, b int) bool { return foulOrder[j.fouls[a].code] < foulOrder[j.fouls[b].code] })
}

// rules numbers per game for the shared codes (the contract's foul-code table).
func (c *core) ruleWrongBall() string {
	switch c.st.Game {
	case "8ball":
		return "2.9"
	case "9ball":
		return "3.8"
	case "10ball":
		return "5.5.1"
	}
	return "1.16"
}

func (c *core) ruleNoRail() string {
	if c.st.Game == "9ball" {
		return "3.9"
	}
	return "1.17"
}

func (c *core) ruleObjectOff() string {
	switch c.st.Game {
	case "8ball":
		return "2.13"
	case "9ball":
		return "3.11"
	}
	// 14.1 and 10-ball: the contract's foul-code table gives 1.23 (2.13 and
	// 3.11 are the 8-ball and 9-ball rules); 14.1's 4.9 is cited in the notes.
	return "1.23"
}

// strokeFouls adds the fouls every stroke is judged for, break or not: moving balls
// (1.12), the kitchen (1.7, 1.14), double hit (1.20), touching (1.19), scratch
// (1.18), balls off the table (1.23).
func (c *core) strokeFouls(f *facts, j *judgement) {
	t := c.tbl
	if len(f.moving) > 0 {
		j.foul(shot.BallsMoving, "1.12")
	}
	if c.st.BallInHand == shot.InHandKitchen {
		cue, ok := f.rec.Before[0]
		if !ok {
			j.note("cue ball position at the stroke not given: the kitchen (rule 1.7) cannot be checked")
		} else if !t.InKitchen(cue.P()) {
			j.foul(shot.CueBallOutsideKitchen, "1.7")
		}
		c.kitchenContact(f, j)
	}
	if f.doubleHit {
		j.foul(shot.DoubleHit, "1.20")
	}
	if len(f.touches) > 0 {
		j.foul(shot.TouchedBall, "1.19")
	}
	if f.cuePocketed {
		j.foul(shot.CueBallPocketed, "1.18")
	}
	if f.cueOff {
		j.foul(shot.CueBallOffTable, "1.23")
	}
	if len(f.offTable) > 0 {
		j.foul(shot.ObjectBallOffTable, c.ruleObjectOff())
	}
}

// kitchenContact applies rule 1.7: from the kitchen, an object ball whose centre is
// in the kitchen may be hit first only after the cue ball has left the kitchen.
func (c *core) kitchenContact(f *facts, j *judgement) {
	if f.first == 0 {
		return
	}
	t := c.tbl
	ob, ok := c.posAt(f, f.first)
	if !ok {
		j.note("position of ball %d at the stroke not known: rule 1.7 cannot be checked", f.first)
		return
	}
	if !t.InKitchen(ob.P()) {
		return
	}
	hs := t.HeadString()
	left := false
	for _, e := range f.rec.Events {
		if e.T > f.firstT {
			break
		}
		if e.Kind == shot.RailHit && e.Ball == 0 {
			if e.Rail == string(table.Foot) || (e.At != nil && e.At[0] >= hs) {
				left = true
			}
		}
	}
	if !left && f.firstAt != nil {
		// The cue ball's centre at the contact is the contact point mirrored
		// through the object ball's centre's direction: 2·at − object centre.
		cue := f.firstAt.P().Scale(2).Sub(ob.P())
		if cue.X >= hs {
			left = true
		}
	}
	if !left {
		j.foul(shot.KitchenFirstContact, "1.7")
	}
}

// posAt is where ball b stood at the stroke: from the shot's before, else the last
// known layout.
func (c *core) posAt(f *facts, b int) (shot.Point, bool) {
	if p, ok := f.rec.Before[b]; ok {
		return p, true
	}
	p, ok := c.st.Layout[b]
	return p, ok
}

// contactFouls applies rules 1.16, 1.17 and 1.31 to a shot that is not a break:
// legal is the set of balls that may be hit first.
func (c *core) contactFouls(f *facts, j *judgement, legal []int) {
	if f.first == 0 {
		j.foul(shot.NoContact, "1.16")
		return
	}
	if !containsInt(legal, f.first) {
		j.foul(shot.WrongBallFirst, c.ruleWrongBall())
	}
	c.railFouls(f, j)
}

// breakContactFouls lists, on a break, the violations of rules 1.16 and 1.17 that
// the break's own requirement (2.6, 3.4, 4.6, 5.4) also fails: the contract's fouls
// list every violation seen (rule 1.24: still one foul, one penalty). legal is the
// set of balls the break may hit first (the 1 in 9-ball and 10-ball, any ball
// otherwise).
func (c *core) breakContactFouls(f *facts, j *judgement, legal []int) {
	switch {
	case f.first == 0:
		j.foul(shot.NoContact, "1.16")
	case !containsInt(legal, f.first):
		j.foul(shot.WrongBallFirst, c.ruleWrongBall())
	case len(f.pocketed) == 0 && !f.railAfter && !f.offAfter:
		j.foul(shot.NoRail, c.ruleNoRail())
	}
}

// railFouls applies rules 1.17 and 1.31 after a first contact.
func (c *core) railFouls(f *facts, j *judgement) {
	potted := len(f.pocketed) > 0
	// A ball that left the table after the contact went past a rail: that stroke is
	// the off-table foul (1.23), not also a failure to reach a rail (1.17).
	if !potted && !f.railAfter && !f.offAfter {
		j.foul(shot.NoRail, c.ruleNoRail())
	}
	// Rule 1.31: the first ball hit was frozen to a rail at the stroke.
	p, ok := c.posAt(f, f.first)
	if !ok {
		return
	}
	frozen := c.tbl.FrozenRails(p.P())
	if len(frozen) == 0 {
		return
	}
	j.note("ball %d frozen to the %s rail at the stroke (rule 1.31)", f.first, railList(frozen))
	if potted || f.cueRailAfter || f.offAfter {
		return
	}
	for b, evs := range f.railsAfter {
		if b != f.first {
			return // (4) another object ball driven to a rail
		}
		// (3) the frozen ball to another rail, or back to its own rail after
		// leaving it and touching another ball.
		touchedOther := -1.0
		for _, e := range f.rec.Events {
			if e.Kind == shot.Contact && e.T > f.firstT {
				if o, ok := e.Other(b); ok && o != 0 {
					touchedOther = e.T
					break
				}
			}
		}
		for _, e := range evs {
			if !containsRail(frozen, table.Rail(e.Rail)) {
				return
			}
			if touchedOther >= 0 && e.T > touchedOther {
				return
			}
		}
	}
	j.foul(shot.FrozenBallRail, "1.31")
}

func railList(rs []table.Rail) string {
	s := ""
	for i, r := range rs {
		if i > 0 {
			s += " and "
		}
		s += string(r)
	}
	return s
}

func containsRail(rs []table.Rail, r table.Rail) bool {
	for _, x := range rs {
		if x == r {
			return true
		}
	}
	return false
}

func containsInt(s []int, v int) bool {
	for _, x := range s {
		if x == v {
			return true
		}
	}
	return false
}

// objectRails counts the object balls that touched a rail during the shot.
func (f *facts) objectRails() int { return len(f.railBalls) }

// inHandAfterFoul is where the incoming player may place the cue ball after an
// ordinary foul in a ball-in-hand game.
func (c *core) inHandAfterFoul() string {
	if c.opts.has(OptKitchenBallInHand) {
		return shot.InHandKitchen
	}
	return shot.InHandTable
}
