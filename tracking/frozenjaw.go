package tracking

import (
	"math"

	"github.com/cueref/cueref/table"
)

// A ball by a pocket's jaw, frozen to the straight cushion beside it. Whether
// a resting ball is frozen to a cushion is in doubt when its readings cannot
// tell (frozendoubt.go); that doubt was not weighed for a ball within a
// mouth's half width and a diameter of a pocket's mouth centre, taken for in
// the jaws or the mouth, where no straight cushion is. But that reach spans
// 24 mm of straight cushion nose beyond each corner jaw point (the mouth's
// centre lies 41 mm off each cushion line), and a ball there rests against
// the nose as anywhere along it: rule 1.31 holds for it as for any other.
//
// Rendered 8-ball, seed 49, shot 36: the 8 rested frozen to the head cushion
// (0.2 mm off its nose), its foot on the nose 24.5 mm short of the head-right
// corner's jaw point, 67 mm from the mouth's centre; read 2.5 mm off (the
// black ball's pull off a cushion, frozenBand), it was taken for not frozen.
// The cue ball met it first and went into the pocket; the 8 was pressed into
// the cushion and driven to no other: the frozen-ball foul went untold and
// unasked (only the scratch told).
//
// So the doubt leaves out a ball only when its foot on the nearest cushion's
// nose line (the point of the line nearest its centre) lies beyond a jaw
// point of that cushion, in a pocket's mouth: there is no nose there to be
// frozen to.

// footInMouth reports whether the ball centred at p has its foot on the
// nearest cushion's nose line in a pocket's mouth: between a jaw point on
// that line and the pocket's side of it (see above).
func (k *Tracker) footInMouth(p table.Point) bool {
	rail, _ := k.tab.NearestRail(p)
	along := table.Point{X: 1} // the nose line's direction
	if rail == table.Head || rail == table.Foot {
		along = table.Point{Y: 1}
	}
	for _, pk := range k.tab.Pockets() {
		for _, j := range pk.Jaws {
			if math.Abs(k.tab.RailDistance(j, rail)+k.R) > 1e-6 {
				continue // not a jaw point on this cushion's nose line
			}
			s := p.Sub(j).Dot(along)
			c := pk.Center.Sub(j).Dot(along)
			if s*c > 0 && math.Abs(s) <= 2*math.Abs(c) {
				return true
			}
		}
	}
	return false
}
