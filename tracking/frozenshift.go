package tracking

import (
	"fmt"
	"math"

	"github.com/cueref/cueref/shot"
)

// A ball frozen to the cue ball at the stroke that left its place with nothing
// told. Struck into a ball it touches, the cue ball meets it at once: no way
// in to fit, and the met ball may move only a few millimetres before a
// cushion or the cue ball stops it. Rendered seed 68, 10-ball shot 12 (stroke
// at 99.863 s): the cue ball, 0.85 mm from the 3, was struck into it; the 3,
// 17 mm off the head cushion, went to the cushion and back into the cue ball
// 38 ms later, and the cue ball went on to the 9. The camera saw one missed
// read of the 3 and its rest 4.5 mm from where it was; the cue ball seen to
// leave away from the 3 and meet the 9 made the 9 the first contact:
// wrong_ball_first, unflagged, for a legal safety. A ball nothing was told
// about does not leave its place; one frozen to the cue ball that did may
// have been its first contact: it is told so, and the judge asks a person
// when the reading without it rules otherwise.

const (
	// frozenGap (mm): a ball this near the cue ball at the stroke, beyond
	// touching, touches it as far as the camera can tell.
	frozenGap = 3.0
	// frozenShift (mm): a ball at rest whose place moved this much over the
	// shot left it (rest places of balls left alone agree within about a
	// millimetre).
	frozenShift = 3.0
)

// frozenFirst tells, as the shot ends, the cue ball's contact with a ball
// frozen to it at the stroke that left its place with nothing told (see
// above; frozenShifted), as its first: a ball does not leave its place
// untouched, and the cue ball struck into a ball it touches meets it at once.
// The shot is still asked (frozenShiftDoubt), with the reading without it.
func (k *Tracker) frozenFirst() {
	j := k.frozenShifted()
	if j < 0 {
		return
	}
	cue := k.before[k.strikeTr]
	p := k.before[j]
	e := k.addEvent(pevent{t: k.strikeT + 1e-4, kind: shot.Contact, a: k.strikeTr, b: j, at: cue.Add(p).Scale(0.5), hasAt: true,
		sides: [2]side{{tr: -1}, {tr: -1}}})
	if e != nil {
		e.frozenFirst = true
		if k.trace != nil {
			k.trace("%.4f ball %d, frozen to the cue ball, left its place with nothing told: told met first", k.lastT, k.tracks[j].ball)
		}
	}
}

// frozenShifted returns the track of an object ball frozen to the cue ball
// at the stroke (frozenGap) whose place moved by frozenShift or more over the
// shot with no event told of it, or −1.
func (k *Tracker) frozenShifted() int {
	cue, ok := k.before[k.strikeTr]
	if !ok || k.strikeTr < 0 {
		return -1
	}
	for j, p := range k.before {
		tr := &k.tracks[j]
		if j == k.strikeTr || !tr.used || !tr.confirmed || tr.gone || tr.moving || tr.ball <= 0 {
			continue
		}
		if p.Dist(cue)-2*k.R > frozenGap || p.Dist(tr.rest) < frozenShift || k.toldOf(j) {
			continue
		}
		return j
	}
	return -1
}

// frozenShiftDoubt says why the cue ball's first contact is in doubt when
// frozenFirst told it (see above), or "", with the reading without it.
func (k *Tracker) frozenShiftDoubt(rec *shot.Shot) (string, []*shot.Shot) {
	for i := range k.events {
		e := &k.events[i]
		if !e.frozenFirst || e.cancel {
			continue
		}
		b := k.tracks[e.b].ball
		why := fmt.Sprintf("ball %d, frozen to the cue ball at the stroke, left its place by %.0f mm with nothing else told: told met first by the cue ball", b, k.before[e.b].Dist(k.tracks[e.b].rest))
		return why, []*shot.Shot{withoutEvents(rec, func(x shot.Event) bool {
			return x.Kind == shot.Contact && names(x, 0) && names(x, b) && math.Abs(x.T-(e.t-*rec.Start)) < 1e-3
		})}
	}
	return "", nil
}

// toldOf reports whether an event of the shot so far names track j.
func (k *Tracker) toldOf(j int) bool {
	for i := range k.events {
		if e := &k.events[i]; !e.cancel && e.kind != shot.Strike && (e.a == j || e.b == j) {
			return true
		}
	}
	return false
}
