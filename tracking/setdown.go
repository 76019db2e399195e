package tracking

import "github.com/cueref/cueref/shot"

// The cue ball in hand set down far from where it lay, in one frame: the
// simulator moves it so between shots, and a camera may see a hand do the
// same. Its old track can then wander off after a false read and "roll" to
// the new place, where a new track has held the ball since it appeared, and
// carry on into that track (carriedOn): a shot record of a stroke that met
// nothing, for the rules a no-contact foul on nothing. Rendered 8-ball, seed
// 74, at 220.9 s: the cue ball set down 795 mm away, its old track took a
// false read 100 mm off, and "rolled" for 0.42 s into the new place; the
// record was asked for review only because passDoubt found the cue ball
// passing "0 mm from ball 0" (its own new track). A ball cannot end where
// another rested from the stroke on, in the very place: the ball was there
// already, set down before the stroke, and nothing was struck.

// setDownBefore returns why rec, struck on ball, is no stroke when the struck
// ball met nothing and ended on a track that rested, unnamed at the stroke
// and of its number or of none since, where it ended from the stroke on (see
// above); "" otherwise.
func (k *Tracker) setDownBefore(rec *shot.Shot, ball, hits int, rolling bool) string {
	if ball != 0 || hits > 0 || rolling {
		return ""
	}
	q, ok := rec.After[ball]
	if !ok {
		return ""
	}
	still := k.noStrokeStill()
	for j, p := range k.before {
		tr := &k.tracks[j]
		if j == k.strikeTr || !tr.used || tr.gone || tr.ball != ball && tr.ball >= 0 {
			// (An unnamed one too: it can be the cue ball only, as no
			// ball ends where another rests. Rendered 8-ball, seed 74,
			// read with the hue outline tried in session 59: the track
			// that held the set-down cue ball had no number yet.)
			continue
		}
		if id, ok := k.beforeID[j]; !ok || id >= 0 {
			continue // named at the stroke: another ball
		}
		if p.Dist(q.P()) <= still && k.position(tr).Dist(p) <= still {
			return "the cue ball set down before the stroke: it rested where it ended from the stroke on"
		}
	}
	return ""
}
