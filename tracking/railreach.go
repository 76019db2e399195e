package tracking

import (
	"math"

	"github.com/cueref/cueref/table"
)

// A break's path in, fitted to a few noisy detections, may be carried into
// the break's window at a speed the ball never had and cross a cushion line
// the ball never came near (rendered bench: a green ball on the green cloth,
// its centres scattered ±20 mm, creeping 45 mm off the right cushion, was
// told into it at 2 m/s; a ball read as two tracks' jumps 40–200 mm off the
// cushion). A ball that meets a cushion moving at v mm/s is, a time τ
// before or after, no further than about v·τ off its line, give or take the
// detector's error: when neither of its detections either side of the hit
// lies within that reach, the hit is the fit's, not the ball's. The speed is
// the greater of the path's and the one the two detections show: a path
// fitted before a fast ball's hit may say half its speed (no-render bench,
// seed 1, 10-ball shot 61: the cue ball into the left cushion at 3.4 m/s,
// its path at 1.5 m/s, the hit told 17 ms late).

// reachSpan (frames) is how far either side of a cushion hit unreached
// looks for the ball's detections; of them it weighs the last before the hit
// and the first after it (the nearest in time, whose reach depends least on
// the speed). reachShare scales the reach v·τ (the ball may slow or speed up
// through the window); reachSlack (mm) is the
// detector's error allowed on top: railSlack, the shortfall the cushion
// tests allow a path.
const (
	reachSpan  = 3
	reachShare = 1.5
	reachSlack = railSlack
)

// unreached reports whether track i, said to meet cushion rail at t on a
// path moving v mm/s, has detections within reachSpan frames of t and
// neither the last before t nor the first after it within reach of the
// cushion line (see above).
func (k *Tracker) unreached(i int, rail table.Rail, t, v float64) bool {
	var buf [len(track{}.hist)]sample
	w := reachSpan * k.dt
	s := k.histAround(i, t-w-k.dt/2, t+w+k.dt/2, buf[:])
	j := 0
	for j < len(s) && s[j].t < t {
		j++
	}
	near := s[max(0, j-1):min(len(s), j+1)] // the last before t, the first after
	if len(near) == 0 {
		return false // nothing seen: nothing to judge by
	}
	if len(near) == 2 && near[1].t > near[0].t {
		v = math.Max(v, near[1].p.Dist(near[0].p)/(near[1].t-near[0].t))
	}
	best := math.Inf(1)
	for _, x := range near {
		d := k.tab.RailDistance(x.p, rail) - reachShare*v*math.Abs(x.t-t)
		if d <= reachSlack {
			return false
		}
		best = math.Min(best, d)
	}
	if k.trace != nil {
		k.trace("%.4f no cushion %s for track %d at %.4f: the detections either side of it %.1f mm beyond its reach at %.0f mm/s", k.lastT, rail, i, t, best, v)
	}
	return true
}
