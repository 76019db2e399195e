package tracking

import "fmt"

// A ball hidden in the cue ball's way. In the rendered bench the tracker is
// not told where the shooter's arm lies, so a ball at rest that the arm
// hides for a while is taken for lifted by hand (liftTime) and is not among
// the balls at the stroke. When the cue ball then runs through its place
// while it is still unseen, the ball was most likely there and struck,
// hidden, and anything may have come of it (rendered 10-ball, seed 26,
// shot 48: the 10, hidden by the arm 1.6 s before the stroke, struck by the
// cue ball at 6 m/s where it lay and down the foot-left pocket before the
// camera saw it again; the shot was ruled with no 10 in it, the rack's win
// missed, unflagged). The camera saw neither the contact nor the pot: a
// person decides. A ball taken for lifted hiddenWayAge or more before the
// stroke is left out (a ball truly lifted by hand does not come back to
// lie hidden in the cue ball's way). A ball read on its way from its spot
// into a pocket, though, is told pocketed and not asked (hiddenwaypot.go:
// that shot's 10 was, twice, under the 8's number).

// hiddenWayAge (s): how long before the stroke a ball may have been taken
// for lifted and still be asked about.
const hiddenWayAge = 10.0

// hiddenWayFrames: the cue ball's detections are joined across up to this
// many frames (at speed, a few are lost by blur).
const hiddenWayFrames = 3.5

// hiddenWayDoubt returns why a person is needed when the cue ball's way in
// the shot ran within a ball's width of touching a ball taken for lifted
// before the stroke and not seen since (see above); "" if none.
func (k *Tracker) hiddenWayDoubt() string {
	cue := k.strikeTr
	if cue < 0 || cue >= len(k.tracks) {
		return ""
	}
	log := k.tracks[cue].slog
	reach := 2*k.R + k.missGap()
	for j := range k.tracks {
		tr := &k.tracks[j]
		if j == cue || !tr.used || !tr.gone || !tr.lifted || tr.ball <= 0 || tr.goneT > k.strikeT || k.strikeT-tr.goneT > hiddenWayAge {
			continue
		}
		if _, ok := k.before[j]; ok {
			continue
		}
		for i := 1; i < len(log); i++ {
			a, b := log[i-1], log[i]
			if b.t-a.t > hiddenWayFrames*k.dt || a.p == b.p {
				continue
			}
			if d, _ := segDist(tr.rest, a.p, b.p); d < reach {
				if k.trace != nil {
					k.trace("%.4f hidden way: track %d ball %d, lifted at %.4f from (%.1f, %.1f), passed %.1f mm off by the cue ball at %.4f", k.lastT, j, tr.ball, tr.goneT, tr.rest.X, tr.rest.Y, d, a.t)
				}
				return fmt.Sprintf("ball %d, hidden where it lay before the stroke and not seen since, lay in the cue ball's way", tr.ball)
			}
		}
	}
	return ""
}
