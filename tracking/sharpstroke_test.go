package tracking

import (
	"math"
	"testing"

	"github.com/cueref/cueref/shot"
	"github.com/cueref/cueref/sim"
	"github.com/cueref/cueref/table"
)

// TestSharpStroke: a ball resting a few millimetres from the cue ball starts (a
// hand's nudge here; in rendered seed 4, 14.1, a ball whose reads hopped by 18
// mm beside a cushion) a quarter of a second before the stroke; the cue ball is
// read at rest all the while and leaves at 1.5 m/s. The stroke was taken back
// to that start (advance: a cue ball creeping off a near-frozen ball shows its
// start late), and the shot, 0.23 s early, matched no true stroke: no shot
// tracked. A cue ball read leaving that fast from its rest point was struck
// then: the shot must start at the true stroke, within a frame; and the
// neighbour's start, before it, is no contact of the cue ball (it was read at
// rest after it): the first contact is ball 1.
func TestSharpStroke(t *testing.T) {
	P := func(x, y float64) table.Point { return table.Point{X: x, Y: y} }
	const at = 2.0
	cue, five := P(1000, 400), P(1045, 355) // 63.6 mm apart: a 6.5 mm gap
	strike, err := sim.Simulate(tab9, sim.DefaultParams(), sim.Layout{0: cue, 1: P(1600, 400)}, sim.Stroke{Speed: 1.5}, nil)
	if err != nil {
		t.Fatal(err)
	}
	away := five.Sub(cue)
	for _, c := range []struct {
		name  string
		early float64 // s the neighbour starts before the stroke
		speed float64 // of the nudge, m/s
	}{
		{"nudged 0.23 s before", 0.23, 0.25},
		{"nudged 0.4 s before", 0.4, 0.4},
	} {
		t.Run(c.name, func(t *testing.T) {
			nudge, err := sim.Simulate(tab9, sim.DefaultParams(), sim.Layout{0: five}, sim.Stroke{Speed: c.speed, Angle: math.Atan2(away.Y, away.X)}, nil)
			if err != nil {
				t.Fatal(err)
			}
			pieces := []piece{{mo: strike, at: at}, {mo: nudge, at: at - c.early, names: map[int]int{0: 5}}}
			shots, _ := simShots(t, simFrames(11, at+4, pieces, nil, nil))
			var s *shot.Shot
			for _, x := range shots {
				if math.Abs(*x.Start-at) < 0.2 {
					s = x
				}
			}
			if s == nil {
				t.Fatalf("no shot within 0.2 s of the stroke at %.2f among %d", at, len(shots))
			}
			if math.Abs(*s.Start-at) > 1.0/60 {
				t.Errorf("shot struck at %.4f, want %.4f within a frame", *s.Start, at)
			}
			if got := firstContactOf(s.Events); got != 1 {
				t.Errorf("first contact with ball %d, want 1; events %s", got, fmtEvents(s.Events))
			}
		})
	}
}
