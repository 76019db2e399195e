package tracking

import (
	"math"

	"github.com/cueref/cueref/shot"
	"github.com/cueref/cueref/table"
)

// facing is one pocket jaw's facing: the cushion's end, from the jaw point on the
// nose line into the pocket, that a ball entering off-centre glances off.
type facing struct {
	a, b table.Point // jaw point, inner end
	rail table.Rail
	pk   table.PocketID
}

// Facing angles (degrees, measured inside the rubber from the nose line) and
// depths (mm) of the jaws: the WPA equipment specification (corner 142°, side
// 104°); the depth is how far in the facing runs before the slate's cut.
const (
	cornerFacing = 142.0
	sideFacing   = 104.0
	cornerDepth  = 45.0
	sideDepth    = 30.0
)

// facings returns the twelve jaw facings of a table.
func facings(t table.Table) []facing {
	var out []facing
	for _, q := range t.Pockets() {
		phi, depth := cornerFacing, cornerDepth
		if !q.Corner {
			phi, depth = sideFacing, sideDepth
		}
		phi *= math.Pi / 180
		for _, j := range q.Jaws {
			var rail table.Rail
			var n table.Point // the rail's inward normal
			switch {
			case j.X == 0:
				rail, n = table.Head, table.Point{X: 1}
			case j.X == t.L:
				rail, n = table.Foot, table.Point{X: -1}
			case j.Y == 0:
				rail, n = table.Left, table.Point{Y: 1}
			default:
				rail, n = table.Right, table.Point{Y: -1}
			}
			u := j.Sub(q.Center)
			u = u.Sub(n.Scale(u.Dot(n)))
			u = u.Scale(1 / u.Len()) // along the nose, away from the mouth
			d := u.Scale(math.Cos(phi)).Add(n.Scale(-math.Sin(phi)))
			end := j.Add(d.Scale(depth / math.Max(d.Dot(q.In), 0.2)))
			out = append(out, facing{a: j, b: end, rail: rail, pk: q.ID})
		}
	}
	return out
}

// segDist is the distance from p to the segment ab and the nearest point on it.
func segDist(p, a, b table.Point) (float64, table.Point) {
	ab := b.Sub(a)
	s := p.Sub(a).Dot(ab) / ab.Dot(ab)
	s = math.Max(0, math.Min(1, s))
	q := a.Add(ab.Scale(s))
	return p.Dist(q), q
}

// jawTouch returns the first time in [lo, hi] when a ball on path p touches a
// jaw's facing (its centre within a radius and jawTol of it), where, and on
// which rail's jaw.
func (k *Tracker) jawTouch(p *path, lo, hi float64) (float64, table.Point, table.Rail, bool) {
	near := func(t float64) (int, float64, table.Point) {
		c := p.at(t)
		best, bd := -1, math.Inf(1)
		var at table.Point
		for j := range k.jaws {
			if d, q := segDist(c, k.jaws[j].a, k.jaws[j].b); d < bd {
				best, bd, at = j, d, q
			}
		}
		return best, bd, at
	}
	if j, _, _ := near(lo); j < 0 || k.jaws[j].a.Dist(p.at(lo)) > 4*k.R+p.vel(lo).Len()*(hi-lo) {
		return 0, table.Point{}, "", false
	}
	for t := lo; t <= hi; t += gridStep {
		if j, d, at := near(t); d <= k.R+jawTol {
			// Refine by bisection.
			l, h := t-gridStep, t
			for h-l > 1e-5 {
				m := (l + h) / 2
				if _, dm, _ := near(m); dm <= k.R+jawTol {
					h = m
				} else {
					l = m
				}
			}
			return h, at, k.jaws[j].rail, true
		}
	}
	return 0, table.Point{}, "", false
}

// jawTol (mm): how near a facing a fitted path must pass to be taken to touch it.
const jawTol = 1.0

