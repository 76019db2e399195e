package tracking

// A ball leaving its rest point between shots, told from two detections: a
// single one must lie provFar off the rest point (a still ball's noise
// never reaches that far), which a cue ball struck at a few hundred mm/s
// reaches only on its third frame at 120 fps (it moves half as far a frame
// as at 60 fps; the noise is the same in millimetres). Two detections in a
// row that leave the rest point along one line say the same sooner: the
// newer beyond the rest test's threshold (which the noise does not reach
// either), the older off the rest point towards it, and the newer further
// out. A detector's centre flipping away from a still ball, or a hand over
// it, does not move two detections away along one line.
//
// At 60 fps and below such a stroke lies provFar off by its second frame
// already: there the test would tell no stroke sooner, only a few that are
// not (withdrawn strikes 2 → 5 on the bench's seed 1 at 60 fps).
//
// A ball come to rest shortly before may still be creeping, its detections
// drifting steadily off a rest point that has not caught up (a ball at rest
// is one whose speed fell below restSpeed): it is left to the single
// detection test until it has rested provLeaveSettle.

// Settings of provLeaving.
const (
	// provLeaveOff (rest noises): how far off the rest point the older of
	// the two detections must lie for its direction to mean something; the
	// newer must lie further out by as much.
	provLeaveOff = 1.0
	// provLeaveCos: the two must lie within acos(provLeaveCos) of one
	// direction from the rest point.
	provLeaveCos = 0.8
	// provLeaveSettle (s): how long the ball must have rested.
	provLeaveSettle = 1.0
)

// provLeaving reports whether detection s of resting track i, the cue ball,
// beyond the rest test's threshold, and the detection just before it (the
// first beyond it, if any was) show it leaving its rest point between shots
// (see above): struck. It returns when: half a frame before the older one.
// (Another ball leaving next to the cue ball just struck is left to the
// single detection test: a few of those told sooner were withdrawn.)
func (k *Tracker) provLeaving(i int, s sample) (float64, bool) {
	tr := &k.tracks[i]
	if k.cfg.FPS <= 60 || k.phase != idle || tr.ball != 0 || tr.nh < 2 || s.t-tr.restT < provLeaveSettle {
		return 0, false
	}
	p := tr.hist[(tr.nh-2)%len(tr.hist)]
	if tr.npend > 1 || tr.npend == 1 && tr.pend[0].t != p.t {
		// Off the rest point since before p: a slow start, timed by
		// startMoving's look back, not from p.
		return 0, false
	}
	u, v := p.p.Sub(tr.rest), s.p.Sub(tr.rest)
	off := provLeaveOff * k.cfg.Sigma
	if s.t-p.t > 1.5*k.dt || u.Len() < off || v.Len() < u.Len()+off || u.Dot(v) < provLeaveCos*u.Len()*v.Len() {
		return 0, false
	}
	return p.t - 0.5*k.dt, true
}
