package tracking

import (
	"fmt"
	"math"

	"github.com/cueref/cueref/shot"
)

// A ball at rest at the stroke sets nothing off before something sets it
// off. When the contact told first for the cue ball is with a ball a that is
// also told meeting another ball b, at rest too, clearly before the cue ball
// met a, the two contacts cannot both be right: b started first, and the cue
// ball may have met b first (with a pressed near b, one bend of the cue
// ball's path shows both). Camera model at 30 fps, seed 43, 10-ball shot 74:
// the cue ball 10 mm from the 7, the 9 4 mm from the 7; the cue ball met the
// 7 and 8 ms later the 9. The 7's start was paired with the 9's way and the
// 9's with the cue ball's 15 ms after it: the 9 told first, a wrong-ball foul
// for a legal pot, unasked (TestHitBefore).
//
// hitBeforeWhy says so, with the balls the cue ball may have met first, or "".
func (k *Tracker) hitBeforeWhy(first *pevent) (string, []int) {
	if k.cst.rack {
		return "", nil // a break: the rack's balls touch, their hits cascade in no sure order
	}
	cue, a, ok := k.cueAndOther(first) // railorder.go
	if !ok || k.movingAtStroke(a) {
		return "", nil
	}
	if _, ok := k.before[a]; !ok {
		return "", nil
	}
	for i := range k.events {
		e := &k.events[i]
		if e.cancel || e.kind != shot.Contact || e == first || e.a != a && e.b != a || e.a == cue || e.b == cue {
			continue
		}
		b := e.a + e.b - a
		if _, ok := k.before[b]; !ok || k.movingAtStroke(b) {
			continue
		}
		ta, tb := k.tracks[a].startT, k.tracks[b].startT
		if math.Abs(ta-first.t) > k.dt/2 || math.Abs(tb-e.t) > k.dt/2 || ta-tb <= hitOrder || first.t-e.t <= hitOrder {
			continue // not both set off by these contacts, or not clearly in the wrong order
		}
		ba, bb := k.tracks[a].ball, k.tracks[b].ball
		if ba < 0 || bb <= 0 {
			continue
		}
		why := fmt.Sprintf("ball %d told meeting ball %d %.0f ms before the cue ball met it: the cue ball may have met ball %d first", ba, bb, 1000*(first.t-e.t), bb)
		return why, []int{bb}
	}
	return "", nil
}
