package tracking

// A rack put down. Between shots, a rack's balls come back by hand all in one
// frame, next to one another, and until newTrack takes them back (returns of
// the gone tracks) no live track has them: a ball at rest that went unread in
// that frame could take one of them as a jump from rest (the association's
// second pass), and the cue ball's "jump" was a stroke. Camera model at 30
// fps, seed 5, 14.1 shot 89: the re-rack put down 0.78 s before the stroke,
// frozen to the cue ball, which went unread in that frame and took the read
// of the 10, 150 mm away; the "shot" struck there ran into the true one and
// matched no stroke: the shot went untold.
//
// So in a frame between shots where rackPutMin or more detections are left
// over by the first pass (the rack, or balls spotted, coming back), the cue
// ball at rest does not jump: it is not struck in the very frame a rack is
// put down. (Holding every ball at rest so changed the breaks, whose rack
// is put down as the last game's balls are taken up: on the work set, 30
// fps seeds 1-12 and 25-48, 2 rulings lost and one more unflagged, the
// first contact of eight shots changed.) And for rackHold after it, the cue ball at rest in a cluster is held to
// its spot as any ball of a rack is (neighbourJump, rackjump.go): the balls
// of the rack the detector missed in that frame come back in the next ones,
// and in the case above the cue ball, unread again a frame on, took the
// first read of the 1, frozen to it.

// rackPutMin: this many detections left over by the first pass, between
// shots, are balls put down by hand. A frame between shots leaves a ghost or
// two of an arm; a re-rack leaves ten or more.
const rackPutMin = 5

// rackPut reports whether the frame being associated puts a rack down (see
// above), and notes when: between shots (not at a lag), rackPutMin or more
// detections no track took in the first pass.
func (k *Tracker) rackPut() bool {
	if k.phase != idle || k.lagDue {
		return false
	}
	n := 0
	for _, used := range k.obsUsed {
		if !used {
			n++
		}
	}
	if n < rackPutMin {
		return false
	}
	k.rackPutT = k.lastT
	return true
}

// rackHold (s): how long after a rack was put down the cue ball at rest in a
// cluster does not jump from its spot between shots (see above). A stroke
// comes seconds after a re-rack.
const rackHold = 0.5

// rackLately reports whether a rack was put down (rackPut) within rackHold.
func (k *Tracker) rackLately() bool {
	return k.rackPutT > 0 && k.lastT-k.rackPutT <= rackHold
}
