package trackbench

import (
	"math"
	"testing"

	"github.com/cueref/cueref/sim"
	"github.com/cueref/cueref/table"
)

// TestPushedAwayThenBack plays no-render seed 6's 8-ball shot 217: the cue
// ball rests 3 mm from the 14 and is struck past it (0.35 mm clear, which no
// camera tells from a graze) into the 4, comes back off the 4 and meets the
// 14 about 17 ms later. The 14's contact, timed by its own slow start, is
// good to tens of milliseconds only, and the tracker tells it first in most
// noise seeds: a wrong-ball foul (rule 3.8) where the safety was legal. Such
// a shot must go to a person (looseorder.go).
func TestPushedAwayThenBack(t *testing.T) {
	cue, four, fourteen := table.Point{X: 169.87, Y: 1169.48}, table.Point{X: 220.69, Y: 1089.76}, table.Point{X: 125.03, Y: 1129.07}
	l := sim.Layout{0: cue, 4: four, 14: fourteen}
	s := strokeAt(cue, table.Point{X: 203.12, Y: 1112.3}, four, 1.0)
	wrong := askedWhenWrongFirst(t, l, s, 20, 4, 14, "first contacts", false)
	t.Logf("the 14 told first in %d of 20 noise seeds", wrong)
}

// TestBothPushed plays no-render seed 6's 10-ball shot 237: the cue ball
// rests 3.7 mm from the 4 and 3.0 mm from the 5 and is driven between them,
// meeting the 4 a few milliseconds before the 5. Each contact is timed by its
// ball's own slow start, the 4's spoilt by its cushion soon after: the 5 may
// be told first, a wrong-ball foul (rule 3.8) on a legal safety, and the
// shot must then go to a person (looseorder.go, bothPushed).
func TestBothPushed(t *testing.T) {
	cue, four, five := table.Point{X: 2425.72, Y: 1131}, table.Point{X: 2483.38, Y: 1151.36}, table.Point{X: 2415.26, Y: 1190.18}
	l := sim.Layout{0: cue, 4: four, 5: five, 8: {X: 1844.65, Y: 937.38}}
	wrong := 0
	for _, aim := range []float64{0.15, 0.25, 0.35} {
		// Between the two, a little more towards the 4 each time.
		d := four.Sub(cue).Scale(0.5 + aim).Add(five.Sub(cue).Scale(0.5 - aim))
		s := sim.Stroke{Speed: 1.5, Angle: math.Atan2(d.Y, d.X)}
		wrong += askedWhenWrongFirst(t, l, s, 6, 4, 5, "", false) // (within 4 ms: two candidates, asked before)
	}
	t.Logf("the 5 told first in %d of 18 strokes", wrong)
}
