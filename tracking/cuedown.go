package tracking

// A ball at rest may be read as the cue ball for seconds on end: a stripe
// turned with its band away from the camera shows all white (rendered seed 3,
// 14.1 at 27–45 s: ball 14 read as "0" in every frame). While the cue ball is
// on the table its own track holds the number (its votes, its stroke); but when
// it is pocketed, resolveIDs found the number free and gave it to that ball's
// track on its votes. The ball put back by hand then took the stripe's number
// by elimination, and the next shot's stroke was on "ball 14".
//
// The cue ball in a pocket cannot be a ball that stayed at rest on the bed
// through the shot that sank it: while a pocketed (or jumped off) track carries
// the cue ball's number, a track that has rested at one place, followed by its
// own number, since before that shot's stroke may not take it. The number
// passes as ever to the ball put back by hand (a new track, or one that moved).
//
// Nor may a nameless track that rested since before that stroke (rendered
// seed 16, 14.1 shot 41: ball 14, never read as its number, at rest by the
// foot spot while the cue ball rolled into the side pocket, took the cue
// ball's number on 220 votes for "0" the moment it went; the cue ball put
// back in the kitchen stayed nameless and nine shots were lost or flagged).
// Both were on the table at once, one at rest, one rolling: whatever its
// colour reads, it is not the ball just pocketed. A nameless track has no
// reads of its own number to check (cst), so only the rest counts for it.

// cueDownBars reports whether resolveIDs must not give track i the cue ball's
// number: i rested through the last stroke and the cue ball is down since, or
// back on the table on a track that moved (cueheld.go).
func (k *Tracker) cueDownBars(i int) bool {
	tr := &k.tracks[i]
	if k.strikeT <= 0 || tr.gone || tr.moving || tr.ball == 0 || tr.restT > k.strikeT || tr.born > k.strikeT {
		return false
	}
	if tr.ball > 0 && (tr.cst.ball != tr.ball+1 || tr.cst.since > k.strikeT) {
		return false
	}
	for j := range k.tracks {
		x := &k.tracks[j]
		if j != i && x.used && x.confirmed && x.gone && !x.lifted && x.ball == 0 && x.goneT >= k.strikeT {
			return true
		}
	}
	return k.struckHolds(i) // cueheld.go
}
