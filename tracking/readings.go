package tracking

import (
	"slices"

	"github.com/cueref/cueref/shot"
	"github.com/cueref/cueref/table"
)

// The other readings of the doubts that are not about which ball the cue ball
// met first (judge.go has those). Each doubt stands for a few records the shot
// may as well have been; the judge drops the doubt only when every one of them
// gets the same ruling as the record told. A doubt whose readings cannot be
// written out returns nil, and is asked.

// readRails are the cushions a ball thought near one may have touched unseen:
// all four, since which one decides rule 1.31 for a first ball frozen to one.
var readRails = [...]table.Rail{table.Head, table.Foot, table.Left, table.Right}

// strayBall reports whether an object ball other than n takes part in rec's
// events without being on the table at the stroke (rec.Before): a number
// that came from nowhere, so that the balls' names may be crossed in ways no
// single doubt's readings write out. Every reading here is then withheld
// (nil: the doubt is asked).
func strayBall(rec *shot.Shot, n int) bool {
	for _, e := range rec.Events {
		for _, b := range e.Balls() {
			if _, ok := rec.Before[b]; !ok && b > 0 && b != n {
				return true
			}
		}
	}
	return false
}

// clone is a copy of rec whose events, before and after may be changed
// without touching rec's, with no review.
func clone(rec *shot.Shot) *shot.Shot {
	cp := *rec
	cp.Review = nil
	cp.Events = slices.Clone(rec.Events)
	cp.Before = rec.Before.Clone()
	cp.After = rec.After.Clone()
	return &cp
}

// droppedReading returns the first event of the shot that is (cancelled
// with it its doubt's other reading: a hard near miss, a touch never seen),
// as rec would tell it, and the reading of rec with it put back; nil when
// there is none.
func (k *Tracker) droppedReading(rec *shot.Shot, is func(e *pevent) bool) (*pevent, shot.Event, *shot.Shot) {
	if rec.Start == nil {
		return nil, shot.Event{}, nil
	}
	for i := range k.events {
		e := &k.events[i]
		if !e.cancel || !is(e) {
			continue
		}
		if ev, ok := k.toEvent(e, *rec.Start); ok {
			return e, ev, withEvent(rec, ev)
		}
	}
	return nil, shot.Event{}, nil
}

// withEvent returns a copy of rec with event e put in its place in time.
func withEvent(rec *shot.Shot, e shot.Event) *shot.Shot {
	cp := clone(rec)
	i := len(cp.Events)
	for j, x := range cp.Events {
		if x.T > e.T {
			i = j
			break
		}
	}
	cp.Events = slices.Insert(cp.Events, i, e)
	return cp
}

// movedEvent returns a copy of rec with its event i timed t and put at index
// at (of the events before the move): two events told in the other order.
func movedEvent(rec *shot.Shot, i, at int, t float64) *shot.Shot {
	cp := clone(rec)
	e := cp.Events[i]
	e.T = t
	cp.Events = slices.Delete(cp.Events, i, i+1)
	if at > i {
		at--
	}
	cp.Events = slices.Insert(cp.Events, at, e)
	return cp
}

// withoutEvents returns a copy of rec without the events drop says so of.
func withoutEvents(rec *shot.Shot, drop func(shot.Event) bool) *shot.Shot {
	cp := clone(rec)
	cp.Events = slices.DeleteFunc(cp.Events, drop)
	return cp
}

// names reports whether event e concerns ball b.
func names(e shot.Event, b int) bool { return slices.Contains(e.Balls(), b) }

// swapped returns a copy of rec with balls a and b named the other way round
// throughout (positions and events): two tracks whose numbers were crossed.
// A ball rec does not name at all simply takes the other's place.
func swapped(rec *shot.Shot, a, b int) *shot.Shot {
	cp := clone(rec)
	sw := func(x int) int {
		switch x {
		case a:
			return b
		case b:
			return a
		}
		return x
	}
	for i := range cp.Events {
		e := &cp.Events[i]
		switch e.Kind {
		case shot.Contact:
			e.A, e.B = sw(e.A), sw(e.B)
		default:
			if len(e.Balls()) == 1 {
				e.Ball = sw(e.Ball)
			}
		}
	}
	for _, ps := range []shot.Positions{cp.Before, cp.After} {
		pa, oka := ps[a]
		pb, okb := ps[b]
		delete(ps, a)
		delete(ps, b)
		if oka {
			ps[b] = pa
		}
		if okb {
			ps[a] = pb
		}
	}
	return cp
}

