package tracking

// The cue ball back on the table holds its number against a ball that rested
// through the stroke. cueDownBars keeps a track that rested through the last
// stroke from the cue ball's number while the cue ball is down. When the
// pocket was the tracker's mistake, the cue ball comes back on the table on a
// track that moved (ident.go withdraws the pocket), and the number is no
// longer a pocketed ball's: the resting track, read as the cue ball on its
// votes, took it from the ball just back the next frame.
//
// Rendered 8-ball, seed 49, shot 6: the cue ball, struck at 47.37 s into the
// 10 in the head-right corner's mouth, came off the head cushion by the jaw;
// its track was taken into the pocket and its number passed, 0.8 s later, to
// the nameless track that followed the rolling cue ball (the pocket
// withdrawn). One frame on, the nameless track of the 14, resting by the foot
// cushion since the break and read as the cue ball's white 272 votes to none,
// took the number from it; the cue ball was left nameless, and shots 7 to 10
// were told struck on a nameless ball or not at all (two no-contact fouls,
// flagged, and two shots lost).
//
// The ball struck is the cue ball: it moves at the stroke. A track that rested
// at one place through the last stroke was not struck; while the cue ball's
// number is held by a track on the table that moved since that stroke (the
// struck ball itself, or the ball that followed it), the resting one may not
// take it, whatever its colour reads (cueDownBars' conditions on the resting
// track hold here too).

// struckHolds reports whether a track other than i, on the table, holds the
// cue ball's number and moved since the last stroke (see above). cueDownBars
// has found that i rested through that stroke.
func (k *Tracker) struckHolds(i int) bool {
	for j := range k.tracks {
		x := &k.tracks[j]
		if j != i && x.used && x.confirmed && !x.gone && x.ball == 0 && (x.moving || x.restT > k.strikeT || x.born > k.strikeT) {
			return true
		}
	}
	return false
}
