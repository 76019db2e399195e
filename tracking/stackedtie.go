package tracking

// Stacked tracks that came to rest together.
//
// dropStacked tells which of two named tracks resting on one spot came there
// second by when each came to rest. Two that rolled there together, both on
// the one ball's detections, came to rest within a few frames of each other,
// and their rest times say nothing. Then the numbers do: a ball that was not
// on the table at the stroke (pocketed in an earlier shot) does not come to
// rest on it in the shot, so a track that holds such a number while the
// other held its own number on the table at the stroke followed something
// else (a false detection, a second track on a moving ball) and took a
// pocketed ball's number from the reads of the ball it came to rest on.
//
// Rendered seed 21, 14.1 at 225.9 s: a nameless track following ball 10 came
// to ball 11 (resting in the foot left corner's shade, where the detector
// reads the red-striped 11 as the maroon-striped 15, pocketed at 108 s: see
// downhold.go) and took 15 on those reads; when 10 knocked 11 along the foot
// cushion both tracks followed it, came to rest 0.1 s apart 0.5 mm from each
// other, and the two shots that followed held a ball 15 on the table: in the
// next one the cue ball "met 15 first" and 11 "went off the table", a foul
// told for a legal pot (rules 3.8, 8.6) without a review.

// stackedTie reports whether track i, at rest on the spot where track j rests
// and come to rest about when j did (within stackedLead), holds the number of
// a ball that no track held on the table at the stroke of the last shot,
// while j held its own number there then (see the comment above).
func (k *Tracker) stackedTie(i, j int) bool {
	tr, x := &k.tracks[i], &k.tracks[j]
	if k.strikeT == 0 || tr.restT <= x.restT-stackedLead {
		return false
	}
	if b, ok := k.beforeID[j]; !ok || b != x.ball {
		return false
	}
	for _, b := range k.beforeID {
		if b == tr.ball {
			return false // on the table at the stroke
		}
	}
	return true
}
