package tracking

import "math"

// The detector's centre for a ball resting a centimetre or so off a cushion
// may, now and then, land on the cushion's line (the cushion's edge and
// shadow merge with the ball's outline, the fitted circle is pulled onto
// them, and a centre beyond the line is put back on it), 12–16 mm towards the
// cushion and up to 10 mm along it, for a frame or a run of a few frames
// (rendered bench, 10-ball seed 2 shot 19: ball 6, resting 13 mm off the left
// cushion, was started by such runs and told hitting the cushion five times).
// A ball at rest does not move unless something strikes it: such a detection,
// with no ball near enough to have struck it and the ball seen at rest just
// before, is the detector's snap. It tells the ball is there (it is seen) but
// not where (as a flip off a cushion, see cushionFlip, it is kept off the
// ball's rest, history and shot log).

const (
	// snapNear (mm): the ball rests within this gap of the cushion.
	snapNear = 30.0
	// snapOn (mm): the detection lies within this gap of the cushion line
	// (or beyond it).
	snapOn = 1.0
	// snapStep (mm): it lies at least this much nearer the cushion than the
	// ball's rest.
	snapStep = 8.0
	// snapAlong (mm): and at most this far along the cushion from it.
	snapAlong = 15.0
	// snapRun (s): the ball was seen at rest at most this long before (a ball
	// seen on the line for longer has moved there).
	snapRun = 0.2
)

// restSnap reports whether detection o (s) of resting track i is the
// detector's snap onto the cushion line (see above).
func (k *Tracker) restSnap(i int, s sample, o *Obs) bool {
	tr := &k.tracks[i]
	if !k.snapCandidate(i, o) || tr.npend > 0 {
		return false
	}
	rail, gap := k.tab.NearestRail(tr.rest)
	if gap > snapNear {
		return false
	}
	if pk, d := k.tab.NearestPocket(tr.rest); d < pk.Width/2+2*k.R {
		return false // a jaw or a pocket's mouth: no cushion line to snap to
	}
	n := railOut(rail)
	d := s.p.Sub(tr.rest)
	if g := k.tab.RailDistance(s.p, rail); g > snapOn || gap-g < snapStep || math.Abs(d.X*n.Y-d.Y*n.X) > snapAlong {
		return false
	}
	// Seen at rest just before.
	last := tr.hist[(tr.nh-1)%len(tr.hist)]
	if s.t-last.t > snapRun || last.p.Dist(tr.rest) > math.Max(4*k.cfg.Sigma, 4.5) {
		return false
	}
	if k.struckNear(i, o) {
		return false
	}
	if k.trace != nil {
		k.trace("%.4f rest snap track %d ball %d: on the %s cushion line, %.1f mm nearer it than its rest", s.t, i, tr.ball, rail, gap-k.tab.RailDistance(s.p, rail))
	}
	k.noteRailRead(i, s) // frozendoubt.go
	return true
}

// snapCandidate reports whether detection o of track i, at rest, may be taken
// for the detector's snap onto a cushion line at all (restSnap, clampRest).
// Before the stroke, only for an object ball: the stroke itself may drive the
// cue ball, at rest by a cushion, into it with no other ball near.
func (k *Tracker) snapCandidate(i int, o *Obs) bool {
	tr := &k.tracks[i]
	if k.phase == inLag || k.phase == idle && tr.ball <= 0 {
		return false
	}
	return !tr.moving && tr.confirmed && !o.Moving && tr.nh > 0
}

// struckNear reports whether a ball is near enough to resting track i to
// have struck it (detection o is its own in this frame): the snap tests
// then take no detection of it for the detector's.
func (k *Tracker) struckNear(i int, o *Obs) bool {
	tr := &k.tracks[i]
	// No ball near enough to have struck it: a moving one anywhere on its
	// way over the last frame.
	for j := range k.tracks {
		q := &k.tracks[j]
		if j == i || !q.used || q.gone || !q.confirmed {
			continue
		}
		near := k.position(q).Dist(tr.rest)
		if q.moving && q.prev.p != q.last.p {
			sd, _ := segDist(tr.rest, q.prev.p, q.last.p)
			near = math.Min(near, sd)
		}
		if near < 2*k.R+flipClear && !k.cannotCarry(i, j, o.At) { // strikereach.go
			return true
		}
	}
	// Nor one seen there in this frame: a ball just struck is seen where
	// it is before its track is moved (no-render seed 1 10-ball
	// shot 224: the cue ball met ball 7, resting 9 mm off the left cushion,
	// and 7 hit the cushion 12 ms later; its true frame on the line was
	// taken for a snap, and the contact was timed 18 ms late).
	for j := range k.fobs {
		if x := &k.fobs[j]; x != o && x.At.Dist(tr.rest) < 2*k.R+flipClear && !k.carrierSeen(i, x, o.At) {
			return true
		}
	}
	return false
}
