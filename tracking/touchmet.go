package tracking

import (
	"fmt"
	"math"

	"github.com/cueref/cueref/shot"
)

// A touch told of a ball that then stayed at its place until a moving ball
// met it. By a pocket's jaws or a cushion the detector's centre for a ball
// at rest can flip a centimetre or more off it and back, and a few such reads
// in a row start it: a touch (rule 1.19), told as the ball starts, however
// its reads go on. Rendered seed 67, 10-ball shot 45 (stroke at 375.590 s):
// ball 9, resting 12 mm off the right cushion by the foot-right corner, was
// read 13 mm off it and back for half a second (the pocket's shade) and told
// touched 1.1 s after the stroke; the 5 met it 0.5 s later and sent it in. A
// touched_ball foul where the shot was legal, unflagged. A ball truly touched
// leaves its place; one read off it and back, then met, may have sat still
// until the other ball came: when every read of it between the touch and its
// next contact lies within touchHome of where it rested, the touch is a
// doubt, and the judge asks a person when the reading without it rules
// otherwise.

// touchHome (mm): the reads of a ball told touched that stay this near where
// it rested, up to its next contact, never showed it leave: the flips seen
// by pockets and cushions, and the noise.
const touchHome = 25.0

// touchMetDoubt says why a touch in the shot is in doubt (see above), or "",
// with the reading without it.
func (k *Tracker) touchMetDoubt(rec *shot.Shot) (string, []*shot.Shot) {
	for i := range k.events {
		e := &k.events[i]
		if e.cancel || e.kind != shot.Touch || e.a < 0 || e.a >= len(k.tracks) || e.still != e.a {
			continue
		}
		tc, by := math.Inf(1), -1
		for j := range k.events {
			x := &k.events[j]
			if !x.cancel && x.kind == shot.Contact && (x.a == e.a || x.b == e.a) && x.t > e.t && x.t < tc {
				tc, by = x.t, x.a+x.b-e.a
			}
		}
		tr := &k.tracks[e.a]
		if by < 0 || tr.ball < 0 {
			continue
		}
		home, n := true, 0
		for _, s := range tr.slog {
			if s.t <= e.t || s.t >= tc-k.dt/2 {
				continue
			}
			n++
			if s.p.Dist(e.stillAt) > touchHome {
				home = false
				break
			}
		}
		if !home || n == 0 {
			continue
		}
		b := tr.ball
		why := fmt.Sprintf("ball %d told touched %.2f s before ball %d met it, read near its place the while: touched, or read off it", b, tc-e.t, k.tracks[by].ball)
		return why, []*shot.Shot{withoutEvents(rec, func(x shot.Event) bool { return x.Kind == shot.Touch && x.Ball == b })}
	}
	return "", nil
}
