package tracking

import (
	"github.com/cueref/cueref/shot"
)

// A ball taken for pocketed while it may rest in the pocket's mouth
// (shortOfHole: last seen short of the hole, too slow to be sure it got
// there) is often seen again once it has stopped: the detector misses a ball
// rolling in the jaws' shade and finds it, now and then, at rest on the shelf
// (rendered seed 7, 10-ball shot 39: the 8, lost at 37 mm/s 90 mm short of
// the head-right hole, was taken for pocketed 0.5 s later, and the shot ended
// at once; the 8 was read again where it rested 0.3 s after that, too late:
// the pot was kept, for a person to confirm, and the shooter played on). So
// the shot does not end until mouthHold after such a ball was last seen:
// shown again in that time, newTrack takes it back (the pocket withdrawn once
// it is seen a while, ghost.go). A ball lost as it struck a jaw's facing
// (rattleLost, jawrattle.go) holds the shot for rattleHold: a rattle lasts
// longer.

// mouthHold (s): how long after its last detection a ball taken for pocketed
// that may rest in the mouth keeps the shot from ending (the 0.5 s a lost ball
// waits before it is taken for gone, and about as long again for it to stop
// and be read; strokes come over 2 s after the last ball stops).
const mouthHold = 1.5

// mouthWait reports whether track i, taken for pocketed in the shot in
// progress while it may rest in the pocket's mouth, keeps the shot open; or,
// seen again since, is on trial (startProbe) for taking its pocket back: the
// shot waits for the trial's end (a few tenths of a second at most) rather
// than believe it on what it had (endProbes).
func (k *Tracker) mouthWait(i int) bool {
	tr := &k.tracks[i]
	if k.phase != inShot {
		return false
	}
	if tr.probe.on && !tr.probe.faint && len(tr.probe.cancel) > 0 && k.lastT-tr.probe.t < mouthHold {
		for _, seq := range tr.probe.cancel {
			for j := range k.events {
				if e := &k.events[j]; e.seq == seq && !e.cancel && e.kind == shot.Pocketed && e.t >= k.strikeT {
					return true
				}
			}
		}
	}
	if !tr.gone || tr.lifted || tr.goneT < k.strikeT || k.lastT-tr.last.t >= max(mouthHold, rattleHold) {
		return false
	}
	for j := range k.events {
		if e := &k.events[j]; e.a == i && !e.cancel && e.kind == shot.Pocketed {
			// (A track of no ball, a false detection by the jaws that
			// went, holds nothing: mouthDoubt does not ask about it.)
			if tr.ball < 0 && e.ids[0] < 0 {
				return false
			}
			if k.lastT-tr.last.t < mouthHold && k.holeShort(i, e.pocket, false) {
				return true
			}
			return k.lastT-tr.last.t < rattleHold && k.rattleLost(e) // jawrattle.go
		}
	}
	return false
}
