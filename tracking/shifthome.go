package tracking

// Shifted home. Between shots the detector may read a resting ball's centre a
// centimetre off its place for seconds on end (the shooter's arm or cue over
// it, or their shade, as the next shot is lined up), its reads scattered
// about that wrong point at a lower confidence. Read away and still for
// shiftTime, the ball's rest point is moved there (update: "away but still,
// after a while that is where it rests"), and no start is told, since none
// was seen. When the arm goes, the reads come back to the ball's true place,
// and that, from the wrong point, looks a start of its own: a touch, a foul
// (rule 1.19), where nothing moved (rendered bench, 10-ball seed 52 shot 50,
// a safety: ball 9 rested at (2333, 1008); from 1.4 s before the stroke it
// was read about (2323, 1006) at 0.65–0.75 against 0.8–0.85 before, its rest
// point was moved there, and 0.53 s into the shot, as the reads came back to
// (2333, 1008) at 0.9, the ball was told touched and came to rest 0.6 mm from
// where it had rested before the shift: "touched_ball", unflagged).
//
// It is the wandering of wanderhome.go without a start: nothing that moves
// a ball between shots leaves its rest point unseen, and a ball truly moved
// and then sent back in the shot does not stop within the detector's noise
// of where it rested before. So the rest point a ball is shifted from between
// shots is its home, as the one it starts from is (idleStart), and
// dropWanderHome undoes its touches in the shot if it ends there, having met
// no ball. A ball that crept off and stayed (a rest told before it stopped)
// never comes home and keeps its shift.

// shiftHome notes, as resting track i's rest point is about to be shifted to
// where it has been read away and still, its rest point as its home when that
// is between shots (and it has none yet since the last shot).
func (k *Tracker) shiftHome(i int) {
	tr := &k.tracks[i]
	if k.phase == idle && tr.confirmed && !tr.homeOK {
		tr.home, tr.homeOK = tr.rest, true
		if k.trace != nil {
			k.trace("%.4f track %d ball %d rest shifted between shots from (%.1f, %.1f): its home", k.lastT, i, tr.ball, tr.rest.X, tr.rest.Y)
		}
	}
}
