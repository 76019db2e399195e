package tracking

// Read away and back. A ball at rest read off its place on a frame or two (the
// arm's shadow on it, the cue's tip beside it) is taken to have started; read
// back on its place at once, its latest short piece of path, fitted with a
// jitter of the detector's, can show a speed, and at a stroke a moment later
// it was told moving: a balls_moving foul on a ball that never moved
// (rendered seed 49, 14.1 shot 18: the 14, 13 mm off the head cushion, read
// 17 mm along it on two frames 0.1 s before the stroke, then back within a
// millimetre; a legal pot ruled a foul, unflagged). Too recent a start for
// wandersInPlace's span, it is a ball that went somewhere and came straight
// back to the very point it left, and stayed: no ball on the bed does that
// (off a cushion it would come back slower than it went, and not stop dead
// where it began).

// homeSpan (s): the span before the stroke whose detections must be back
// where the ball started from.
const homeSpan = 0.1

// jumpAway (mm): how far off its place a read must have put the ball for its
// start to be such a jump.
const jumpAway = 10.0

// jumpedHome reports whether moving track i, started within stillSpan of t
// (rendered seed 50, 8-ball shot 11: a ball frozen to the foot cushion, its
// track started 2 s before the stroke 35 mm off its place and read back there
// now and then, is not such a jump), was read at
// least jumpAway off the place it started from and, in the last homeSpan
// before t, is read back on that place: every detection but one within 3σ+1
// mm of it (the detector's odd outlier aside).
func (k *Tracker) jumpedHome(i int, t float64) bool {
	tr := &k.tracks[i]
	if t-tr.startT > stillSpan {
		return false // a start of long ago: wandersInPlace's to weigh
	}
	var buf [len(track{}.hist)]sample
	s := k.histAround(i, tr.startT-k.dt/2, t+k.dt/2, buf[:])
	away, home, off := false, 0, 0
	tol := 3*k.cfg.Sigma + 1
	for _, x := range s {
		d := x.p.Dist(tr.from)
		if x.t <= t-homeSpan {
			away = away || d >= jumpAway
			continue
		}
		if d <= tol {
			home++
		} else {
			off++
		}
	}
	ok := away && off <= 1 && float64(home) >= max(3, 0.5*homeSpan*k.cfg.FPS)
	if ok && k.trace != nil {
		k.trace("%.4f jumped home: track %d ball %d read away from (%.1f, %.1f) after %.4f, back on it %d times since %.4f", k.lastT, i, tr.ball, tr.from.X, tr.from.Y, tr.startT, home, t-homeSpan)
	}
	return ok
}
