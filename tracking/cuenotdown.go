package tracking

// Two balls that meet by a pocket may trade tracks as one of them drops:
// the cue ball's track then goes into the pocket with the object ball, and
// the object ball's track rolls on with the cue ball, its object number
// held. Camera model at 30 fps, seed 32, 8-ball shot 250: the cue ball met
// the 13 17 ms before the 13 dropped in the head-right corner; the 13 was
// told pocketed as the cue ball (asked about), and the cue ball rolled on
// as the 13. It was read as the cue ball from then on, 206 votes to 94 at
// the next stroke, but the cue ball's gone track, 348 votes strong, kept the
// number: two shots (251 and 252) were played with no cue ball on the table
// for the tracker, and went untold.
//
// Or the swap leaves the cue ball nameless: seed 35, 9-ball shot 130, the
// cue ball's track went on to the 2's place and was taken for lifted there,
// and the 2's track, on the cue ball, lost its number (its votes for the 2,
// from before the swap, against its reads of the cue ball since) and stood
// nameless; shot 131 was struck on it and went untold.
//
// A track on the table with an object ball's number, whose recent reads
// name the cue ball and whose votes for it outweigh those for its own
// number, or a nameless one at rest, seen steadily, whose recent reads name
// the cue ball, while only tracks gone from the table hold the cue ball, is
// the cue ball: resolveIDs holds the cue ball's number for it as a contested
// number is held (holdCost). A ball at rest as an object ball since before
// the cue ball went is not (restNotCue, in mayTake).

// cueNotDown reports whether track i is the cue ball its reads say it is
// while the cue ball's number is on no track on the table (see above).
func (k *Tracker) cueNotDown(i int) bool {
	tr := &k.tracks[i]
	if tr.ball == 0 || tr.gone || !tr.confirmed || readsAs(tr) != 0 {
		return false
	}
	if tr.ball > 0 && tr.votes[0] <= tr.votes[tr.ball] || tr.ball < 0 && (tr.moving || !k.steady(tr)) {
		return false
	}
	for j := range k.tracks {
		if x := &k.tracks[j]; x.used && x.confirmed && x.ball == 0 && !x.gone {
			return false
		}
	}
	return true
}
