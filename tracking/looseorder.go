package tracking

import (
	"fmt"
	"math"
)

// Two candidate first contacts told further apart than the few milliseconds
// that are asked anyway (events.go) may still be in either order, when the
// one told first was timed only roughly: a ball all but frozen to the cue
// ball that starts slowly is timed by its own start, extrapolated back to its
// rest point from a few millimetres a frame, good to tens of milliseconds.
// No-render seed 6, 8-ball shot 217 (a safety, stroke at 1464.915 s): the cue
// ball rested 3 mm from the 14 and was struck past it (0.35 mm clear) into
// the 4, met 38 ms after the stroke, and came back off the 4 into the 14
// (64 ms); the 14's slow start timed its contact 17 ms after the stroke,
// ± 28 ms, and the 14 was told first: a wrong-ball foul where the shot was
// legal, unflagged.
//
// So when the contact told first was timed that roughly (looseSD or worse)
// and the two are told less than looseSigmas standard errors of the
// difference of their times apart, within looseSpan, the order is a doubt,
// and the judge asks a person when the other order rules otherwise; not in a
// break (the cue ball meets a rack, and its first contact is named by the
// rack's face, firstIDs), nor when the cue ball's way from its rest point
// orders the two (wayOrdersPair).

const (
	// looseSigmas: two contacts told within this many standard errors of
	// the difference of their times are in either order.
	looseSigmas = 2.0
	// looseSD (frames): a contact timed to this or worse is timed roughly.
	looseSD = 0.5
	// looseSpan (frames): contacts further apart than this are not weighed.
	looseSpan = 2.0
)

// looseOrderWhy says why the order of the cue ball's contacts e1 and e2,
// told in that order, is in doubt, or "".
func (k *Tracker) looseOrderWhy(e1, e2 *pevent) string {
	s := math.Hypot(e1.sd, e2.sd)
	d := e2.t - e1.t
	if e1.sd < looseSD*k.dt || math.IsInf(s, 1) || math.IsNaN(s) || d >= looseSigmas*s || d >= looseSpan*k.dt || k.cst.rack {
		return ""
	}
	cue := k.strikeTr
	if k.wayOrdersPair(e1.a+e1.b-cue, e2.a+e2.b-cue, e1.t) {
		return ""
	}
	return fmt.Sprintf("two candidate first contacts %.1f ms apart, the first timed to ± %.1f ms", 1000*d, 1000*e1.sd)
}
