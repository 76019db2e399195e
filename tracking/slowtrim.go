package tracking

import (
	"math"

	"github.com/cueref/cueref/shot"
	"github.com/cueref/cueref/table"
)

// slowTrim drops from x the misread detections that keep slowVee's V (h,
// fitted to all of x, its residual too large) from fitting, and returns x
// without them, with the index of x[a] (the detection nearest the cushion) in
// it. Near a cushion the detector now and then puts a ball a centimetre or
// two off towards the bed for a few frames running, the cushion's top hiding
// part of it from the camera: a bounce seen cleanly at the cushion, with such
// runs either side of it, fails the V's residual test (rendered bench, 8-ball
// seed 8 shot 18: ball 7 into the head cushion at 185 mm/s, read 12–22 mm off
// it in three frames before the hit and six after; no hit was told and the
// legal safety became a no_rail foul, rule 1.17). With the V's vertex held,
// the detection whose leaving out lowers its residual sum of squares most is
// dropped, while that drop exceeds (slowTrimTol moving noises)², until the V
// fits within slowVee's bound. x[a] must stay, at most slowTrimShare of x
// may go, and slowSide must be left either side of it; trimmed is false
// otherwise, or when none goes. slowVee then fits the V afresh, and must
// still find it beats the paths without a hit. A V fitted without some of
// the detections only adds a hit the other tests missed: it is not tried
// where track i has a hit on rail within slowWin (it would retime that hit,
// or tell it twice, from a fit less sure than theirs).
func (k *Tracker) slowTrim(i int, x []sample, a int, rail table.Rail, g func(table.Point) float64, h slowHit) (y []sample, ay int, trimmed bool) {
	for j := range k.events {
		e := &k.events[j]
		if !e.cancel && e.kind == shot.RailHit && e.a == i && e.rail == rail && math.Abs(e.t-x[a].t) < slowWin {
			return nil, 0, false
		}
	}
	y = append([]sample(nil), x...)
	ay = a
	buf := make([]sample, 0, len(x))
	limit := 2 * k.cfg.SigmaMoving
	tol := slowTrimTol * k.cfg.SigmaMoving
	for n := 0; ; n++ {
		rss, _ := pinnedVee(y, g, h.t, h.cb, h.ca)
		if math.Sqrt(rss/float64(len(y)-4)) <= limit {
			break
		}
		if float64(n+1) > slowTrimShare*float64(len(x)) {
			return nil, 0, false
		}
		worst, drop := -1, tol*tol
		for q := range y {
			if q == ay {
				continue
			}
			buf = append(append(buf[:0], y[:q]...), y[q+1:]...)
			if r, _ := pinnedVee(buf, g, h.t, h.cb, h.ca); rss-r > drop {
				worst, drop = q, rss-r
			}
		}
		if worst < 0 {
			return nil, 0, false // no single detection is that far off
		}
		y = append(y[:worst], y[worst+1:]...)
		if worst < ay {
			ay--
		}
	}
	if len(y) == len(x) || ay < slowSide || len(y)-1-ay < slowSide {
		return nil, 0, false
	}
	return y, ay, true
}

// slowTrimTol (moving noises) is how far off the V a detection slowTrim drops
// must lie, and slowTrimShare the most of the detections it may drop.
const (
	slowTrimTol   = 4.0
	slowTrimShare = 1.0 / 4
)
