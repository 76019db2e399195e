package tracking

import (
	"fmt"
	"math"

	"github.com/cueref/cueref/table"
)

// A ball at rest cannot step out of the cue ball's way: a cue ball going
// straight from its rest point to a ball of the rack meets, first, any ball
// at rest that stands in front of it on that way. In a break at 30 fps the
// cue ball crosses the table in four or five frames, its way into the rack is
// read from one or two blurred detections, and the contacts in the rack come
// within milliseconds: the first contact told may be a ball of the second row
// while the head ball stood in front of it. Camera model at 30 fps, seed 36,
// 10-ball shot 45: the stroke was found 34 ms late, the cue ball's track took
// the 2's path in the rack, and its contact with the 2 was told 30 ms before
// it met the 1 at the apex, which rested 16 mm off the straight line to the 2
// and 55 mm nearer; the legal break was ruled illegal_break and
// wrong_ball_first, unasked (seeds 73, 86 and 87, 10-ball breaks, the same).

// headFractions are the offsets, in diameters, across the band of straight
// ways from the cue ball's rest point that reach the ball told first (their
// line passes within a diameter of its rest point) that headWhy looks along.
var headFractions = [...]float64{-0.9, -0.45, 0, 0.45, 0.9}

// headWhy says why the first contact of a break is in doubt, and names the
// ball that stood in front: the stroke found a rack, and along most of the
// band of straight ways from the cue ball's rest point that reach the ball
// told first (three of headFractions' five), another ball at rest is reached
// before it. "" when the ball told first is the one most of those ways reach
// first, or the shot is no break.
func (k *Tracker) headWhy(first *pevent) (string, int) {
	cue := k.strikeTr
	o := first.a + first.b - cue
	from, ok := k.before[cue]
	to, ok2 := k.before[o]
	if !ok || !ok2 || o == cue || o < 0 || o >= len(k.tracks) || !k.racked() {
		return "", -1
	}
	v := to.Sub(from)
	dist := v.Len()
	if dist <= 4*k.R {
		return "", -1
	}
	u0 := v.Scale(1 / dist)
	var hits [len(headFractions)]int
	for j, f := range headFractions {
		a := math.Asin(f * 2 * k.R / dist)
		u := table.Point{X: u0.X*math.Cos(a) - u0.Y*math.Sin(a), Y: u0.X*math.Sin(a) + u0.Y*math.Cos(a)}
		hits[j], _, _ = k.firstOnWay(u, o)
	}
	best, bn := -1, 0
	for _, b := range hits {
		if b < 0 || b == o {
			continue
		}
		n := 0
		for _, c := range hits {
			if c == b {
				n++
			}
		}
		if n > bn {
			best, bn = b, n
		}
	}
	if bn*2 <= len(headFractions) {
		return "", -1
	}
	fb, hb := k.tracks[o].ball, k.tracks[best].ball
	if fb <= 0 || hb <= 0 || fb == hb {
		return "", -1
	}
	if k.trace != nil {
		k.trace("%.4f head doubt: ball %d (track %d) told first in the break; ways to it meet %v first", k.lastT, fb, o, hits)
	}
	return fmt.Sprintf("ball %d told first in the break, but ball %d stood in front of it on the cue ball's way", fb, hb), hb
}
