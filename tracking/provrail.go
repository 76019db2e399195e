package tracking

import (
	"math"

	"github.com/cueref/cueref/shot"
	"github.com/cueref/cueref/table"
)

// Provisional cushion hits from the path: a ball cannot pass through a cushion.
//
// When moving track i's path, fitted to its detections up to some time and
// carried on to the time of its newest detection s, has gone provCushDeep
// beyond a cushion's line (where a ball's centre is one radius from the nose),
// or into a pocket jaw's facing, heading into it, having met it after about the
// last detection fitted, and no detection since is beyond it, the ball hit that
// cushion. The path says so on the first frame after the bounce for a ball at
// speed, a frame later for a slow one, before the detections after the bounce
// are far enough off the path to break it (a slow ball's first detections after
// the bounce are still within the noise of the path, and join it: so the path
// is also fitted leaving out the last one or two). It is timed where the path
// met the line, as the confirmed hit is.

// provCushion tells a provisional rail (or jaw) hit of moving track i on its
// detection s, when its path says so (see above).
func (k *Tracker) provCushion(i int, s sample) {
	tr := &k.tracks[i]
	if k.phase != inShot || !tr.confirmed || tr.ball < 0 || len(tr.seg) < provPassN {
		return
	}
	// Only near a cushion: the path now or the detection within a frame's
	// travel and the noise of the line.
	reach := tr.fit.vel(s.t).Len()*k.dt + 3*k.cfg.SigmaMoving + k.R
	pred := tr.fit.at(s.t)
	if _, g := k.tab.NearestRail(pred); g > reach {
		if _, g := k.tab.NearestRail(s.p); g > reach {
			return
		}
	}
	n := len(tr.seg)
	for m, back := 0, k.atRate(provCushBack); m <= back && n-m >= provPassN; m++ {
		f := tr.fit
		if m > 0 || tr.fitN != n {
			f = k.fitTail(tr.seg[:n-m])
		}
		// The detections after the last one fitted, s included.
		after := tr.seg[n-m:]
		in := tr.seg[max(0, n-m-k.atRate(inWindow)) : n-m]
		if k.cushionHit(i, &f, in, after, s) || k.jawHit(i, &f, in, s) {
			return
		}
	}
}

// cushionHit tells the rail hit of track i when path f, fitted to detections
// ending with in, is provCushDeep beyond a cushion's line at s's time, having
// met it after about the last of them, heading into it at provCushMinV, on
// average over in too (not a ball running along the cushion, whose path's
// curve bends into it by the noise), and neither s nor the detections after in
// are beyond it.
func (k *Tracker) cushionHit(i int, f *path, in, after []sample, s sample) bool {
	rail, gap := k.tab.NearestRail(f.at(s.t))
	if gap > -k.provDepth(provCushSlowDeep) { // provdepth.go
		return false
	}
	n := railOut(rail)
	// Into it on average over the detections fitted, beyond their noise.
	linV, linSig := fitLine(in).b.Dot(n), provCushSig*k.cfg.SigmaMoving/math.Sqrt(spanVar(in))
	// Less significant, a slow ball is told only when seen to reach the
	// line, not to die short of it (provstop.go).
	weak := linV < linSig
	if linV < provCushSlowV || weak && !k.provStopInto(in, linV) {
		return false
	}
	tl := in[len(in)-1].t
	g := func(p table.Point) float64 { return k.tab.RailDistance(p, rail) }
	lo := tl - k.dt
	tc, ok := crossing(f, g, lo, s.t)
	if !ok || tc <= lo || f.vel(tc).Dot(n) < provCushSlowV {
		return false // beyond since before, or along or away from the cushion
	}
	// A slow ball (provSlowRail) is told, not kept.
	fast := !weak && gap <= -k.provDepth(provCushDeep) && linV >= provCushMinV && f.vel(tc).Dot(n) >= provCushMinV
	if !fast && !k.provSlowRail(f, rail, tc, s) {
		return false
	}
	if weak && !k.provStopRail(f, in, after, s, rail, tc, linV) {
		return false
	}
	if k.inMouth(k.tab.Clamp(f.at(tc)).Add(n.Scale(k.R))) {
		return false // a jaw there, not the cushion (see jawHit)
	}
	beyond := -provCushBeyond * k.cfg.SigmaMoving
	if g(s.p) < beyond {
		return false // seen beyond the line: it is not where the path thinks
	}
	for _, x := range after {
		if g(x.p) < beyond {
			return false
		}
	}
	if k.trace != nil {
		k.trace("%.4f path into cushion track %d %s: %.1f mm beyond at %.4f, %.0f mm/s into it at %.4f, fitted to %d up to %.4f (%d after), seen %.1f mm off it (fast %v)",
			k.lastT, i, rail, -gap, s.t, f.vel(tc).Dot(n), tc, f.n, tl, len(after), g(s.p), fast)
	}
	if fast {
		k.noteProvRail(i, rail, tc, k.tab.Clamp(f.at(tc)).Add(n.Scale(k.R)), f.n, len(after), tl)
	}
	k.provPathRail(i, tc, shot.Event{T: math.Max(0, tc-k.strikeT), Ball: k.tracks[i].ball, Rail: string(rail)}) // provretime.go
	return true
}

