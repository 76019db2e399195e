package tracking

import (
	"math"

	"github.com/cueref/cueref/table"
)

// The jump gate of a moving ball. The second pass of associate lets a track
// take a detection up to 12 m/s away from where it was last seen (capped at
// 600 mm): a ball struck hard at the break, or one whose path a collision
// broke, is found again however its fit went wrong. But a ball lost moving
// cannot have gone faster than the fastest ball on the table: a collision
// gives no ball more speed than the ball that hit it, and a cushion takes
// speed away. Without a bound, a track whose ball flew off the table goes on
// to take stray reads half a metre away, and the ball is neither off the
// table nor where it rests.
//
// Rendered 9-ball, seed 58, shot 13 (the second rack's break, stroke at
// 126.4174 s): the 4, struck off the rack, hit the 3 and flew over the foot
// cushion at 126.815 s, last read at (2473, 723) at 126.7667 s going at
// 2.6 m/s. Its track took a false detection at (2029, 873) 50 ms later (9 m/s
// away, with no ball moving faster than 3 m/s), then a misread of the 6 and,
// 0.25 s after, a read 2 m away by the head cushion, where it was lost "on
// the table": the off_table went untold and the break was ruled legal,
// unasked.

// speedGateSlack scales the fastest fitted speed on the table for the gate:
// fits lag a collision's change of speed, and the ball's last read may have
// been a frame late.
const speedGateSlack = 1.5

// speedGateMin (mm) is the bound's least reach: a ball read flitting about its
// rest (a ball in a mouth, half seen) hops up to a ball's width.
const speedGateMin = 60.0

// fastestMoving returns the fastest fitted speed (mm/s) of the moving tracks
// with a path of at least four detections, and whether any track is moving
// without one (a ball just set off, whose speed is not known yet).
func (k *Tracker) fastestMoving() (float64, bool) {
	v, unknown := 0.0, false
	for _, i := range k.rowTr {
		tr := &k.tracks[i]
		if !tr.confirmed {
			continue
		}
		if tr.npend > 0 || (tr.moving && len(tr.seg) < 4) {
			unknown = true
			continue
		}
		if tr.moving {
			v = math.Max(v, tr.fit.vel(tr.last.t).Len())
		}
	}
	return v, unknown
}

// tooFar reports whether p lies farther from moving track tr's last read than
// the fastest ball on the table could have taken it by t (see the top of the
// file). The bound holds only for a track with a fitted path while every
// moving ball's speed is known; it is measured from the last read, not the
// prediction, which runs on through a cushion the ball bounced off.
func (k *Tracker) tooFar(tr *track, p table.Point, t, vmax float64, unknown bool) bool {
	if unknown || !tr.moving || len(tr.seg) < 4 || k.phase != inShot {
		return false
	}
	v := math.Max(vmax, tr.fit.vel(tr.last.t).Len())
	return p.Dist(tr.last.p) > speedGateMin+speedGateSlack*v*(t-tr.last.t)
}
