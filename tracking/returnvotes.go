package tracking

// A ball that comes back (re-racked, spotted, placed by hand) takes its old
// track on the first detection that carries its number (see newTrack). That
// one reading is all that links the ball now here to the ball the track
// followed before, and the detector misreads one number in about 25: a rack's
// head ball read once as a ball pocketed in the last rack then takes that
// ball's track, with the hundreds of readings it gathered over a rack; the
// readings of its true number at the new spot never outweigh them before the
// break (at 120 fps, with more frames to misread in, this called breaks on the
// wrong ball). So the old readings keep only the weight of a few clear ones:
// enough that a ball put back keeps its number against a stray misreading, not
// so much that the readings where it now stands cannot overturn it.

// returnVotes is the identity evidence a track keeps from before when a ball
// comes back onto it: the weight of backVotes (about four clear readings).
const returnVotes = backVotes

// forgetOldVotes scales a returning track's votes down to returnVotes in all,
// keeping their proportions.
func forgetOldVotes(tr *track) {
	var sum float64
	for _, v := range tr.votes {
		sum += v
	}
	if sum <= returnVotes {
		return
	}
	s := returnVotes / sum
	for b := range tr.votes {
		tr.votes[b] *= s
	}
}
