package tracking

// A ball at rest in a cushion's shade may be read, shot after shot, as
// another ball of its colour and pattern (the red-striped 11 as the
// maroon-striped 15, say) that was pocketed earlier. Its votes then come to
// name the pocketed ball, its recent reads too, and mayTake lets it take that
// number back (as it lets a ball wrongly taken for gone come back): the ball
// on the table becomes the pocketed one, or loses its number, its own number
// is left with no ball, and a shot it is met in first names the wrong ball
// (rule 3.8). A ball on the table does not vanish while a pocketed one comes
// back in its place: unless another track is read as the number this track
// carries (then the two may have been crossed, and the reads decide), the
// track keeps its number, held as a contested one is (holdCost), once the
// reads have named it surely (ownSure): a number taken on a weak read or two
// is no evidence against reads of a ball that did come back; nor is the
// number of a track that came back onto the table since that ball went (it
// may have taken up the detections of that very ball, left unseen a while).

// ownSure is how many votes (phantomVotes: about 20 clear reads) a track's
// number must have had while it carried it for keepsOwn to hold it.
const ownSure = phantomVotes

// ownPeak is the most votes a track's number has had while it carried it.
type ownPeak struct {
	ball  int // the number +1 (0 none)
	votes float64
}

// keepsOwn reports whether resolveIDs must leave track i, on the table with
// an object ball's number, that number: its votes name first a ball of its
// number's pattern (samePattern) gone from the table (down, see downBalls)
// before the stroke of the shot in progress
// or, between shots, of the last shot (pocketed in an earlier shot, not one
// that may yet rattle out of the jaws), and no other track on the table is
// read as i's number, which would be left to no ball; the reads named i's
// number surely once while it carried it (ownSure), and i has not come back
// onto the table (backT) since the other ball went.
func (k *Tracker) keepsOwn(i int, down *[16]int) bool {
	tr := &k.tracks[i]
	if tr.own.ball != tr.ball+1 {
		tr.own = ownPeak{ball: tr.ball + 1}
	}
	if tr.ball >= 0 {
		tr.own.votes = max(tr.own.votes, tr.votes[tr.ball])
	}
	if tr.ball <= 0 || tr.gone || !tr.confirmed || k.strikeT == 0 || tr.own.votes < ownSure {
		return false
	}
	best := tr.ball
	for b, v := range tr.votes {
		if v > tr.votes[best] {
			best = b
		}
	}
	if d := down[best]; best == tr.ball || d == 0 || k.tracks[d-1].goneT >= k.strikeT || tr.backT >= k.tracks[d-1].goneT {
		return false
	}
	if !samePattern(best, tr.ball) {
		return false // crossed numbers, not a look-alike misread (see samePattern)
	}
	for j := range k.tracks {
		if x := &k.tracks[j]; j != i && k.contender(x) && readsAs(x) == tr.ball {
			return false
		}
	}
	return true
}

// samePattern reports whether balls a and b look alike to the detector:
// both solids or both stripes (the cue ball and the 8 each alone). A ball
// misread as a pocketed one is misread as one of its own pattern (the
// red-striped 11 as the maroon-striped 15); read as one of the other pattern
// frame after frame, its track carries a crossed number. Camera model at 30
// fps, seed 6, 8-ball shot 89: the 11's track took the 5's reads as the 11
// dropped unseen, and the 5's track was told gone off the table; held so,
// the 5 carried the 11's number, read as a solid numbered 5 in every frame,
// for the rest of the rack (shot 98: the 5 met first and called, a
// wrong-ball foul, unasked).
func samePattern(a, b int) bool {
	kind := func(x int) int {
		switch {
		case x == 0 || x == 8:
			return x
		case x < 8:
			return 1
		}
		return 9
	}
	return kind(a) == kind(b)
}
