package tracking

// A track that went from the table (pocketed, off it, lifted) before the shot
// in play is not seen any more: its identity votes are those of its last
// detections, possibly a rack ago. resolveIDs weighs them against the votes of
// the tracks on the table, which fade while a ball is not read (a striped ball
// seen from above reads as no number for many frames), and a ball on the table
// can then lose its number to such a stale track, and the shot its events: its
// pocket becomes a phantom's, and the next player is called wrong without a
// review (a track that went off the table in rack 1 still carried 400 reads of
// a number the re-racked ball wore in rack 2, that ball 1.6 after 30 s at
// rest). So in a shot a track gone before the stroke may keep its own number,
// but not take one a track on the table has held since the stroke: the ball on
// the table is the one seen. A number a track on the table took only in the
// shot (a moving ball read wrongly for a moment) still goes back to the gone
// ball that wore it.

//
// Between shots too: a ball resting on the table that held its number at the
// last stroke is the ball seen, whatever a track gone before that stroke
// reads as. Rendered bench seed 47, 14.1 (shot 39, stroke at 292.57 s): ball
// 14, a stripe resting 12 mm off the left cushion since 243 s and read mostly
// as the cue ball there (votes 25.6 for the cue ball, 7.4 for the 14), kept
// its number while the cue ball was on the table; the cue ball was pocketed
// in shot 36, and when it was put back by hand (273.03 s) a nameless track
// gone off the table at 158.7 s, with 0.8 votes for the 14, took the 14 in
// the global assignment (the two ways cost the same to within 0.01), and the
// 14 was left nameless for good: shot 39, the cue ball on the 14 and the 14
// potted in the foot left corner, was ruled no_contact, unflagged. (During a
// lag the stroke is the lag's: none is held then.) Between shots only a gone
// track that was never read surely as the number (fewer votes for it than
// ownSure) is barred: one that was is the ball that wore it, and may take it
// back from a ball on the table that wore it wrongly (rendered seed 32,
// 9-ball at 178.88 s: ball 1, pocketed at 117 s with 382 votes for the 1,
// takes it back from ball 9, which had carried it since it was hit in shot
// 21 with 240 votes for the 1 and 130 for the 9: barring it lost the 9's
// contact in shot 22).

// heldOnTable returns, for each ball, whether a confirmed track on the table
// holds it now and held it at the stroke (in a shot, or between shots the
// last shot's stroke; none in a lag or before the first shot), or, in a
// shot, a track on the table carried it at the stroke (see below).
func (k *Tracker) heldOnTable() (held [16]bool) {
	if k.phase == inLag || k.strikeT == 0 {
		return held
	}
	for i := range k.tracks {
		tr := &k.tracks[i]
		if !tr.used || !tr.confirmed || tr.gone || tr.ball < 0 || tr.ball >= 16 {
			continue
		}
		if b, ok := k.beforeID[i]; ok && b == tr.ball {
			held[b] = true
		}
	}
	// In a shot, a ball on the table at its stroke is on a track of the
	// stroke, whichever track carries its number now (see below).
	if k.phase == inShot {
		for i, b := range k.beforeID {
			if b >= 0 && b < 16 && k.tracks[i].used {
				held[b] = true
			}
		}
	}
	return held
}

// Nor, in a shot, may a track gone before its stroke take the
// number of a ball a track on the table carried at the stroke, though that
// track carries another number now (the two crossed and the reads swapped
// their numbers, or it lost a number to a misread): the ball is on the table
// or went in this shot, on one of the stroke's tracks. Camera model at 30
// fps, seed 37, 9-ball shot 159 (gonetake.go): the 4's number went, in the
// shot, to a track gone in the rack before. Over 30 fps seeds 1-12 and
// 25-48 (45,738 shots): rulings +13, cushion hits +102 and pockets +13
// matched (TestStaleGoneTakeMoved).

// staleTake reports whether track i went from the table before the stroke of
// the shot in play (or between shots, of the last shot, its reads never
// naming b surely, or b's ball put back in its place) and may therefore not
// take ball b, held by a track on the table (held from heldOnTable), in place
// of its own number.
func (k *Tracker) staleTake(i, b int, held *[16]bool) bool {
	tr := &k.tracks[i]
	if !held[b] || !tr.gone || tr.ball == b || tr.goneT >= k.strikeT {
		return false
	}
	return k.phase == inShot || tr.votes[b] < ownSure || k.putBackOn(b)
}

// Nor may a gone track, however surely it was read, take back a number from
// the ball put back on the table in its place: a track that took the number
// from it between shots (a re-rack, a spot). Rendered 8-ball, seed
// 75: the 14, a stripe pocketed in the first rack (223 reads of the 14), was
// racked again at 240.6 s and its new track took the 14; read at rest as the
// cue ball more often than as the 14 (38.9 votes to 27.7, its stripe out of
// view), it lost the 14 to the track gone 236 s before at 346.8 s, and the
// contact and pocket of shot 48 went unidentified. The seed 32 case above is
// a number taken in a shot, by a moving ball.

// putBackOn reports whether a track on the table holds ball b as the ball put
// back in place of a gone track (see above): not a hand that took the number
// (handtake.go).
func (k *Tracker) putBackOn(b int) bool {
	for j := range k.tracks {
		if x := &k.tracks[j]; x.used && x.confirmed && !x.gone && x.ball == b && x.putBack && x.handT == 0 {
			return true
		}
	}
	return false
}