// jawEvent adds the rail event of a jaw that track i's path p touched in
// [lo, hi], unless one is told already; it reports whether it found one.
// A ball gone into pocket into has not told the jaw by a bend deep in that
// pocket's opening: dropMouthBends takes such a bend back as the ball's way
// in. Rendered seed 71, 9-ball shot 14: the 7, bound for the head-right
// corner at 900 mm/s, crossed the head cushion's line 23 mm inside the mouth
// (told as a hit of the head cushion there, then taken back) and touched the
// facing 29 ms later; that touch was taken for the bend's and never told.
// The bend is taken back here, as dropMouthBends would.
func (k *Tracker) jawEvent(i int, p *path, lo, hi float64, unseen bool, into table.PocketID) bool {
	t, at, rail, ok := k.jawTouch(p, lo, hi)
	if !ok {
		return false
	}
	for j := range k.events {
		e := &k.events[j]
		if into != "" && e.deepIn == into && e.a == i && !e.cancel && (!e.hasAt || k.clearOfJaws(e.at, into)) {
			if k.trace != nil {
				k.trace("%.4f mouth bend: track %d's %s cushion hit at %.4f, deep in %s's opening, was its way to the jaw", k.lastT, i, e.rail, e.t, into)
			}
			e.cancel = true
			continue
		}
		if e.kind == shot.RailHit && e.a == i && e.rail == rail && !e.cancel && math.Abs(e.t-t) < math.Max(3*k.dt, sameEvent) {
			return true
		}
	}
	if k.trace != nil {
		k.trace("%.4f jaw track %d ball %d %s at %.4f %v", k.lastT, i, k.tracks[i].ball, rail, t, at)
	}
	k.addEvent(pevent{t: t, kind: shot.RailHit, a: i, rail: rail, at: at, hasAt: true, unseen: unseen})
	return true
}

// Shelf depths and hole radii (mm) of the pockets: a ball drops once its
// centre is over the hole, a circle of the radius whose near edge is the shelf's
// depth behind the mouth line, on the pocket's centre line (WPA-style pockets,
// as the simulator's).
const (
	cornerShelf = 25.0
	cornerHole  = 52.0
	sideShelf   = 12.0
	sideHole    = 57.0
)

// dropTime returns the first time in [lo, hi] when a ball on path p is over
// pocket id's hole: it falls then, and touches no jaw after it.
func (k *Tracker) dropTime(p *path, id table.PocketID, lo, hi float64) (float64, bool) {
	for _, q := range k.tab.Pockets() {
		if q.ID != id {
			continue
		}
		c, r := hole(q) // mouthrest.go
		return crossing(p, func(x table.Point) float64 { return x.Dist(c) - r }, lo, hi)
	}
	return 0, false
}

// jawSearchEnd is the end of the span over which goneEvent looks for a jaw
// that track tr, gone into pocket pk (its path crossing the mouth line at tc),
// touched on its way in, from lo on. A jaw is often touched after the last
// detection, the ball dropping before the next frame: so the span reaches
// that frame (gone from it, the ball was falling by then), but not past where
// its path is over the hole (the ball falls there, and meets no facing after),
// less the position error's worth of travel (a path that grazes a facing's
// inner end just as it drops is as likely to have missed it). It is at least
// tc + 0.02, the span told before.
func (k *Tracker) jawSearchEnd(tr *track, pk table.PocketID, lo, tc float64) float64 {
	hi := tr.last.t + k.dt
	if td, ok := k.dropTime(&tr.fit, pk, lo, tr.last.t+2*k.dt); ok {
		v := math.Max(tr.fit.vel(td).Len(), 1)
		hi = math.Min(hi, td-jawDropMargin*k.cfg.SigmaMoving/v)
	}
	return math.Max(tc+0.02, hi)
}

// jawDropMargin is the travel short of the hole, in units of the position
// noise of a moving ball, within which a touch of a facing is not told for a
// ball that drops (see jawSearchEnd).
const jawDropMargin = 2.0
