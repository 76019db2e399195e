package tracking

import (
	"fmt"
	"math"

	"github.com/cueref/cueref/table"
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
	if k.cst.rack {
		return ""
	}
	cue := k.strikeTr
	o1, o2 := e1.a+e1.b-cue, e2.a+e2.b-cue
	pushed := k.bothPushed(o1, o2)
	s := math.Hypot(e1.sd, e2.sd)
	d := e2.t - e1.t
	loose := e1.sd >= looseSD*k.dt && !math.IsInf(s, 1) && !math.IsNaN(s) && d < looseSigmas*s && d < looseSpan*k.dt
	if !pushed && !loose || k.wayOrdersPair(o1, o2, e1.t) {
		return ""
	}
	if pushed {
		return fmt.Sprintf("balls %d and %d both all but frozen to the cue ball: either may have been met first", k.tracks[o1].ball, k.tracks[o2].ball)
	}
	return fmt.Sprintf("two candidate first contacts %.1f ms apart, the first timed to ± %.1f ms", 1000*d, 1000*e1.sd)
}

// bothPushed reports whether tracks o1 and o2 both rested all but frozen to
// the cue ball at the stroke (as frozenStart takes a ball pushed by it), each
// its own start timed by its own way out, good to tens of milliseconds and
// worse once it meets a cushion or a ball a few frames on: which of the two
// the cue ball met first, within milliseconds of each other, no time tells.
// No-render seed 6, 10-ball shot 237 (a safety, stroke at 1653.017 s): the
// cue ball rested 3.7 mm from the 4 and 3.0 mm from the 5 and met them 4.4
// and 7.3 ms after the stroke; the 4, off the foot cushion 40 ms on, had its
// start fitted 71 ms after the stroke, the 5's 9 ms after, and the 5 was
// told first: a wrong-ball foul where the safety was legal, unflagged.
func (k *Tracker) bothPushed(o1, o2 int) bool {
	from, ok := k.before[k.strikeTr]
	if !ok {
		return false
	}
	for _, o := range [...]int{o1, o2} {
		q, ok := k.before[o]
		if !ok || q.Dist(from) > 2*k.R+table.FrozenTolerance+2*k.cfg.Sigma {
			return false
		}
	}
	return true
}
