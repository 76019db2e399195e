package tracking

import (
	"fmt"

	"github.com/cueref/cueref/shot"
)

// A touch (a foul) of a ball whose track took its number only a moment
// before the stroke. A false detection on the shooter's arm or hand, resting
// on a cushion as the player leans over the table, can be read now and then
// as a ball the detector knows; settled, its track takes that number on
// those reads, and when the arm moves with the stroke the "ball" starts with
// nothing near it: a touch foul. Rendered 9-ball, seed 43, shot 25: a
// nameless track that had wandered over the table (taken for lifted, jumping
// between places) came to rest on the head cushion at 196.08 s, was named
// ball 2 (pocketed at 171.7) at 196.23 on a few reads, and "started" 0.48 s
// after the stroke at 197.41: ruled a touched-ball foul, unflagged.
//
// A ball on the table is followed under its number for a while before a
// stroke; a track that took its number less than namedLateTime before it, or
// after it, and then is set off by nothing, may be no ball at all. Rendered
// 14.1, seed 59, shot 59: a false detection by the foot spot, read as the
// 14 (pocketed) in half the frames at 0.55-0.65 for 1.2 s, was named the 14
// 48 ms after the stroke and "started" 0.5 s later: a touched-ball foul on
// a legal pot, unflagged. The shot is asked
// unless the judge finds the ruling the same without the touch.

// namedLateTime (s): see above.
const namedLateTime = 3.0

// namedLateTouch returns the review reason for touch e of rec when its
// ball's track took its number less than namedLateTime before the stroke
// (see above) and the ruling without the touch differs; "" otherwise.
func (k *Tracker) namedLateTouch(rec *shot.Shot, e shot.Event) string {
	if e.Ball < 0 || e.Ball >= len(k.holder) {
		return ""
	}
	i := k.holder[e.Ball] - 1
	if i < 0 {
		for j := range k.tracks {
			if tr := &k.tracks[j]; tr.used && tr.confirmed && tr.ball == e.Ball {
				i = j
			}
		}
	}
	if i < 0 {
		return ""
	}
	tr := &k.tracks[i]
	if tr.namedT <= k.strikeT-namedLateTime {
		return ""
	}
	why := fmt.Sprintf("ball %d touched in the shot, named only %.1f s before the stroke: it may be no ball", e.Ball, k.strikeT-tr.namedT)
	if tr.namedT > k.strikeT {
		// Named after the stroke: unless the track held the number then
		// (named again in the shot), it was no ball the tracker knew.
		if b, ok := k.beforeID[i]; ok && b == e.Ball {
			return ""
		}
		why = fmt.Sprintf("ball %d touched in the shot, named only %.1f s after the stroke: it may be no ball", e.Ball, tr.namedT-k.strikeT)
	}
	read := []*shot.Shot{withoutEvents(rec, func(x shot.Event) bool { return x.Kind == shot.Touch && x.Ball == e.Ball })}
	if k.needless(why, rec, read) {
		return ""
	}
	return why
}
