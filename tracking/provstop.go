package tracking

import (
	"math"

	"github.com/cueref/cueref/table"
)

// Slow cushion hits told as the ball reaches the line, not as it dies short.
//
// cushionHit asks the speed into the cushion, averaged over the detections
// fitted, to be provCushSig of its standard errors (at the nominal moving
// noise): a ball running along the cushion, or dying short of it, must not
// tell a hit. A ball that comes into the cushion at 30–50 mm/s (most often
// running along it at a glancing angle, or rolling slowly straight into
// it) stays under that for the frames it takes to touch, and the hit was
// first told by onCushion, three or four frames late. Such a ball is told at
// provStopSig when the path and its detections show it reaching the line,
// where a ball that dies short of it shows otherwise:
//   - the path is not carried into the cushion faster than the ball came on
//     average (a free ball only slows: a path that speeds up into the
//     cushion is the noise of its last detections carried on);
//   - a ball rolling on from the last detection fitted, slowing by rolling
//     friction, reaches the line before it stops;
//   - the detections since (the newest included) are at the line, within
//     the noise of a ball at rest, not short of it.
// Such a hit is told, not kept (provSlowRail).

// provStopInto reports whether linV, the speed into a cushion averaged over
// the detections in, is significant enough for the stop-aware test.
func (k *Tracker) provStopInto(in []sample, linV float64) bool {
	return linV >= provStopSig*k.cfg.SigmaMoving/math.Sqrt(spanVar(in))
}

// provStopRail reports whether path f, fitted to detections ending with in
// and carried on to meet rail's cushion line at tc, with the detections
// after (and s, the newest), shows a ball that reached the line, coming at
// linV into it on average over in (see above).
func (k *Tracker) provStopRail(f *path, in, after []sample, s sample, rail table.Rail, tc, linV float64) bool {
	n := railOut(rail)
	se := k.cfg.SigmaMoving / math.Sqrt(spanVar(in))
	if f.vel(tc).Dot(n) > linV+se {
		return false // speeding up into the cushion: the noise carried on
	}
	g := func(p table.Point) float64 { return k.tab.RailDistance(p, rail) }
	tl := in[len(in)-1].t
	u := f.vel(tl)
	if un := u.Dot(n); un > linV {
		u = u.Scale(linV / un) // no faster than it came on average
	}
	if reach := u.Dot(n) * u.Len() / (2 * rollDecel); reach < g(f.at(tl)) {
		return false // rolling on, it stops short of the line
	}
	sum, cnt := g(s.p), 1.0
	for _, x := range after {
		sum += g(x.p)
		cnt++
	}
	return sum/cnt <= provStopSeen*k.cfg.Sigma
}

// Settings of the stop-aware slow cushion hit.
const (
	// provStopSig: the speed into the cushion, on average over the
	// detections fitted, must be this many of its standard errors.
	provStopSig = 2.0
	// provStopSeen (rest noises): the detections since the last fitted are
	// at most this far off the line on average.
	provStopSeen = 1.0
)
