package tracking

// A ball free to move that is hit moves at once. The check of a contact with
// a ball at rest (pevent.still) looks at the end of the shot only: a ball back
// at its rest point then never moved. But a ball passed by and left still may
// be hit later in the shot by another ball and end elsewhere. Camera model at
// 30 fps, seed 81, 10-ball shot 145: the cue ball, struck at 6 m/s towards the
// head cushion, passed the 8 17 mm clear; its noisy reads there bent its
// path, and a contact with the 8 was told. The 8 sat still for 1.4 s until
// the 7 met it; the contact stood, and a legal pot was ruled wrong_ball_first,
// unasked. Its reads after the contact tell: read again and again where it
// rested for satStillLook after it, the ball was not hit then.

// satStillLook (s): how long after a contact the ball said to be met is looked
// at; satStillReads: the fewest reads in that span that show it still.
const (
	satStillLook  = 0.3
	satStillReads = 6
)

// satStill reports whether the ball of contact e's still check, free to move
// and near no other ball (not a group: a push through it may move only its
// neighbours), was read where it rested, within the noise, on satStillReads
// frames or more in the satStillLook after e, and never elsewhere then.
func (k *Tracker) satStill(e *pevent) bool {
	if e.still < 0 || e.group || e.still >= len(k.tracks) {
		return false
	}
	tr := &k.tracks[e.still]
	n := 0
	for _, s := range tr.slog {
		if s.t <= e.t || s.t > e.t+satStillLook {
			continue
		}
		if s.p.Dist(e.stillAt) >= 3*k.cfg.Sigma+1 {
			return false
		}
		n++
	}
	if n < satStillReads {
		return false
	}
	if k.trace != nil {
		k.trace("%.4f contact at %.4f: track %d ball %d read still where it rested on %d frames after it", k.lastT, e.t, e.still, tr.ball, n)
	}
	return true
}
