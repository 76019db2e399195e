package trackbench

import (
	"testing"

	"github.com/cueref/cueref/shot"
	"github.com/cueref/cueref/sim"
	"github.com/cueref/cueref/table"
)

// TestRailRest scores a record's places of balls resting by a cushion against
// the true layout: the black ball apart from the others, frozen balls read
// off and loose balls read frozen counted, balls in a pocket's mouth, far from
// any cushion or unplaced left out of the errors, a place far out (another
// ball's) left out of the percentiles.
func TestRailRest(t *testing.T) {
	tab := table.MustNew("9ft")
	R := tab.BallR
	foot := func(gap, y float64) table.Point { return table.Point{X: tab.L - R - gap, Y: y} }
	truth := sim.Layout{
		0:  {X: 600, Y: 600},
		8:  foot(1.5, 567), // frozen, read 6.4 mm off
		1:  foot(3.0, 300), // loose, read frozen
		2:  foot(0.5, 900), // frozen, read frozen
		3:  foot(10, 700),  // loose, read 200 mm away (another ball's place)
		4:  foot(5, 450),   // unplaced
		5:  {X: 1200, Y: 600},
		6:  {X: tab.L - R, Y: R + 2}, // in the foot-left pocket's mouth
		13: foot(12, 1000),           // read 1 mm nearer the cushion
	}
	rec := &shot.Shot{Before: shot.Positions{
		0:  shot.FromP(truth[0]),
		8:  shot.FromP(foot(6.4, 567)),
		1:  shot.FromP(foot(1.5, 300)),
		2:  shot.FromP(foot(0.8, 900)),
		3:  shot.FromP(foot(210, 700)),
		5:  shot.FromP(truth[5]),
		6:  shot.FromP(foot(30, 200)),
		13: shot.FromP(foot(11, 1000)),
	}}
	r := &run{cfg: Config{Table: tab}, rep: &Report{}}
	r.railRest(truth, rec)
	r.rep.RailRests.finish()
	black, other := r.rep.RailRests.Black, r.rep.RailRests.Other
	if black.N != 1 || black.Frozen != 1 || black.FrozenReadOff != 1 || black.FrozenReadMax < 6.3 || black.FrozenReadMax > 6.5 {
		t.Errorf("black: got %+v, want 1 ball, frozen, read off at 6.4 mm", *black)
	}
	if other.N != 5 || other.Unplaced != 1 || other.Frozen != 1 || other.FrozenReadOff != 0 || other.LooseReadFrozen != 1 {
		t.Errorf("others: got %+v, want 5 balls (1 unplaced, 1 frozen and read so, 1 loose read frozen)", *other)
	}
	if other.Far != 1 {
		t.Errorf("others: %d placed elsewhere; want 1 (ball 3, read 200 mm out)", other.Far)
	}
	if len(other.errs) != 3 || other.ErrMax < 0.2 || other.ErrMax > 0.4 || other.ErrP01 > -1.4 || other.ErrP01 < -1.6 {
		t.Errorf("others' gap errors %v (p01 %.1f, max %.1f); want 3 (-1.5, +0.3, -1.0), the place 200 mm out left out", other.errs, other.ErrP01, other.ErrMax)
	}
}
