package tracking

import "github.com/cueref/cueref/table"

// A ball does not speed up once it has left its rest point: a read taken
// back onto a start's way (startMoving) from which the ball would have had
// to go on more slowly than half its speed between the start's first two
// moving reads is rest's noise, not the way. Camera model at 30 fps, seed
// 11, 8-ball shot 294 (a safety, stroke at 1940.051 s): the cue ball, under
// the arm, was read 3.3 mm off its rest point 234 ms before the stroke,
// then not for eight frames; read next at 208 mm/s, its start was run back
// to the noisy read and timed 267 ms early, the shot matched to no stroke.
// Only for the cue ball's start between shots (the stroke): a ball struck
// in a shot may go into a cushion and come back unseen, and make little
// way along its start's direction for all its speed (rendered seed 64,
// 8-ball shot 24, TestStruckOffCushionNoVee: its start, cut short so, was
// timed after its cushion hit, and a second hit was told).

// tooSlowBack reports whether the ball, at s and then at next (the read
// after it on the way, more than two frames later: unseen between), went
// along u more slowly than half of vab (mm/s, its speed between the start's
// first two moving reads), less the noise. (Reads in a row as well: on the
// camera model that cost contacts at 60 fps and two breaks' first contact.)
func (k *Tracker) tooSlowBack(s, next sample, u table.Point, vab float64) bool {
	dt := next.t - s.t
	if vab <= 0 || dt <= 2.5*k.dt {
		return false // (reads in a row: left to the noise tests)
	}
	return next.p.Sub(s.p).Dot(u) < 0.5*vab*dt-3*k.cfg.Sigma
}
