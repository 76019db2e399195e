package tracking

import (
	"math"

	"github.com/cueref/cueref/table"
)

// A detector's centre for a ball against a cushion may flip, from one frame to
// the next, between the ball and a place 12–20 mm further out on the bed (the
// cushion's edge and shadow merge with the ball's outline, and the detector
// takes part of the ball for cushion). On a ball that rolls along the cushion,
// or has just died against it, each flip looks like a path broken away from the
// cushion and back into it: a cushion hit every few frames, and a ball that
// never comes to rest.
//
// No ball against a cushion jumps that far off it in a frame unless it is struck
// by another ball or is bouncing off the cushion, so such a detection, with no
// ball near enough to have struck it and the path slow along the cushion, is
// the detector's flip: it tells the ball is there (it is seen)
// but not where (it is kept off the path, the shot's log and the history).

const (
	// flipNear (mm): the last detection kept must lie within this gap of
	// the cushion.
	flipNear = 20.0
	// flipMax (mm): how much further off the cushion than the last detection
	// kept a flipped centre lands, at most.
	flipMax = 25.0
	// flipAlong (mm): how far along the cushion from the path it may be.
	flipAlong = 8.0
	// flipNormal (mm/s): the path's speed into or away from the cushion, at
	// most.
	flipNormal = 500.0
	// flipStep (mm): the least jump off the cushion, beyond what the path's
	// speed off it allows, that is a flip.
	flipStep = 8.0
	// flipSlack (mm/s): how fast the slack along the cushion grows while the
	// path goes unfed (up to flipAlong more).
	flipSlack = 50.0
	// flipRunMax (s): the longest a path goes unfed through a run of flips.
	flipRunMax = 0.5
	// flipDrift (mm): how far from the first of a run of flips (off the
	// cushion) the others may land.
	flipDrift = 4.0
	// flipSpeed (mm/s): the path's speed, at most (a ball rolling along the
	// cushion or dying against it; a fast one may have been struck).
	flipSpeed = 600.0
	// flipSettle (s): how long the path must have run since its last start
	// or break, for its speed to be known.
	flipSettle = 0.1
	// flipClear (mm): no other ball within 2R + flipClear of the path (none
	// that could have struck it).
	flipClear = 25.0
	// flipPocketSpeed (mm/s): next to a pocket, the path's speed, at most
	// (a ball that crawls).
	flipPocketSpeed = 150.0
)

// cushionFlip reports whether detection s of moving track i is the detector's
// flip off a cushion the ball runs along (see above). The jump off the cushion
// is measured from the last detection kept, less what the path's speed off the
// cushion allows: a ball that bounces off a cushion leaves it no faster than it
// came in, so the detections of its way back are not flips.
func (k *Tracker) cushionFlip(i int, s sample) bool {
	tr := &k.tracks[i]
	if !tr.moving || !tr.confirmed || len(tr.seg) < 4 {
		return false
	}
	last := tr.last
	rail, gap := k.tab.NearestRail(last.p)
	if gap > flipNear {
		return false
	}
	// A ball that overhangs a pocket's mouth may be dropping, or touching a
	// jaw (the jaws' facings lie beyond the mouth): no flip.
	nearPocket := false
	if pk, d := k.tab.NearestPocket(last.p); d < pk.Width/2+2*k.R {
		if md, _ := segDist(last.p, pk.Jaws[0], pk.Jaws[1]); md < k.R+2*k.cfg.SigmaMoving {
			return false
		}
		nearPocket = true
	}
	n := railOut(rail)
	v := tr.fit.vel(last.t)
	if math.Abs(v.Dot(n)) > flipNormal || v.Len() > flipSpeed || s.t-tr.seg[0].t < flipSettle {
		return false
	}
	// Next to a pocket the detector's centres are rougher (the jaws and the
	// hole's shadow merge with the ball's outline), so that a path fitted to
	// them lags a bounce: only a ball that crawls is judged there, and since
	// it may be about to meet a jaw at an angle, its whole speed, not only its
	// speed into the cushion, may take it off.
	vOff := math.Abs(v.Dot(n))
	if nearPocket {
		if v.Len() > flipPocketSpeed {
			return false
		}
		vOff = v.Len()
	}
	g := func(p table.Point) float64 { return k.tab.RailDistance(p, rail) }
	// The last detection kept is the reference, if the path bears it out
	// (not itself noise towards the cushion).
	if d := last.p.Sub(tr.fit.at(last.t)).Dot(n); math.Abs(d) > k.pathTol() {
		return false
	}
	jump := g(s.p) - g(last.p)
	// Along the cushion it is where the path says (a path unfed for a while,
	// through a run of flips, given some slack).
	res := s.p.Sub(tr.fit.at(s.t))
	along := math.Abs(res.X*n.Y - res.Y*n.X)
	if jump > flipMax || along > flipAlong+math.Min(flipSlack*(s.t-last.t), flipAlong) || s.t-last.t > flipRunMax {
		return false
	}
	// A run of flips lands where the first of them did; detections that go
	// on moving off the cushion are the ball leaving it.
	run := tr.flipT > last.t
	if run && math.Abs(jump-tr.flipIn) > flipDrift {
		return false
	}
	// Further off than its speed off the cushion (or back off it, no faster
	// than it came in) can take it.
	if !run && jump <= vOff*(s.t-last.t)+flipStep {
		return false
	}
	if !run && k.steadyBefore(tr, g, g(s.p), last.t) {
		return false
	}
	for j := range k.tracks {
		o := &k.tracks[j]
		if j == i || !o.used || o.gone || !o.confirmed {
			continue
		}
		if k.position(o).Dist(last.p) < 2*k.R+flipClear {
			return false
		}
	}
	if !run {
		tr.flipIn = jump
	}
	tr.flipT = s.t
	if k.trace != nil {
		k.trace("%.4f cushion flip track %d ball %d: %.1f mm further off the %s cushion than the last detection, %.1f along (path at %.0f mm/s, %.0f into it; by a pocket %v)", s.t, i, tr.ball, jump, rail, along, v.Len(), v.Dot(n), nearPocket)
	}
	return true
}

// steadyBefore reports whether track tr's detections kept from flipSteady
// before t0 back to flipPull before it all lay within flipDrift of gap gs
// from the cushion (g), at least flipSteadyN of them: the ball ran at that
// gap until a few frames before t0, and a detection there now is where it
// still is. The last detections kept, nearer the cushion, were the
// detector's pull towards it, not the ball's way to it: to be against the
// cushion at t0 it would have had to close the gap at 100 mm/s or more, and
// such a ball bounces back, no flip. Rendered seed 73, 10-ball shot 32: the
// purple 4 rolled at 130 mm/s 20 mm off the right cushion and was read 4 to
// 13 mm towards it in five frames; every true detection for the next 0.5 s
// was taken for a flip off the last of them, and the path, broken then,
// told a hit of the right cushion.
func (k *Tracker) steadyBefore(tr *track, g func(table.Point) float64, gs, t0 float64) bool {
	n := 0
	for j := len(tr.seg) - 1; j >= 0; j-- {
		x := tr.seg[j]
		if x.t > t0-flipPull {
			continue
		}
		if x.t < t0-flipSteady {
			break
		}
		if math.Abs(g(x.p)-gs) > flipDrift {
			return false
		}
		n++
	}
	return n >= flipSteadyN
}

// flipPull and flipSteady (s) bound the span before the last detection kept
// over which steadyBefore looks for the ball's gap; flipSteadyN is the
// fewest detections there (at 60 fps: the span holds 12).
const (
	flipPull    = 0.1
	flipSteady  = 0.3
	flipSteadyN = 6
)
