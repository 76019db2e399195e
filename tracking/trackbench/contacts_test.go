package trackbench

import (
	"math"
	"testing"

	"github.com/cueref/cueref/shot"
	"github.com/cueref/cueref/sim"
	"github.com/cueref/cueref/table"
)

// TestContactFacts checks the traits the report breaks true contacts down by,
// on shots played in the simulator: a plain hit of a ball at rest, and a push
// through a pair of frozen balls, whose second contact no camera can time.
func TestContactFacts(t *testing.T) {
	P := func(x, y float64) table.Point { return table.Point{X: x, Y: y} }
	R := tab9.BallR
	r := &run{cfg: Config{}}
	r.cfg.fill()
	for _, c := range []struct {
		name       string
		l          sim.Layout
		a, b       int // the contact looked at
		observable bool
		touching   bool
		frozen     bool
		bothMoving bool
		cause      string // of a miss
	}{
		{"ball at rest", sim.Layout{0: P(700, 635), 1: P(1400, 635)}, 0, 1, true, false, false, false, ""},
		{"frozen pair: the push", sim.Layout{0: P(700, 635), 1: P(1400, 635), 2: P(1400+2*R+0.05, 635)}, 1, 2, false, true, true, false, "pressed, frozen at the stroke"},
	} {
		t.Run(c.name, func(t *testing.T) {
			mo, err := sim.Simulate(tab9, sim.DefaultParams(), c.l, sim.Stroke{Speed: 1.5}, nil)
			if err != nil {
				t.Fatal(err)
			}
			ss := &sim.ShotSim{Before: c.l, Motion: mo, Intent: "pot"}
			truth := mo.Events()
			ei := -1
			for i, e := range truth {
				if e.Kind == shot.Contact && (e.A == c.a && e.B == c.b || e.A == c.b && e.B == c.a) {
					ei = i
					break
				}
			}
			if ei < 0 {
				t.Fatalf("no contact %d-%d in the truth:%s", c.a, c.b, fmtEv(truth))
			}
			f := r.factsOf(ss, truth, ei, false, nil)
			if f.observable() != c.observable || f.touching != c.touching || f.frozen != c.frozen || f.bothMoving != c.bothMoving {
				t.Errorf("got observable %v touching %v frozen %v both moving %v, want %v %v %v %v (Δv %.0f mm/s)",
					f.observable(), f.touching, f.frozen, f.bothMoving, c.observable, c.touching, c.frozen, c.bothMoving, f.dv)
			}
			if c.observable && f.dv < smallDV {
				t.Errorf("Δv %.0f mm/s for a full hit, want ≥ %.0f", f.dv, smallDV)
			}
			if !c.observable {
				if got := f.cause(); got != c.cause {
					t.Errorf("cause %q, want %q", got, c.cause)
				}
			}
		})
	}
}

// TestFalseCause checks what a contact the truth lacks is put down to.
func TestFalseCause(t *testing.T) {
	P := func(x, y float64) table.Point { return table.Point{X: x, Y: y} }
	l := sim.Layout{0: P(700, 635), 1: P(1400, 635), 2: P(2000, 300)}
	mo, err := sim.Simulate(tab9, sim.DefaultParams(), l, sim.Stroke{Speed: 1.5}, nil)
	if err != nil {
		t.Fatal(err)
	}
	ss := &sim.ShotSim{Before: l, Motion: mo}
	truth := mo.Events()
	tc := math.NaN()
	for _, e := range truth {
		if e.Kind == shot.Contact {
			tc = e.T
			break
		}
	}
	r := &run{cfg: Config{}}
	r.cfg.fill()
	for _, c := range []struct {
		name string
		e    shot.Event
		want string
	}{
		{"late", shot.Event{Kind: shot.Contact, T: tc + 0.08, A: 0, B: 1}, "same pair, time off > 30 ms"},
		{"wrong partner", shot.Event{Kind: shot.Contact, T: tc, A: 0, B: 2}, "one ball of a true contact, wrong partner"},
		{"phantom", shot.Event{Kind: shot.Contact, T: 0.01, A: 1, B: 2}, "phantom (balls apart)"},
	} {
		if got := r.falseCause(ss, truth, c.e); got != c.want {
			t.Errorf("%s: got %q, want %q", c.name, got, c.want)
		}
	}
}
