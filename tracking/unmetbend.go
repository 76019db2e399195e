package tracking

import "github.com/cueref/cueref/shot"

// unmetBend reports whether the ball of a start that bent again soon after,
// its first start in the shot, met no ball since it started: the bend is its
// own (a slide turning into a roll, a noisy read), not a contact that took over
// the start, so the start is still to be explained (by a ball passing near, or
// a touch). Not for a ball that moved before in the shot: its "start" is most
// often a rolling ball lost from view and found again away from where it was
// held (camera model at 30 fps, seed 26, 14.1 shot 278: the 10, rolling at
// 0.5 m/s, lost and read again 270 mm on, told as touched).
//
// Camera model at 30 fps, seed 79, 9-ball shot 172: the cue ball met the 3 a
// frame after the stroke, its way in, read twice, passing 10 mm wide of it; the
// 3's path bent a frame later, the start was dropped as "moved on by a
// contact", and the cue ball's contact with the 9 after it was told first: a
// wrong-ball foul for a legal pot, unasked (TestUnmetBend).
func (k *Tracker) unmetBend(c *change) bool {
	if k.tracks[c.tr].moved {
		return false
	}
	for i := range k.events {
		e := &k.events[i]
		if !e.cancel && e.kind == shot.Contact && (e.a == c.tr || e.b == c.tr) && e.t >= c.t-k.dt {
			return false
		}
	}
	return true
}
