package tracking

// A cue ball that runs into a ball at rest and goes on slowly (a stun or a
// soft follow) stays within a diameter of where the other ball rested for a few
// frames: the resting ball's track takes its detections as noise of its rest
// while the cue ball's track follows the struck ball away. The swap watch
// (swap.go) puts that right by exchanging the two tracks' states, and so the
// cue ball's track inherits a rest: the struck ball's, begun before the stroke.
// When the cue ball then gets clear of that point, its track starts from rest,
// and a cue ball starting from rest while others roll is a new stroke: the shot
// was cut in two at the contact, and what followed (a pocket, say) was left out
// of it. The cue ball's own rests in a shot all begin after its stroke; one
// from before is not the cue ball's, and its start is no event of the shot.

// inheritedRest reports whether start change c of the cue ball's track leaves
// a rest that began before the shot's stroke although the track is the one
// that struck: a rest taken over in a swap, not one the cue ball came to.
func (k *Tracker) inheritedRest(c *change) bool {
	tr := &k.tracks[c.tr]
	if tr.ball != 0 || c.tr != k.strikeTr || tr.restT >= k.strikeT {
		return false
	}
	if k.trace != nil {
		k.trace("%.4f start of track %d (ball 0) at %.4f leaves a rest since %.4f, before the stroke at %.4f: inherited in a swap, no new stroke", k.lastT, c.tr, c.t, tr.restT, k.strikeT)
	}
	return true
}

// stillThroughStroke reports whether track i, in a shot and not the struck
// one, has rested since before the stroke: it is not the cue ball, which the
// stroke moved, and does not take its number (its rest is not the cue
// ball's, as in inheritedRest). Blue 30 fps 9-ball breaks, seeds 17 and 43:
// the cue ball's track, its flight unseen, was taken for lifted from its
// rest point; its number went to a track on the shooter's hand, resting by
// the head cushion since before the stroke, and that track's start half a
// second later was told a new stroke while the break's balls rolled: a
// second shot, a foul, where none was played.
func (k *Tracker) stillThroughStroke(i int) bool {
	tr := &k.tracks[i]
	return k.phase == inShot && i != k.strikeTr && !tr.moving && !tr.gone && tr.restT < k.strikeT
}
