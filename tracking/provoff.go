package tracking

// A struck ball told as it leaves its rest point, before it is provFar off:
// in a shot, provStart looks only at a resting ball's first detection off its
// rest point (later ones may be a ball pushed along in a cluster), and a ball
// struck at a few hundred mm/s is seen there less than provFar off, so its
// contact was told only by the confirmed tests, frames later. Off its rest
// point by the start test's threshold already, next to a moving ball, and
// away from that ball along the line between them, it was struck by it:
// noise, or a detector's centre wobbling, moves it no way in particular.

// provOffCos: the detection must lie within acos(provOffCos) of the line of
// centres, from the mover's path where it came to touch the ball through the
// rest point.
const provOffCos = 0.8

// provOffWide (mm): how far wide of touching the mover's path may pass;
// provOffBack: how many of its newest detections its path is also fitted
// without.
const (
	provOffWide = 3.0
	provOffBack = 2
)

// pushedOff reports whether detection s of resting track i, its first off
// its rest point in a shot, is off it away from a moving ball next to it,
// and when that ball's path came to touch it (or nearest, a hair wide).
func (k *Tracker) pushedOff(i int, s sample) (float64, bool) {
	tr := &k.tracks[i]
	if k.phase != inShot || tr.npend > 0 {
		return 0, false
	}
	o := k.nearMover(i, tr.rest)
	if o < 0 {
		return 0, false
	}
	// The mover's path came to touch it in the last frames, within the
	// noise (not a ball passing by one that creeps: a thin cut bends the
	// mover's path outwards, so that the path fitted since may pass a hair
	// wide), and the detection is off the rest point along the line of
	// centres there.
	mt := &k.tracks[o]
	t := s.t - 0.5*k.dt
	rest := still(tr.rest, t)
	lo := t - provContactBack*k.dt
	// The mover's detections after the contact may have joined its path,
	// bending it wide: it is fitted leaving out the newest two, one, none
	// (the first that says so times the contact best). It is timed where
	// that path came to touch, or else where it came provOffWide from
	// touching (its nearest approach, a hair wide, comes late).
	n := len(mt.seg)
	for m := provOffBack; m >= 0; m-- {
		if n-m < provPassN {
			continue
		}
		f := mt.fit
		if m > 0 {
			f = k.fitTail(mt.seg[:n-m])
		}
		tc, _, hit := firstWithin(&f, &rest, 2*k.R+provOffWide, lo, t+k.dt)
		if !hit || tc <= lo+gridStep {
			continue
		}
		u, c := s.p.Sub(tr.rest), tr.rest.Sub(f.at(tc))
		if u.Dot(c) < provOffCos*u.Len()*c.Len() || k.pressedRest(i, -1) {
			continue
		}
		if tt, _, ok := firstWithin(&f, &rest, 2*k.R, lo, t+k.dt); ok {
			return tt, true
		}
		return tc, true
	}
	return 0, false
}

// pressedRest reports whether a ball at rest other than track i and track
// skip (−1 none) touches track i's rest point, within the noise.
func (k *Tracker) pressedRest(i, skip int) bool {
	p := k.tracks[i].rest
	for j := range k.tracks {
		o := &k.tracks[j]
		if j != i && j != skip && o.used && o.confirmed && !o.gone && !o.moving && o.rest.Dist(p)-2*k.R <= k.backTol() {
			return true
		}
	}
	return false
}
