package tracking

import "fmt"

// A hand back from a lift. A ball the tracker took for lifted (gone from
// where it rested with nothing hiding it: liftTime) comes back on the next
// detection that names it (readBack), wherever that is: it was taken off by
// hand and is put back by hand. When the ball was in fact never taken off but
// lost from view where it lay (resting deep in a corner's mouth, where the
// detector hardly sees a ball), the false detections the detector names it
// by now and then (the shooter's bridge hand, a cue, a jaw's shadow) bring it
// "back" all over the table, and one that then moves with the hand is told
// touched (rule 1.19) and, leaving with the arm past a pocket, pocketed.
//
// handback.go drops the events of a ball back from the pocket that started
// untouched soon after it came back and then moved untouched in the shot:
// no ball. A ball back from a lift that does the same is most likely such a
// phantom too, but a ball truly put back by hand (spotted, or the cue ball
// taken for another) that a player then touched in the shot would lose a true
// foul if its events were dropped; the camera cannot tell the two apart, so
// the shot is asked instead.
//
// Rendered seed 21, 9-ball: ball 8, knocked deep into the foot right corner's
// mouth in shot 22 (189.4 s), was taken for lifted there and came back on
// false detections a dozen times in the shots after; in shot 42 a track back
// as "3" by the side right pocket at 356.15 s, renamed 8, started untouched
// 0.26 s later, then again 0.54 s after the stroke and went into the side
// pocket: a touched-ball foul (and a pocketed 8) told on a legal shot,
// unasked.

// askLiftBack asks the shot in progress about track i, a ball back from a
// lift that moved untouched at handT, soon after it came back, and again in
// the shot (dropHandBack's case, for a lifted ball).
func (k *Tracker) askLiftBack(i int, handT float64) {
	tr := &k.tracks[i]
	if k.trace != nil {
		k.trace("%.4f track %d ball %d came back from a lift at %.4f (moved at %.4f): asked", k.lastT, i, tr.ball, tr.backT, handT)
	}
	k.doubts = append(k.doubts, doubt{lost: true, tr: i, t: k.lastT, why: fmt.Sprintf("ball %d, back in view at %.2f s after it was lost where it lay, moved untouched: it may be a false detection", tr.ball, tr.backT)})
}