// jawHit tells the jaw hit of track i when path f, fitted to detections
// ending with in, overlaps a jaw's facing by provCushDeep at s's time, having
// met it after about the last of them, heading into it as cushionHit asks
// (timed as jawEvent times it).
func (k *Tracker) jawHit(i int, f *path, in []sample, s sample) bool {
	tl := in[len(in)-1].t
	c := f.at(s.t)
	if pk, d := k.tab.NearestPocket(c); d > pk.Width/2+cornerDepth+2*k.R {
		return false
	}
	into, shallow := false, false
	for j := range k.jaws {
		fc := &k.jaws[j]
		// Not past the facing's inner end (over the hole, where it drops);
		// deeper into its jaw point, which a ball running along the cushion
		// past the mouth passes by a few millimetres, unless it heads
		// into the point (see knuckleInto).
		deep := k.provDepth(provCushDeep)
		d, q := segDist(c, fc.a, fc.b)
		knuckle := q.Dist(fc.a) < 1
		if knuckle {
			deep = provKnuckleDeep
		}
		if d < k.R-deep && q.Dist(fc.b) > 1 {
			into, shallow = true, false
			break
		}
		if knuckle && d < k.R-provKnuckleShallow && q.Dist(fc.b) > 1 {
			into, shallow = true, true
		}
	}
	if !into {
		return false
	}
	lo := tl - k.dt
	t, at, rail, ok := k.jawTouch(f, lo, s.t)
	if !ok || t <= lo+gridStep {
		return false // touching since before: not a hit now
	}
	// Into the facing on average over the detections fitted, beyond their
	// noise (not a ball running along the cushion past the mouth).
	n := at.Sub(f.at(t))
	if l := n.Len(); l > 0 {
		n = n.Scale(1 / l)
	}
	if shallow && !knuckleInto(fitLine(in).b, n) {
		return false // glancing past the jaw point, or creeping
	}
	if lin := fitLine(in); lin.b.Dot(n) < math.Max(provCushMinV, provCushSig*k.cfg.SigmaMoving/math.Sqrt(spanVar(in))) {
		return false
	}
	k.noteProvJaw(i, rail, t, at, f, tl) // jawkeep.go
	if k.trace != nil {
		k.trace("%.4f path into jaw track %d %s at %.4f", k.lastT, i, rail, t)
	}
	k.provPathRail(i, t, shot.Event{T: math.Max(0, t-k.strikeT), Ball: k.tracks[i].ball, Rail: string(rail)}) // provretime.go
	return true
}

// knuckleInto reports whether a ball moving at v heads into a jaw point
// along n (from its centre to where it touches the point) fast enough and
// squarely enough for its path provKnuckleShallow inside the point to mean
// a hit: a ball running past the point along the cushion, its path a few
// millimetres inside by the noise, meets it at a glancing angle (about
// acos(0.4) from n for a path 2 mm inside).
func knuckleInto(v, n table.Point) bool {
	into := v.Dot(n)
	return into >= provKnuckleV && into >= provKnuckleCos*v.Len()
}

// Settings of provCushion.
const (
	// provKnuckleShallow (mm), provKnuckleV (mm/s) and provKnuckleCos: a
	// path this far inside a jaw point tells a hit when the ball heads into
	// the point at provKnuckleV, within acos(provKnuckleCos) of square.
	provKnuckleShallow = 1.0
	provKnuckleV       = 60.0
	provKnuckleCos     = 0.6
	// provCushDeep (mm): how far beyond a cushion's line the path must be
	// carried (the extrapolated path's error over a frame or two).
	provCushDeep = 1.0
	// provCushMinV (mm/s): the least speed into the cushion (slower, the path
	// may die short of it, or roll along it).
	provCushMinV = 60.0
	// provKnuckleDeep (mm): how far into a jaw point.
	provKnuckleDeep = 5.0
	// provCushSig: the speed into the cushion, on average over the
	// detections fitted, must be this many of its standard errors.
	provCushSig = 3.0
	// provCushBeyond (moving noises): a detection this far beyond the
	// cushion's line says the line is not where it was taken to be.
	provCushBeyond = 3.0
	// provCushBack: the path is also fitted leaving out this many of the
	// newest detections (those after a slow bounce join the path); at 60
	// fps, as many as span the same time above it (see atRate), as is the
	// inWindow of detections whose speed into the cushion is averaged.
	provCushBack = 2
)
