package tracking

import (
	"math"

	"github.com/cueref/cueref/table"
)

// The time of a nudge. judgeNudge first times a slow ball's contact with a
// ball at rest on a straight line fitted to the mover's detections from
// before the pass began (up to 100 ms before the contact at 60–100 mm/s).
// Extrapolated that far, the line of a slow mover (which slows on its way,
// and in a cluster may have been touched itself) reaches touching distance
// of the rest point q 30–70 ms off, mostly early on the bench, and the
// contact counts as a false one and a miss. The mover's own detections say
// better when it came within 2R of q: the first one that near, after one
// further away, brackets the contact, and approach (contacttime.go), fitted to
// the detections before that, with the cloth's decelerations among its models,
// times it within the bracket.

// nudgeShift (mm) is the most the line's extrapolation to touching distance
// is taken to be off (the bench's worst fixed cases were 6–7 mm); nudgeClose
// (mm/s) the least closing speed it is divided by. A crossing of the
// detections further from the line's time than that is a later one: the
// mover going on past the rest point after a glancing contact, which its
// detections never brought within 2R.
const (
	nudgeShift = 8.0
	nudgeClose = 60.0
)

// nudgeNear reports whether the detections' time t of a nudge lies near
// enough the line's time tc, at closing speed vc (mm/s) along the line of
// centres, to replace it.
func (k *Tracker) nudgeNear(t, tc, vc float64) bool {
	return math.Abs(t-tc) <= math.Max(2*k.dt, nudgeShift/math.Max(vc, nudgeClose))
}

// nudgeCross (frames): approach's time must lie this near the bracketing
// detections' crossing to be taken; else the crossing, interpolated, is (on
// the bench that did better than keeping the line's time).
const nudgeCross = 2.0

// nudgeTime returns when mover mv came within 2R of q, a ball's rest point,
// from its detections between lo and hi (since its last bend); ok is false
// when they do not come that near from further away.
func (k *Tracker) nudgeTime(mv int, q table.Point, lo, hi float64) (float64, bool) {
	lo = math.Max(lo, k.lastBend(mv, hi))
	ss := k.samplesOf(mv, lo, hi)
	touch := 2 * k.R
	for j := 1; j < len(ss); j++ {
		a, b := ss[j-1], ss[j]
		da, db := a.p.Dist(q), b.p.Dist(q)
		if db > touch || da <= touch {
			continue
		}
		// One detection that near by its noise alone is not the crossing:
		// the next must stay near.
		if j+1 < len(ss) && ss[j+1].p.Dist(q) > touch+2*k.cfg.SigmaMoving {
			continue
		}
		tx := a.t + (b.t-a.t)*(da-touch)/(da-db)
		if tc, _, ok := approach(ss[:j], q, touch, tx, 0, k.dt, k.skip(), k.noise); ok && math.Abs(tc-tx) <= nudgeCross*k.dt {
			return tc, true
		}
		return tx, true
	}
	return 0, false
}
