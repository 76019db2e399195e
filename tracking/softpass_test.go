package tracking

import (
	"math"
	"testing"

	"github.com/cueref/cueref/shot"
	"github.com/cueref/cueref/sim"
	"github.com/cueref/cueref/table"
)

// TestSoftPass plays shots in the simulator in which two moving balls meet
// slowly and change their velocities by only about 100 mm/s: too little
// for the close-pass test of two moving balls (judgeMovingFrom), though their
// ways in, gone on, would have run into each other (softPass). Seen by the
// camera at 60 fps with 1.5 mm of noise, the tracked shot must hold that
// contact, of the right balls, within 15 ms of the truth, for at least two of
// three noise seeds (before softPass: one).
func TestSoftPass(t *testing.T) {
	P := func(x, y float64) table.Point { return table.Point{X: x, Y: y} }
	for _, c := range []struct {
		name   string
		layout sim.Layout
		stroke sim.Stroke
		a, b   int // the contact's balls
	}{
		{"cue ball 556 mm/s meets 1 at 374 mm/s",
			sim.Layout{0: P(575.2, 734.0), 1: P(188.3, 311.1), 2: P(651.0, 418.2), 3: P(2387.9, 728.5), 4: P(2239.4, 377.7),
				5: P(845.6, 185.3), 6: P(1760.7, 1030.5), 7: P(2074.4, 471.5), 8: P(1100.1, 347.5)},
			sim.Stroke{Speed: 1.5897875661354575, Angle: -2.0069993615236332, Follow: -0.12582598879289583}, 0, 1},
	} {
		t.Run(c.name, func(t *testing.T) {
			mo, err := sim.Simulate(tab9, sim.DefaultParams(), c.layout, c.stroke, nil)
			if err != nil {
				t.Fatal(err)
			}
			var want shot.Event
			found := false
			for _, e := range mo.Events() {
				if e.Kind == shot.Contact && (e.A == c.a && e.B == c.b || e.A == c.b && e.B == c.a) {
					a0, _ := mo.Ball(e.A, e.T-1e-4)
					b0, _ := mo.Ball(e.B, e.T-1e-4)
					a1, _ := mo.Ball(e.A, e.T+1e-3)
					if dv := a1.Vel.Sub(a0.Vel).Len(); a0.Vel.Len() > 30 && b0.Vel.Len() > 30 && dv < 150 {
						want, found = e, true
					}
				}
			}
			if !found {
				t.Fatalf("the simulation has no slow contact of moving balls %d and %d: %s", c.a, c.b, fmtEvents(mo.Events()))
			}
			told := 0
			for seed := int64(1); seed <= 3; seed++ {
				const at = 0.5
				frames := simFrames(seed, at+mo.Duration()+1, []piece{{mo: mo, at: at}}, nil, nil)
				shots, _ := simShots(t, frames)
				if len(shots) != 1 {
					t.Fatalf("seed %d: got %d shots, want 1", seed, len(shots))
				}
				s := shots[0]
				best := math.Inf(1)
				for _, e := range s.Events {
					if e.Kind == shot.Contact && (e.A == c.a && e.B == c.b || e.A == c.b && e.B == c.a) {
						best = math.Min(best, math.Abs(*s.Start+e.T-at-want.T))
					}
				}
				if best <= 0.015 {
					told++
				} else {
					t.Logf("seed %d: contact %d-%d at %.4f s: nearest told %s (events %s)", seed, c.a, c.b, want.T, fmtMs(best), fmtEvents(s.Events))
				}
			}
			if told < 2 {
				t.Errorf("contact %d-%d at %.4f s told within 15 ms for %d of 3 noise seeds; want 2 at least", c.a, c.b, want.T, told)
			}
		})
	}
}
