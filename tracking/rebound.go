package tracking

import (
	"math"

	"github.com/cueref/cueref/table"
)

// reboundMin (mm/s) is the least speed back off a cushion that outrun allows
// for: a slow ball's speed into a cushion, fitted to a few detections, is
// that uncertain.
const reboundMin = 60.0

// outrun says whether the detections after change c lie farther from cushion
// rail than a ball that touched it at t, moving vn (mm/s) into it, could have
// got since. A cushion sends a ball back no faster than it came in, so a ball
// read two centimetres off the cushion a frame or two after it "touched" it at
// walking pace never did: the detections that took it there were misplaced
// towards the cushion, and its own line resumes after them. Only a hit
// inside the path's own detections is judged (they put the ball at the
// cushion, not the path's run on past them), and two detections after it
// must say so, so that one misread after a true hit does not undo it.
func (k *Tracker) outrun(c *change, rail table.Rail, t, vn float64) bool {
	if t > c.lastIn {
		// Met in the gap after the path's last detection: when, the
		// path in cannot say closely enough to judge the way out by.
		return false
	}
	if pk, d := k.tab.NearestPocket(c.in.at(t)); d < pk.Width/2+2*k.R {
		return false // a jaw sends a ball off at any angle: see jawEvent
	}
	g := func(p table.Point) float64 { return k.tab.RailDistance(p, rail) }
	back := math.Max(reboundMin, 1.2*vn)
	g0 := math.Max(0, g(c.in.at(t)))
	slack := 3*k.cfg.SigmaMoving + 2
	n := 0
	for _, s := range k.tracks[c.tr].seg {
		if s.t < c.first.t {
			continue
		}
		if g(s.p) <= g0+back*math.Abs(s.t-t)+slack {
			return false
		}
		if n++; n == 2 {
			break
		}
	}
	if n == 2 && k.trace != nil {
		k.trace("%.4f no cushion %s for track %d at %.4f: read %.1f mm off it %.0f ms later, %.0f mm/s into it", k.lastT, rail, c.tr, t, g(c.first.p), 1e3*(c.first.t-t), vn)
	}
	return n == 2
}