// objectBalls are the object balls rec names anywhere (before, after, events).
func objectBalls(rec *shot.Shot) []int {
	var out []int
	for _, ps := range []shot.Positions{rec.Before, rec.After} {
		for b := range ps {
			out = append(out, b)
		}
	}
	for _, e := range rec.Events {
		out = append(out, e.Balls()...)
	}
	slices.Sort(out)
	out = slices.Compact(out)
	return slices.DeleteFunc(out, func(b int) bool { return b <= 0 })
}

// firstT is the time of the cue ball's first contact in rec, or ok false.
func firstT(rec *shot.Shot) (float64, bool) {
	if fi := firstOf(rec); fi >= 0 {
		return rec.Events[fi].T, true
	}
	return 0, false
}

// strikeOf is the time of rec's stroke (its strike event), or 0.
func strikeOf(rec *shot.Shot) float64 {
	for _, e := range rec.Events {
		if e.Kind == shot.Strike {
			return e.T
		}
	}
	return 0
}

// railsOf returns rec with ball b touching each cushion in turn just after the
// cue ball's first contact (or the stroke, with none): a cushion hit that did
// not show, where only whether one came after the first contact, and which,
// can change a ruling (rules 1.17, 1.31, and a break's count of balls driven
// to a cushion).
func railsOf(rec *shot.Shot, b int) []*shot.Shot {
	t, ok := firstT(rec)
	if !ok {
		t = strikeOf(rec)
	}
	out := make([]*shot.Shot, 0, len(readRails))
	for _, r := range readRails {
		out = append(out, withEvent(rec, shot.Event{T: t + 1e-4, Kind: shot.RailHit, Ball: b, Rail: string(r)}))
	}
	return out
}

// firstMet returns rec with the cue ball meeting ball b just before the first
// contact it has (or just after the stroke, with none): a contact that did
// not show, which then decides the first ball (rules 1.16, 1.17 and the
// games' first-ball rules).
func firstMet(rec *shot.Shot, b int) *shot.Shot {
	t, ok := firstT(rec)
	if ok {
		t -= 1e-4
	} else {
		t = strikeOf(rec) + 1e-4
	}
	return withEvent(rec, shot.Event{T: t, Kind: shot.Contact, A: 0, B: b})
}

// railReading lists the other readings of a doubtful absence of a cushion hit
// (railDoubt): ball b touched one after the first contact.
func railReading(rec *shot.Shot, b int) []*shot.Shot {
	if b < 0 || strayBall(rec, -1) {
		return nil
	}
	return railsOf(rec, b)
}

// contactReading lists the other reading of a doubtful absence of any contact
// of the cue ball (contactDoubt): it met ball b, which rested beside it.
func contactReading(rec *shot.Shot, b int) []*shot.Shot {
	if b <= 0 || strayBall(rec, -1) {
		return nil
	}
	return []*shot.Shot{firstMet(rec, b)}
}

// appearedReading lists the other readings of ball n, moved in the shot and
// on the table after it but not at the stroke (appeared). Its track took a
// wrong number: it took over the path of a ball whose own track was lost or
// went (on the table at the stroke and not after it, or pocketed or off the
// table), or kept the path of the ball it was named at the stroke, atStroke
// (−1: none); that ball and n then swap numbers (swapped). Or it is no ball
// (its events and place dropped). (A ball at the stroke and after it under
// one number keeps it here: a doubt about that number is another doubt.)
// What the ball did may have been missed too: a cushion after the first
// contact, and the contact that set it moving (its start was not seen), which
// may have been the cue ball's first. And a shot with one number wrong may
// have more: the cue ball's first ball may be any other (firstAlts). When
// another ball that took part in the shot was not on the table at the stroke
// either (strayBall), the numbers may be crossed any way: nil.
func appearedReading(rec *shot.Shot, n, atStroke int) []*shot.Shot {
	if n <= 0 || strayBall(rec, n) {
		return nil
	}
	first := firstAlts(rec, anyFirst(rec))
	met := firstMet(rec, n)
	bases := []*shot.Shot{rec, met}
	bases = append(bases, railsOf(rec, n)...)
	bases = append(bases, railsOf(met, n)...)
	others := wentOthers(rec, n, atStroke)
	var alts []*shot.Shot
	for i, base := range bases {
		if i > 0 {
			alts = append(alts, base)
		}
		for _, x := range others {
			alts = append(alts, swapped(base, n, x))
		}
		gone := withoutEvents(base, func(e shot.Event) bool { return names(e, n) })
		delete(gone.After, n)
		alts = append(alts, gone)
	}
	return append(alts, first...)
}

