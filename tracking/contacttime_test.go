package tracking

import (
	"math"
	"math/rand"
	"testing"

	"github.com/cueref/cueref/shot"
	"github.com/cueref/cueref/sim"
	"github.com/cueref/cueref/table"
)

// TestRestStart times the contact that sends a ball at rest off from its way
// out, on the simulator's motion sampled at 60 fps with 2.5 mm of noise: soft
// and firm, full and cut. The time found must be within three of its own
// standard errors of the truth, and those errors small.
func TestRestStart(t *testing.T) {
	P := func(x, y float64) table.Point { return table.Point{X: x, Y: y} }
	const fps, sigma = 60.0, 2.5
	dt := 1 / fps
	for _, c := range []struct {
		name  string
		speed float64 // cue, m/s
		off   float64 // mm the cue ball's line passes beside the object ball's centre
		maxSD float64 // ms
	}{
		{"full, soft", 0.7, 0, 5},
		{"full, firm", 2.5, 0, 1},
		{"half ball", 1.5, 28, 2},
		{"thin", 2.0, 45, 4},
	} {
		t.Run(c.name, func(t *testing.T) {
			cue, obj := P(700, 635), P(1400, 635+c.off)
			l := sim.Layout{0: cue, 1: obj}
			mo, err := sim.Simulate(tab9, sim.DefaultParams(), l, sim.Stroke{Speed: c.speed}, nil)
			if err != nil {
				t.Fatal(err)
			}
			tc := math.NaN()
			for _, e := range mo.Events() {
				if e.Kind == shot.Contact {
					tc = e.T
					break
				}
			}
			if math.IsNaN(tc) {
				t.Fatal("no contact in the simulation")
			}
			for seed := int64(1); seed <= 5; seed++ {
				rng := rand.New(rand.NewSource(seed))
				// Frames at a random phase; the first one after the contact
				// on, twelve of them.
				f0 := tc + rng.Float64()*dt
				var out []sample
				for i := 0; i < 12; i++ {
					st, _ := mo.Ball(1, f0+float64(i)*dt)
					out = append(out, sample{t: f0 + float64(i)*dt, p: st.Pos.Add(P(rng.NormFloat64()*sigma, rng.NormFloat64()*sigma))})
				}
				guess := tc + (rng.Float64()-0.5)*dt
				got, sd, ok := restStart(obj, out, guess, dt, sigma, slideDecel)
				if !ok {
					t.Fatalf("seed %d: no estimate", seed)
				}
				if d := math.Abs(got - tc); d > 3*sd || 1000*sd > c.maxSD {
					t.Errorf("seed %d: contact at %.5f, found %.5f ± %.2f ms (off by %.2f ms); want within 3 sd and sd ≤ %.1f ms",
						seed, tc, got, 1000*sd, 1000*d, c.maxSD)
				}
			}
		})
	}
}
