package tracking

// The ball that began a missed stroke was met by the cue ball. missedStroke
// begins a shot the cue ball was not seen to strike, at the start of an
// object ball between shots while the cue ball, at rest a moment before, is
// nowhere to be seen. That start came before the shot did, and was never
// weighed as a shot's start is (explain): a ball passing close by at about
// that time is taken to have hit it. When the cue ball's own track passed
// within a diameter and a few centimetres of where that ball rested, within
// five frames of its start (its detections then, whatever paths they were
// fitted to since), the cue ball met it: the contact is told, unseen.
//
// Rendered 9-ball, seed 68, shot 7 (stroke 62.8955 s): the cue ball, struck
// at 8 m/s from the head end, was not followed for its first 0.24 s; a new
// track took it up 0.02 s before it met the 4, 2.1 m away, and passed 69 mm
// from the 4's place a frame before the 4 left it. The shot was begun at the
// 4's start with no contact told, the cue ball's first ball the 6 it met a
// second later: wrong_ball_first (asked) on a legal pot.

// missedMet tells the contact of cue ball track cue with the ball of start c
// that began a missed stroke, when the cue ball's track passed close by
// about then (see above).
func (k *Tracker) missedMet(c *change, cue int) {
	win := 5 * k.dt
	near := false
	for _, s := range k.histAround(cue, c.t-win, c.t+win, nil) {
		near = near || s.p.Dist(c.in.a) < 2*k.R+40
	}
	if !near {
		return
	}
	po := k.pathUntil(&k.tracks[cue], c.t)
	if k.trace != nil {
		k.trace("%.4f missed stroke met: track %d ball %d started at %.4f with the cue ball's track %d passing by", k.lastT, c.tr, k.tracks[c.tr].ball, c.t, cue)
	}
	k.restContact(k.contact(c.tr, cue, c.t, &c.in, &po, true), c, cue, &po)
	c.done = true
}
