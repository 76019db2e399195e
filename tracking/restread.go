package tracking

// A read on a resting ball's place is that ball's. In the tight pass of the
// association a track with too few detections to fit a way (a new track, or
// one just broken by a collision or a cushion) is looked for around its last
// detection within a scale that grows with the time it has been unseen
// (25 mm + 200 mm/s, predict): unseen for half a second, a detection 260 mm
// from it still costs it less than the detector's misread costs the ball
// resting there. Rendered 8-ball, seed 41, shot 34 (stroke 265.53 s): a
// ghost read as the cue ball streaked towards the foot cushion and vanished
// at (2483, 663); 0.43 s later ball 10, resting against the foot cushion at
// (2507, 926) for a minute and read as the cue ball (its stripe turned away),
// was read 0.5 mm from its rest and went to the ghost's nameless track, 264
// mm off: to that track it cost (264/112)² = 5.6, to its own 6.2 (the
// misread's identity cost, 8 × 0.78). Ball 10's track, unseen, was told hit
// by the ghost through the cushion and off the table (shot 34 ruled
// object_ball_off_table, asked); the nameless track at its place later took
// the cue ball's number when the cue ball was pocketed in shot 35 (278.28
// s), and shots 36 to 41 were told with the wrong cue ball.
//
// A ball at rest is where it was: a detection on the place of a confirmed
// track at rest, seen there the frame before (not lifted, not hidden), is
// that ball, not another track's found far (more than two ball widths) from
// where that track was looked for. The resting track takes it on the costs
// as before; the far track goes unseen.

// onOthersRest reports whether detection o, d mm from where track i was
// looked for at t, lies on the place of another track at rest, seen there
// the frame before (see above); the tight pass refuses it to i.
func (k *Tracker) onOthersRest(i int, o *Obs, t, d float64) bool {
	if d <= 4*k.R {
		return false
	}
	near := 2 * (2*k.cfg.Sigma + 1) // twice the gate scale of a ball at rest (predict)
	for oi := range k.tracks {
		x := &k.tracks[oi]
		if oi == i || !x.used || x.gone || !x.confirmed || x.moving || x.npend > 0 || x.restW < 10 {
			continue
		}
		if x.last.t < t-1.5*k.dt || x.last.p.Dist(x.rest) > near {
			continue
		}
		if o.At.Dist(x.rest) <= near {
			return true
		}
	}
	return false
}

// readAsIt reports whether detection o names the number the detector gave
// track tr's ball more often than its own: the reads its votes hold (a
// stripe turned away read as the cue ball). Lifted at its spot (liftspot.go),
// such a ball comes back on its habitual misread there. Seed 41, 8-ball
// again: ball 10, hidden by the shooter from 274.45 to 276.5 s and taken for
// lifted, was read again at its spot as the cue ball (its votes 331 to 17
// for the cue ball); refused as another ball's read while the cue ball was
// on the table, it made a nameless track there that took the cue ball's
// number when the cue ball was pocketed in shot 35 (278.28 s).
func readAsIt(tr *track, o *Obs) bool {
	return o.Ball >= 0 && o.Ball != tr.ball && tr.ball >= 0 && classFits(o) && tr.votes[o.Ball] > tr.votes[tr.ball]
}
