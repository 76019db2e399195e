package tracking

import (
	"math"

	"github.com/cueref/cueref/table"
)

// Pocket shelf: a ball whose centre has passed a pocket's mouth line has not
// dropped yet. Between the mouth line (the segment across the jaw points) and the
// hole there is a flat shelf of slate; the ball falls only once its centre is over
// the hole. A slow ball can stop on the shelf, in the jaws, and stay there: it is
// still on the table, and it is often hard to see there (the facings and the
// pocket's shadow hide it), so the detector may lose it right as it comes to rest.
//
// Rendered case: 9-ball seed 53 shot 30 (safety). The 4 pushes the 8 slowly into
// the foot-right corner; the 8 stops at (2511.3, 1236.7) at 232.89 s, 14 mm past
// the mouth line but on the 25 mm shelf (11 mm short of the hole), touching the
// foot cushion, and stays there ten shots. The detector loses it at 232.30 s,
// 8 mm past the mouth line, creeping at 24 mm/s (a 3 mm run left). missing()
// told it pocketed (last seen past the mouth line: overHole), unflagged: too
// slow for shortOfHole (mouthrest.go), which takes a ball under restSpeed for
// one at rest hit in. The safety became a pot: Anna kept the table, not Boris.
//
// Rule: a moving ball lost past the mouth line (overHole) or whose fitted path
// crosses it (intoPocket) is not pocketed if, at the speed it was last seen
// with, plus shelfSpeedMargin, rolling resistance (rollDecel) stops it before its
// centre is over the hole (see hole): along its way when that enters the hole,
// else on the straight way in. A ball that drops is still moving there; only
// one creeping into the jaws is affected, and it stays on the table, lost as
// any ball hidden at rest.
//
// Figures: cornerShelf 25 mm, sideShelf 12 mm on the centre line (jaws.go: the
// simulator's, at the low end of regulation pockets); off it the hole's round
// edge lies further in. In the case: 8.1 mm past at 24 mm/s, where 58 mm/s is
// needed to reach the edge. Seed 5's 15 (mouthrest.go: 3 mm past a side mouth
// at 60 mm/s, an 18 mm run) is not affected and still goes to shortOfHole's
// review.
//
// The shelf's depth on the centre line alone was the rule before: rendered
// 14.1, seed 71, shot 50 (stroke 401.14 s), the cue ball, last read 24.2 mm
// past the foot-right mouth line at 10 mm/s and 21 mm off the centre line,
// had 0.8 mm to that depth (13 mm/s needed) but 4.8 mm to the hole's edge
// (30 mm/s); it stopped 1 mm short of the hole and was told pocketed, a
// legal pot ruled cue_ball_pocketed (asked).

// stopsOnShelf reports whether moving track tr, lost by pocket pk, stops on
// its shelf (see above).
func (k *Tracker) stopsOnShelf(tr *track, pk table.Pocket) bool {
	v := tr.fit.vel(tr.last.t)
	past := tr.last.p.Sub(pk.Center).Dot(pk.In) // depth past the mouth line (mm)
	c, r := hole(pk)
	left := tr.last.p.Dist(c) - r // the straight way in to the hole's edge
	if left <= 0 {
		return false
	}
	if run, enters := mouthRun(c, r, tr.last.p, v); enters {
		left = run // its way, off the centre line longer (mouthjaw.go)
	}
	need := math.Sqrt(2 * rollDecel * left) // speed to roll to the hole's edge
	if k.trace != nil {
		k.trace("%.4f shelf ball %d %s: last %.1f mm past the mouth at %.0f mm/s, %.1f mm from the hole's edge along its way, needs %.0f", k.lastT, tr.ball, pk.ID, past, v.Len(), left, need)
	}
	return v.Len()+shelfSpeedMargin < need
}

// shelfSpeedMargin (mm/s): the error of a crawling ball's speed read from its
// last detections at the jaws, position noise of a millimetre or two over a
// tenth of a second (TestDropFromTheJaws: a ball creeping in at 30 mm/s reads
// 24 mm/s or less).
const shelfSpeedMargin = 20.0
