package tracking

// A ball misread again and again as another ball that stands elsewhere on the
// table keeps its own number while it is on the table (the other ball holds
// that one, and the assignment's hysteresis and holds keep the two apart); but
// once it goes, its track weighs its votes less (gone: 0.6) and the share of
// its own number among them, small beside the misread one, no longer beats
// having no number: the gone track becomes nameless and the ball is on no
// track at all. For the tracker it is then somewhere unseen: every nameless
// track may be it (phantom finds a ball left for it), so their doubts are
// asked, and eliminate names a nameless track after it. Rendered seed 51,
// 14.1: the 13, pocketed in the foot-left corner in shot 8 (60.65 s), had
// been read as the 9 (244 votes, against 22 for the 13) while the 9 rested
// elsewhere; its track went nameless as it went. In shot 15 a ball rattled
// out of the foot-right jaws on a nameless track was named the 13 by
// elimination (see jawsname.go), and in shots 26, 28 and 29 the doubts of
// nameless tracks gone in the shot ("ball -1 may have been moving at the
// stroke", "a ball started with ball 0 190 mm away") were asked, needlessly.
//
// A ball goes from the table with the number it carried: a track gone (not
// lifted by hand) keeps its object ball's number, held as a contested one is
// (holdCost), once its reads named that number surely while it carried it
// (ownSure, as keepsOwn asks on the table), and while no ball on the table
// is read as that number (then the two tracks may have been crossed, or the
// ball is back, and the reads decide as before). Bench seeds 25–51, no-render
// seed 1 (30, 60 and 120 fps) and 2: rulings unchanged, reviews 449 → 438,
// all of them needless (seed 49 23 → 16, seed 51 24 → 20). A racked ball the
// rack-white bar keeps from the cue ball's number reads as its other votes
// (whiteReads, rackwhite.go).

// goneKeeps reports whether resolveIDs must leave gone track i its number
// (see above).
func (k *Tracker) goneKeeps(i int) bool {
	tr := &k.tracks[i]
	if !tr.gone || tr.lifted || tr.ball <= 0 || !tr.confirmed || tr.own.ball != tr.ball+1 || tr.own.votes < ownSure {
		return false
	}
	for j := range k.tracks {
		if x := &k.tracks[j]; j != i && k.contender(x) && (readsAs(x) == tr.ball || mostVoted(x) == tr.ball || k.whiteReads(j) == tr.ball) {
			return false
		}
	}
	return true
}