// wentOthers are the object balls other than n whose path ball n's track may
// have taken over: on the table at the stroke and not after it, pocketed or
// off the table, or atStroke, the ball the track was named at the stroke.
func wentOthers(rec *shot.Shot, n, atStroke int) []int {
	var others []int
	for b := range rec.Before {
		if _, on := rec.After[b]; !on {
			others = append(others, b)
		}
	}
	for _, e := range rec.Events {
		if e.Kind == shot.Pocketed || e.Kind == shot.OffTable {
			others = append(others, e.Ball)
		}
	}
	others = append(others, atStroke)
	slices.Sort(others)
	others = slices.Compact(others)
	return slices.DeleteFunc(others, func(b int) bool { return b <= 0 || b == n })
}

// goneReading lists the other readings of ball b's going (a pocket or the
// floor, event kind) told, then b read on the table again (backOnTable,
// hangsInJaw): it never went, or the ball that went was another the record
// names that is not on the table after the shot and has no fate told (a track
// that took the wrong number).
func goneReading(rec *shot.Shot, b int, kind string) []*shot.Shot {
	if b < 0 || strayBall(rec, -1) {
		return nil
	}
	isGone := func(e shot.Event) bool { return e.Ball == b && e.Kind == kind }
	if !slices.ContainsFunc(rec.Events, isGone) {
		return nil
	}
	alts := []*shot.Shot{withoutEvents(rec, isGone)}
	fated := map[int]bool{}
	for _, e := range rec.Events {
		if e.Kind == shot.Pocketed || e.Kind == shot.OffTable {
			fated[e.Ball] = true
		}
	}
	for _, x := range objectBalls(rec) {
		if _, on := rec.After[x]; on || fated[x] || x == b {
			continue
		}
		cp := clone(rec)
		for i := range cp.Events {
			if isGone(cp.Events[i]) {
				cp.Events[i].Ball = x
			}
		}
		alts = append(alts, cp)
	}
	return alts
}

// contestedReading lists the other readings of ball b, a deciding ball whose
// track was also read as ball m (contestedWhy): the two numbers crossed, or
// both tracks ball m. It returns nil when m is unknown or is the cue ball.
func contestedReading(rec *shot.Shot, b, m int) []*shot.Shot {
	if b <= 0 || m <= 0 || b == m || strayBall(rec, -1) {
		return nil
	}
	both := clone(rec)
	for i := range both.Events {
		e := &both.Events[i]
		switch {
		case e.Kind == shot.Contact && e.A == b:
			e.A = m
		case e.Kind == shot.Contact && e.B == b:
			e.B = m
		case e.Kind != shot.Contact && e.Ball == b:
			e.Ball = m
		}
	}
	return []*shot.Shot{swapped(rec, b, m), both}
}

// movingReading lists the other reading of ball b, thought at rest at the
// stroke, that may have been rolling (doubtWhy): a moving ball at the stroke
// (rule 1.12).
func movingReading(rec *shot.Shot, b int) []*shot.Shot {
	if b < 0 || strayBall(rec, -1) {
		return nil
	}
	return []*shot.Shot{withEvent(rec, shot.Event{T: strikeOf(rec), Kind: shot.Moving, Ball: b})}
}

// touchReader writes out the other readings of ball b, started at t (s after
// the stroke) with ball o near (weakTouch), for raise: touched (rule 1.19), or
// met by o. It is nil when either ball is unknown.
func touchReader(b, o int, t float64) func(*shot.Shot) []*shot.Shot {
	if b < 0 || o < 0 || b == o {
		return nil
	}
	t = max(t, 0)
	return func(rec *shot.Shot) []*shot.Shot {
		if strayBall(rec, -1) {
			return nil
		}
		return []*shot.Shot{
			withEvent(rec, shot.Event{T: t, Kind: shot.Touch, Ball: b}),
			withEvent(rec, shot.Event{T: t, Kind: shot.Contact, A: o, B: b}),
		}
	}
}
