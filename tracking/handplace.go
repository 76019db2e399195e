package tracking

import "math"

// Put down by hand between shots. The cue ball read far from where it
// rested, and read again at that same new place, stood still there from its
// first read: a struck ball that covered the distance in the time since it
// was last read at rest could not have stopped so soon with nothing to stop
// it. It was put there by hand (in hand after a foul), and the stroke is
// still to come. Camera model at 30 fps, seed 33, 8-ball at 1661.32 s: the
// cue ball in hand was put down 256 mm from where it lay, read there twice
// 0.4 s apart (the aiming arm over it), and taken for a stroke; the real
// stroke 0.73 s later went on as the same "shot", which started before the
// truth's and matched no stroke: a shot missed and one told where none was
// played, both unflagged.

// placedStill reports whether track i's detections p0 and s, both far from
// its rest point (a start by the two-detection test of update), show the cue
// ball put down there by hand: between shots, nothing else moving or
// starting, p0 at least placeMin from the rest point, no ball just ahead of
// p0 on the way to it that could have stopped it dead, the two detections
// within the noise of each other, and the ball needing more than placeDecel
// times SlideDecel to have stopped at p0 in the time since it was last read
// at rest.
func (k *Tracker) placedStill(i int, p0, s sample) bool {
	tr := &k.tracks[i]
	if k.phase != idle || k.lagDue || !tr.confirmed || tr.ball != 0 || s.p.Dist(p0.p) > math.Max(2*k.cfg.Sigma, 3) {
		return false
	}
	if !k.othersStill(i) {
		return false
	}
	u := p0.p.Sub(tr.rest)
	for j := range k.tracks {
		x := &k.tracks[j]
		if j == i || !x.used || x.gone {
			continue
		}
		// A ball just ahead of p0 may have stopped the cue ball dead (a stun
		// shot into it, the ball's start not yet seen).
		if q := x.rest.Sub(p0.p); q.Len() < 2*k.R+placeTouch && q.Dot(u) > 0 {
			return false
		}
	}
	last := math.Inf(-1)
	for j := 0; j < min(tr.nh, len(tr.hist)); j++ {
		x := tr.hist[(tr.nh-1-j)%len(tr.hist)]
		if x.t < p0.t {
			last = x.t
			break
		}
	}
	dt := p0.t - last
	d := p0.p.Dist(tr.rest)
	if d < placeMin || !(dt > 0) || 2*d/(dt*dt) <= placeDecel*k.cfg.SlideDecel {
		return false
	}
	if k.trace != nil {
		k.trace("%.4f placed track %d ball %d from %v at %v: still there at %.4f, %.0f mm in %.3f s", s.t, i, tr.ball, tr.rest, p0.p, s.t, d, dt)
	}
	return true
}

// placeDecel is how many times SlideDecel a ball found still at its new place
// must have needed to stop there for it to have been put down by hand. A
// fifth: a struck ball that meets nothing slides only until it rolls, and
// rolls on slowed by a twentieth of SlideDecel; to stop within d it needs
// about sqrt(d/49 mm/s²) seconds, twice as long as a ball slowed all the
// way by this much (only a heavy draw, its spin spent just as the ball
// stops, comes near). The cue ball of the case above needed 0.53 (257
// mm in 0.70 s, hidden by the aiming arm); camera model, seed 12, 10-ball at
// 1681.72 s: 0.25 (157 mm in 0.80 s), a no-contact foul called on a hand.
const placeDecel = 0.2

// placeTouch (mm): a ball at rest nearer than a diameter and this to where
// the cue ball was found still, ahead of its way there, may have stopped it
// dead. Camera model, seed 47, 14.1 shot 209: the cue ball, struck into the
// 6 20 mm off, read there still in the next frame, the 6's start not yet
// seen.
const placeTouch = 15.0

// placeMin (mm): a ball read still this near its rest point may be the
// detector's centre flipping to a second place, not a hand: rendered 14.1,
// seed 24, at 359.87 s, the cue ball frozen to the right cushion read 20 mm
// along it for a while (TestFlipStartRendered).
const placeMin = 60.0

// othersStill reports whether no live track but i is moving or has a start
// pending.
func (k *Tracker) othersStill(i int) bool {
	for j := range k.tracks {
		if x := &k.tracks[j]; j != i && x.used && !x.gone && (x.moving || x.npend > 0) {
			return false
		}
	}
	return true
}
