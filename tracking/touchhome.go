package tracking

import (
	"fmt"
	"math"
)

// homeAtStroke reports whether track i, at rest, is where it rested at the
// stroke and none of its detections in the shot came further than
// stayPutRoam from there: whatever starts and contacts its detections told
// (a ball whose detector reads hop between two or three places a centimetre
// or two apart, or a false second ball split off it), it never left its
// place, and no touch of it can be seen (rendered bench, 14.1 seed 10 shot 17:
// ball 6 by the HR corner, read at three places up to 17 mm apart, was told
// touched — rule 1.19 — from one of them and came to rest at another).
func (k *Tracker) homeAtStroke(i int) bool {
	at, ok := k.before[i]
	if !ok || i < 0 || i >= len(k.tracks) {
		return false
	}
	tr := &k.tracks[i]
	if !tr.used || tr.gone || tr.moving || tr.rest.Dist(at) >= 3*k.cfg.Sigma+1 || len(tr.slog) >= shotLogMax {
		return false
	}
	for _, s := range tr.slog {
		if s.p.Dist(at) > stayPutRoam {
			return false
		}
	}
	return true
}

// mouthCreep (s): a ball of the shot that came to rest in a pocket's mouth
// and is off again within this, with no ball near it, may never have stopped.
const mouthCreep = 0.5

// mouthRestart says why a start of the ball of change c is no touch to call,
// when the ball moved in the shot, came to rest in a pocket's mouth less than
// mouthCreep before, and starts again there: in the mouth the detector reads
// a ball poorly (the jaws' shade, the hole behind it), and a ball creeping
// along the mouth's slope is read at rest for a few frames (rendered bench,
// 9-ball seed 10 shot 14: ball 7, creeping in the HL mouth, read at rest for
// 0.18 s and then 17 mm on, was told touched). "" when it is not so.
func (k *Tracker) mouthRestart(c *change, name string) string {
	tr := &k.tracks[c.tr]
	if !tr.moved || c.t-tr.restT >= mouthCreep {
		return ""
	}
	pk, d := k.tab.NearestPocket(tr.rest)
	if d >= pk.Width/2+2*k.R {
		return ""
	}
	return fmt.Sprintf("%s off again in the %s mouth %.1f s after it seemed to stop: still creeping, or touched", name, pk.ID, math.Max(0, c.t-tr.restT))
}
