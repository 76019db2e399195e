package tracking

import (
	"math"

	"github.com/cueref/cueref/table"
)

// A ball lost from view by a pocket heading into the cushion beside the mouth
// (its centre's path crossing the mouth line outside the jaw points) does not
// reach the hole the way it was going: it meets the cushion or the jaw's point
// first and comes back off it, losing most of its speed in the jaws, and often
// rests there, where the detector does not see it (seed 7, 9-ball: the 8, lost
// at about 390 mm/s 70 mm short of the corner's hole heading into the foot
// cushion by the jaw, rattled between the jaws and stayed on the shelf; it was
// told pocketed, and the next shot's cue ball hit it there unseen). A ball
// heading into the opening between the points, even off the straight way to
// the hole, is funnelled in by the facings. So a pocket of a ball last seen
// heading outside the mouth is doubted (shortOfHole) unless it was fast enough
// to come off the cushion and still reach the hole (mouthOutFactor).

// mouthOutFactor: a ball last seen short of a pocket's hole heading outside
// the mouth is sure to have dropped only when this many times faster than a
// ball sure to roll straight into the hole (mouthRestMargin): off the cushion
// or a jaw's point it keeps at most about half its speed (the cushion returns
// about three quarters of the speed across it, the jaws' rattle takes more),
// and its way to the hole is longer. (Rendered seeds 1-7: of eight balls lost
// heading outside a mouth below 600 mm/s, the one that stayed out went at 393
// mm/s, 2 x 217 needed; four that dropped went at 505-548 mm/s, 2 x 212-216.)
const mouthOutFactor = 2.0

// mouthCross returns how far from the centre of pocket q's mouth, across it,
// the straight path from p along v crosses the mouth line; +Inf when the path
// does not reach the line (heading away from the pocket), 0 when p is past it.
func mouthCross(q table.Pocket, p, v table.Point) float64 {
	w := p.Sub(q.Center)
	ahead := -w.Dot(q.In) // distance in front of the mouth line
	if ahead <= 0 {
		return 0
	}
	vin := v.Dot(q.In)
	if vin <= 0 {
		return math.Inf(1)
	}
	x := w.Add(v.Scale(ahead / vin))
	return x.Sub(q.In.Scale(x.Dot(q.In))).Len()
}

// headsOutside reports whether a ball seen last at p, moving at v, short of
// pocket q's hole and not on the way into it, heads for the cushion beside the
// mouth (or away): its centre crosses the mouth line outside the jaw points.
func headsOutside(q table.Pocket, p, v table.Point) bool {
	return mouthCross(q, p, v) > q.Width/2
}
