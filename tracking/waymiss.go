package tracking

import (
	"fmt"
	"math"

	"github.com/cueref/cueref/table"
)

// A first contact the cue ball's way may have missed. The cue ball's
// straight way from its rest point, fitted to its detections before the
// first contact told, is good to its angle's uncertainty: where some
// direction within it passes the ball told first clear (or within
// wayMissMargin of clear: the rest points are good to a millimetre or two)
// and reaches the ball of the cue ball's next contact, told less than two
// frames later, the camera cannot say which it met first, whatever the
// fitted times say.
//
// Rendered seed 50, 8-ball shot 11 (a safety): the cue ball ran 1.3 mm clear
// of the 9, 8 mm off the foot cushion, met the 4 frozen to it, and came back
// into the 9 26 ms later. The 9's reads there jumped 12-19 mm as the cue ball
// came (a yellow stripe read by its band), its start was paired with the cue
// ball passing, and the 9 was told first: wrong_ball_first, unasked.

// wayMissMargin (mm): a way that passes a ball at rest with its centre this
// little short of two radii from the ball's may have missed it.
const wayMissMargin = 2.0

// wayMissDoubt returns the review reason when the cue ball's way may have
// passed track o1 (its first contact, told at t1) clear and reaches track o2
// (its next, told at t2 < t1 + 2 frames), else "".
func (k *Tracker) wayMissDoubt(o1, o2 int, t1, t2 float64) string {
	if o1 == o2 || t2-t1 >= 2*k.dt {
		return ""
	}
	way, ok := k.straightTo(o1, o2, t1)
	if !ok {
		return ""
	}
	from := k.before[k.strikeTr]
	for _, f := range [...]float64{-1, -0.5, 0, 0.5, 1} {
		a := f * way.delta
		u := table.Point{X: way.u.X*math.Cos(a) - way.u.Y*math.Sin(a), Y: way.u.X*math.Sin(a) + way.u.Y*math.Cos(a)}
		v := k.before[o1].Sub(from)
		h := math.Abs(v.X*u.Y - v.Y*u.X)
		if v.Dot(u) > 0 && h < 2*k.R-wayMissMargin || math.IsInf(k.reachOnWay(u, o2), 1) {
			continue
		}
		if k.trace != nil {
			k.trace("%.4f way miss: at %+.4f rad the cue ball's way passes track %d %.1f mm from its centre and reaches track %d (told %.1f ms later)", k.lastT, a, o1, h, o2, (t2-t1)*1000)
		}
		return fmt.Sprintf("the cue ball's way may have passed ball %d clear: ball %d, met %.0f ms later, may be its first", k.tracks[o1].ball, k.tracks[o2].ball, (t2-t1)*1000)
	}
	return ""
}
