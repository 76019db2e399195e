package tracking

import (
	"math"

	"github.com/cueref/cueref/shot"
	"github.com/cueref/cueref/table"
)

// A cushion hit while the ball is not seen. The detector often loses a ball
// for a frame or several as it comes into a cushion (the cushion's shadow and
// the rail's edge blend with it), and provCushion, asked only on a detection,
// told the hit on the first detection after the bounce, three to six frames
// late. A ball cannot pass through a cushion: when a moving ball, lost with
// nothing hiding it, has a path (fitted to its detections) carried on to the
// frame's time provCushDeep beyond a cushion's line, having met it after its
// last detection, heading into it fast and surely (as cushionHit asks of a
// fast hit), it hit that cushion. Such a hit is told, not kept: the confirmed
// tests find it from the detections after the bounce.

// provUnseenCushion tells the cushion hit of moving track i, not seen at
// frame time t (see above).
func (k *Tracker) provUnseenCushion(i int, t float64) {
	tr := &k.tracks[i]
	n := len(tr.seg)
	if k.phase != inShot || !tr.confirmed || !tr.moving || tr.ball < 0 || tr.npend > 0 || n < provPassN || t-tr.last.t > provUnseenFrames*k.dt+1e-9 {
		return
	}
	f := tr.fit
	if tr.fitN != n {
		f = k.fitTail(tr.seg)
	}
	rail, gap := k.tab.NearestRail(f.at(t))
	if gap > -k.provDepth(provCushDeep) {
		return
	}
	u := railOut(rail)
	in := tr.seg[max(0, n-k.atRate(inWindow)):]
	if lin := fitLine(in).b.Dot(u); lin < math.Max(provCushMinV, provCushSig*k.cfg.SigmaMoving/math.Sqrt(spanVar(in))) {
		return
	}
	g := func(p table.Point) float64 { return k.tab.RailDistance(p, rail) }
	lo := tr.seg[n-1].t - k.dt
	tc, ok := crossing(&f, g, lo, t)
	if !ok || tc <= lo || f.vel(tc).Dot(u) < provCushMinV {
		return // beyond since before, or along or away from the cushion
	}
	if k.inMouth(k.tab.Clamp(f.at(tc)).Add(u.Scale(k.R))) {
		return // a jaw or the pocket there, not the cushion
	}
	if k.trace != nil {
		k.trace("%.4f unseen into cushion track %d %s: %.1f mm beyond, met at %.4f", k.lastT, i, rail, -gap, tc)
	}
	k.provPathRail(i, tc, shot.Event{T: math.Max(0, tc-k.strikeT), Ball: tr.ball, Rail: string(rail)}) // provretime.go
}

// provUnseenFrames: the hit is looked for while the ball has been unseen for
// at most this many frames (later, its path carried on is too rough).
const provUnseenFrames = 3
