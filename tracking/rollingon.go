package tracking

// Rolling on. A shot may end while a ball of it still creeps (a slow roll
// taken for a ball jittering in place: stilljit.go), and a hop of the
// resting cue ball's reads soon after then begins a "shot" in which that ball
// is told moving at the stroke (rule 1.12, balls moving) and ends somewhere
// else. noStroke (nostroke.go) took such a record for a stroke: a ball other
// than the struck one ended elsewhere, and something (the moving event)
// happened. Neither is the stroke's doing: a ball moving at the stroke moved
// on its own, and the struck ball itself ended within noStrokeNudge of where
// it began, having met nothing farther than that (a ball struck in earnest
// goes hundreds of millimetres). So in noStroke the balls told moving at the
// stroke are left out of the test that every other ball ended where it
// began, for "nothing moved" only: a move by hand, or back, while balls roll
// on is still sent as a shot, and a ball moving at the stroke that meets
// anything (a contact away from the struck ball) still makes it one.
//
// Rendered seed 21, 14.1 at 331.2 s: shot 40 ended at 331.28 s with ball 7
// rolling at 90 mm/s and 15, which it had just met, starting; the cue ball
// at rest in the foot left corner's mouth, read 17 mm off its place one
// frame in three, "started" at 331.21 s and was back within 0.3 mm of its
// place at 331.62 s: a shot ruled a foul (balls moving, no contact) where
// none was played, unflagged.

// rollingOn reports whether ball b's track, at rest now, started before the
// stroke of the shot in progress and came to rest after it: it was moving at
// the stroke, though not told so (its start timed back before the stroke
// once the shot had begun; 14.1 at 331.2 s above: ball 15, met by the
// creeping 7 at 330.77 s, its start told at 331.30 s and timed 330.88 s).
func (k *Tracker) rollingOn(b int) bool {
	for i := range k.tracks {
		tr := &k.tracks[i]
		if tr.used && tr.confirmed && !tr.gone && tr.ball == b {
			return !tr.moving && k.strikeT > 0 && tr.startT < k.strikeT && tr.restT > k.strikeT
		}
	}
	return false
}
