package tracking

import (
	"fmt"

	"github.com/cueref/cueref/shot"
)

// A ball set off from rest with no ball near it, gone at once. explain judges
// an unexplained start (a touch, told or asked) only once the ball is seen
// moving on for a dozen frames; a start whose track is gone before that is
// dropped as "stopped again at once". But a ball that no moving ball came
// near cannot start by itself, and one that went from the table within those
// frames is not one that stopped: either a hand or the cue touched it (a
// foul), or the track was never a ball (a false detection on the shooter's
// arm at the table's edge, read as a ball at rest, that went off "into" a
// pocket as the arm moved). Rendered 10-ball, seed 25, shot 44: reads of the
// shooter's hand by the foot-right pocket, 675 mm behind the cue ball on the
// stroke's line, taken for the 8 (which lay unseen in the head-right mouth),
// rested a second, then set off 0.67 s after the stroke, more than a metre
// from every moving ball, jumping 40 to 140 mm back and forth each frame,
// and were told into the foot-right pocket 0.19 s later: the safety was
// ruled a pot (the shooter to go on), unflagged. Such a start is asked: its
// other reading has the ball's events of the shot (its cushions, its pot)
// struck out; the judge drops the doubt when that rules alike.

// goneStartNear (mm): how near a start any ball must have been seen, within a
// dozen frames of it, to have struck it unseen (weakTouch's reach).
const goneStartNear = 250.0

// goneStart raises the doubt of start change ci when its track, a numbered
// ball, is already gone with no ball near it at the start (see above). It
// reports whether it did.
func (k *Tracker) goneStart(ci int) bool {
	c := &k.chg[ci]
	tr := &k.tracks[c.tr]
	if !c.start || k.phase != inShot || !tr.gone || tr.lifted || tr.ball <= 0 || c.tr == k.strikeTr || c.t < k.strikeT {
		return false
	}
	if k.nearbyMover(c, 2*k.R+40, 5, nil) >= 0 {
		return false
	}
	if o, d := k.nearestSeen(c, 12, false); o >= 0 && d < 2*k.R+goneStartNear {
		return false
	}
	b := tr.ball
	why := fmt.Sprintf("ball %d set off with no ball near it and was gone at once: touched, or no ball", b)
	if k.trace != nil {
		k.trace("%.4f gone start: track %d ball %d at %.4f, gone at %.4f: %s", k.lastT, c.tr, b, c.t, tr.goneT, why)
	}
	k.raise(why, func(rec *shot.Shot) []*shot.Shot {
		return []*shot.Shot{withoutEvents(rec, func(e shot.Event) bool {
			return e.Ball == b && (e.Kind == shot.RailHit || e.Kind == shot.Pocketed || e.Kind == shot.OffTable)
		})}
	})
	return true
}
