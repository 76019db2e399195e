package tracking

import (
	"math"

	"github.com/cueref/cueref/shot"
	"github.com/cueref/cueref/table"
)

// A cushion hit near a ball that lies near the cushion. noStroke takes a record
// whose struck ball ended where it began and met nothing for the detector's
// doing when its cushion hits lie within noStrokeRail beyond a radius of where
// the ball lay: a ball frozen to a cushion, its reads flipping along it. A
// ball that lies a little off the cushion has the gap to cross as well: its
// reads flipping towards the cushion, fitted as a path, cross the cushion's
// line further from its centre than a frozen ball's would, though no nearer to
// it along the cushion.
//
// Rendered 14.1, seed 31, at 461.6 s: the cue ball at rest 21 mm off the right
// cushion by the head-right corner, 2 s before shot 63, read in turn at its
// place and 14–17 mm off it (along the line of the stroke to come: the cue
// tip by the ball) for 0.3 s at the confidence of its reads at rest. A "shot"
// was told struck at the first flip, with a "hit" of the right cushion 19 mm
// along from the ball's foot on it (53.0 mm from its centre, against 52.6),
// the ball back at rest 0.3 mm from where it began: ruled a no-contact foul
// and the next player's turn, unflagged.
//
// So a hit on a cushion also counts as near when the ball lay no farther than
// noStrokeRail from that cushion and the hit lies no farther than noStrokeRail
// along it from the ball's foot on it (the point of its nose nearest the
// ball): a hit a read's flip can reach. A ball struck into a cushion that near
// comes back off it and on past where it began; one that stops back where it
// began (within noStrokeNudge) after such a hit is a read's flip.
//
// And one that stops back on its very spot (within noStrokeStill) after a
// hit up to a ball's width away: told hitting the cushion at
// 0.9 m/s, it would have come back at most of that and rolled on far past.
// Rendered 9-ball, seed 60, at 161.52 s: the cue ball 34 mm off the head
// cushion, the player addressing it from behind the head rail; its reads
// scattered 45-60 mm for 0.2 s under the cue, a "hit" of the head cushion
// 4 mm along from its foot, the ball back 0.25 mm from where it lay: ruled
// a no-contact foul, unflagged, 2.2 s before the true stroke.

// railsNear reports whether every cushion hit at (nil: unknown) of a ball that
// lay at p is near enough to be a read's flip (see above and noStroke):
// within reach (noStrokeRail, or a ball's width for a ball back on its spot).
func (k *Tracker) railsNear(at []*shot.Point, p table.Point, reach float64) bool {
	for _, a := range at {
		if a == nil {
			return false
		}
		if a.P().Dist(p) <= k.R+reach {
			continue
		}
		r, foot := k.railFoot(a.P(), p)
		if k.tab.RailDistance(p, r) > reach || a.P().Dist(foot) > reach {
			return false
		}
	}
	return true
}

// railFoot returns the rail whose nose line passes nearest a (a cushion hit's
// place) and the point of that line nearest p.
func (k *Tracker) railFoot(a, p table.Point) (table.Rail, table.Point) {
	best, foot, gap := table.Head, table.Point{}, math.Inf(1)
	for _, r := range table.Rails {
		var f table.Point
		switch r {
		case table.Head:
			f = table.Point{X: 0, Y: p.Y}
		case table.Foot:
			f = table.Point{X: k.tab.L, Y: p.Y}
		case table.Left:
			f = table.Point{X: p.X, Y: 0}
		case table.Right:
			f = table.Point{X: p.X, Y: k.tab.W}
		}
		// a's distance to the line through f along the rail.
		d := math.Abs(a.X - f.X)
		if r == table.Left || r == table.Right {
			d = math.Abs(a.Y - f.Y)
		}
		if d < gap {
			best, foot, gap = r, f, d
		}
	}
	return best, foot
}
