package tracking

import (
	"math"

	"github.com/cueref/cueref/table"
)

// reboundMin (mm/s) is the least speed back off a cushion that outrun allows
// for: a slow ball's speed into a cushion, fitted to a few detections, is
// that uncertain.
const reboundMin = 60.0

// gapJudged (mm/s) is the speed into a cushion under which outrun judges a hit
// met in the gap after the path's last detection.
const gapJudged = 1000.0

// outrun says whether the detections after change c lie farther from cushion
// rail than a ball that touched it at t, moving vn (mm/s) into it, could have
// got since. A cushion sends a ball back no faster than it came in, so a ball
// read two centimetres off the cushion a frame or two after it "touched" it at
// walking pace never did: the detections that took it there were misplaced
// towards the cushion, and its own line resumes after them. A hit inside the
// path's own detections is judged from where the path puts the ball then (the
// detections put it at the cushion, not the path's run on past them); one met
// in the gap after the path's last detection, no sooner than the ball could
// have closed from there the distance left (the path's run into the gap is
// the tolerance's, see railHit). Two detections after it must say so, so that
// one misread after a true hit does not undo it.
func (k *Tracker) outrun(c *change, rail table.Rail, t, vn float64) bool {
	if pk, d := k.tab.NearestPocket(c.in.at(t)); d < pk.Width/2+2*k.R {
		return false // a jaw sends a ball off at any angle: see jawEvent
	}
	g := func(p table.Point) float64 { return k.tab.RailDistance(p, rail) }
	back := math.Max(reboundMin, 1.2*vn)
	g0 := math.Max(0, g(c.in.at(t)))
	slack := 3*k.cfg.SigmaMoving + 2
	if t > c.lastIn {
		if vn >= gapJudged {
			// Faster, its path in, of a few detections, may say too
			// little of its speed: it may have met the cushion before
			// the last of them and been read coming back (the camera
			// model, seed 7, 14.1 shot 318: the 15, struck at 5 m/s from
			// 70 mm off the right cushion, met it 15 ms later, and its
			// path in of three detections made 2.2 m/s of it).
			return false
		}
		// Rendered 8-ball, seed 67, shot 43: the green 6, struck along the
		// head cushion 33 mm off it, was read 11 mm nearer it for two
		// frames, its shaded half taken for it; the path in, run on 15 ms
		// into the gap with the tolerance, met the cushion, and the next
		// reads, 29 mm off it 2 and 18 ms after, told a hit it never made.
		//
		// How fast it may have come back is also the way out's own first
		// two detections' speed off the cushion: a path in of a few
		// detections, bent by a cushion just before, can say too little of
		// the ball's speed (the camera model, seed 1, 10-ball shot 61: the
		// cue ball into the left cushion at 3.4 m/s, 747 mm/s by its path
		// in).
		var out [2]sample
		m := 0
		for _, s := range k.tracks[c.tr].seg {
			if s.t < c.first.t {
				continue
			}
			out[m] = s
			if m++; m == 2 {
				break
			}
		}
		if m == 2 && out[1].t > out[0].t {
			dt := out[1].t - out[0].t
			away := (g(out[1].p) - g(out[0].p) + 3*k.cfg.SigmaMoving) / dt
			back = math.Max(back, 1.2*away)
		}
		t = c.lastIn + math.Max(0, g(c.in.at(c.lastIn))-slack)/back
		g0 = 0
	}
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
