package tracking

import (
	"math"

	"github.com/cueref/cueref/shot"
)

// provMeet tells a provisional contact of moving tracks i and j when their
// paths, each fitted to its detections before and carried on to the time of
// i's newest detection s, overlap by provMeetDeep, having met since about i's last
// detection, closing along the line of centres at provMeetMinV at least, and
// the detections do not overlap: two balls cannot pass through each other, so
// they touched. Two moving balls that meet at a small angle or a slow closing
// speed bend each other's paths too little to break them at once (the close
// passes, closepass.go, confirm them once the detections after are in); their
// paths say so a frame after they met. It is timed where the paths first came
// 2R apart.
func (k *Tracker) provMeet(i int, s sample) {
	tr := &k.tracks[i]
	if k.phase != inShot || !tr.confirmed || tr.ball < 0 || len(tr.seg) < provPassN {
		return
	}
	pa := tr.fit.at(s.t)
	n := len(tr.seg)
	for j := range k.tracks {
		o := &k.tracks[j]
		if j == i || !o.used || !o.confirmed || o.gone || !o.moving || o.ball < 0 || len(o.seg) < provPassN {
			continue
		}
		if o.last.t < s.t-2*k.dt || pa.Dist(o.fit.at(s.t)) > 2*k.R+provReach {
			continue // its path is stale, or far
		}
		// The detections after the meeting may have joined the paths,
		// bending them apart: the paths are also fitted leaving out the
		// newest one (of both balls; two paths carried on further than that
		// stray too far).
		for m := 0; m <= 1 && n-m >= provPassN; m++ {
			fa, fb := tr.fit, o.fit
			tl := tr.seg[n-m-1].t
			if m > 0 {
				bb := before(o.seg, tl+k.dt/2)
				if len(bb) < provPassN {
					break
				}
				fa, fb = k.fitTail(tr.seg[:n-m]), k.fitTail(bb)
			}
			if k.meetHit(i, j, &fa, &fb, tl, s) {
				return
			}
		}
	}
}

// meetHit tells the contact of moving tracks i and j when their paths fa and
// fb, fitted to detections up to tl, overlap by provMeetDeep at s's time,
// having met after about tl, closing (see provMeet).
func (k *Tracker) meetHit(i, j int, fa, fb *path, tl float64, s sample) bool {
	tr, o := &k.tracks[i], &k.tracks[j]
	if fa.at(s.t).Dist(fb.at(s.t)) > 2*k.R-k.provDepth(provMeetDeep) {
		return false // provdepth.go
	}
	lo := tl - k.dt
	tc, _, hit := firstWithin(fa, fb, 2*k.R, lo, s.t)
	if !hit || tc <= lo+gridStep {
		return false // overlapping since before: moving together, not a meeting now
	}
	n := fb.at(tc).Sub(fa.at(tc))
	if l := n.Len(); l > 0 {
		n = n.Scale(1 / l)
	} else {
		return false
	}
	if fa.vel(tc).Sub(fb.vel(tc)).Dot(n) < provMeetMinV {
		return false // not closing fast enough for the overlap to mean a touch
	}
	if s.p.Dist(o.last.p) < 2*k.R-3*k.cfg.SigmaMoving {
		return false // seen overlapping: the detections are not of two balls
	}
	if k.trace != nil {
		k.trace("%.4f paths meet tracks %d %d at %.4f, %.1f mm deep at %.4f (fitted up to %.4f)", k.lastT, i, j, tc, 2*k.R-fa.at(s.t).Dist(fb.at(s.t)), s.t, tl)
	}
	k.provMet(i, j, tc, shot.Event{T: math.Max(0, tc-k.strikeT), A: tr.ball, B: o.ball})
	return true
}

// provMeetMinV (mm/s) is the least closing speed of two moving balls along
// their line of centres for provMeet; provMeetDeep (mm) how far their paths
// must overlap (two paths carried on, each with its error).
const (
	provMeetMinV = 100.0
	provMeetDeep = 3.5
)

// before returns the samples of seg before t.
func before(seg []sample, t float64) []sample {
	j := len(seg)
	for j > 0 && seg[j-1].t >= t {
		j--
	}
	return seg[:j]
}
