package tracking

import (
	"math"
)

// The time of the contact of a stroke through a ball frozen, or all but
// frozen, to the cue ball (frozenStart). Neither ball has a way in: the cue
// ball's start is hidden by the cue and the bridge hand and is told a frame
// or so off (3–10 ms on the rendered bench), and the contact is timed at the
// stroke told. When the struck ball's way out is too short for restStart (it
// meets a cushion or a ball within a couple of frames) and the stroke fit
// finds no time either, nothing timed it again, and the contact kept the
// stroke's error (7–11 ms on rendered seeds 1, 4, 5, 6). The struck ball's own
// start, extrapolated back from its first detections to its rest point
// (startMoving's backTime), is a time of the contact in itself: it is taken
// then. (Taken as an estimate before the stroke fit, it moved the stroke fit's
// first guess, and the no-render contact-time p95 got worse.)

// startEst keeps on the rest side x of a contact (a frozen start's, or any
// other of a ball struck from rest: see combineContact) the struck ball's
// start oc.t, with a standard error of a detection's noise over its
// speed out. Not when the start was clamped to its first detection (the
// extrapolation had it leave later: no time to trust); clamped to its last
// detection at rest (had it leave earlier), it left within about half an
// exposure of that read, whose exposure still held it at rest.
func (k *Tracker) startEst(x *side, oc *change) {
	tr := &k.tracks[oc.tr]
	v := tr.fit.vel(oc.t).Len()
	if tr.fit.lo > oc.first.t+1e-6 && oc.first.t > oc.t+1e-6 {
		// Its path out broke since (it met a ball or a cushion): the fit is
		// of a later path. Its speed out is the one its start was timed by.
		v = oc.first.p.Dist(oc.in.a) / (oc.first.t - oc.t)
	}
	if v < minStroke || !(oc.t < oc.first.t-1e-6) {
		return
	}
	sd := math.Max(k.noise(v)/v, startEstMin*k.dt)
	if !(oc.t > oc.lastIn+1e-6) {
		sd = math.Max(sd, k.cfg.Exposure/2)
	}
	x.startT, x.startSD = oc.t, sd
}

// startEstMin is the least standard error of a start's time (startEst), in
// frames (a fit to two or three detections).
const startEstMin = 0.05

// frozenTime times contact e by its struck ball's start (startEst) when no
// estimate timed it (sd0, their standard error, infinite) and the stroke fit
// found no time; it reports whether it did.
func (k *Tracker) frozenTime(e *pevent, sd0 float64) bool {
	if !math.IsInf(sd0, 1) {
		return false
	}
	for _, x := range e.sides {
		if x.rest && x.startSD > 0 {
			if k.trace != nil {
				k.trace("%.4f frozen start contact balls %d %d: from %.5f to %.5f ± %.2f ms", k.lastT, e.ids[0], e.ids[1], e.t, x.startT, 1000*x.startSD)
			}
			e.t, e.sd = x.startT, x.startSD
			return true
		}
	}
	return false
}

// startAgree bounds, in standard errors, how far a struck ball's start
// (startEst) may be from a contact's first estimate to be weighed with it
// (combineContact): a ball nudged by a thin hit and then struck hard starts,
// for the camera, at the second hit.
const startAgree = 3.0
