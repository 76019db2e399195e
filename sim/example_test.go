package sim_test

import (
	"fmt"
	"math"
	"os"

	"github.com/cueref/cueref/sim"
	"github.com/cueref/cueref/table"
)

// A draw shot into the corner: the object ball drops in the foot-right pocket and
// the cue ball comes back.
func ExampleSimulate() {
	t := table.MustNew("9ft")
	fr := t.Pocket(table.FR)
	ob := fr.Center.Sub(fr.In.Scale(400))
	cue := ob.Sub(fr.In.Scale(400))
	l := sim.Layout{0: cue, 1: ob}
	m, err := sim.Simulate(t, sim.DefaultParams(), l, sim.Stroke{Speed: 1.5, Angle: math.Pi / 4, Follow: -0.4}, nil)
	if err != nil {
		fmt.Println(err)
		return
	}
	for _, e := range m.Events() {
		switch e.Kind {
		case "contact":
			fmt.Printf("%.3f s contact %d–%d at (%.0f, %.0f)\n", e.T, e.A, e.B, e.At[0], e.At[1])
		case "pocket":
			fmt.Printf("%.3f s ball %d in %s\n", e.T, e.Ball, e.Pocket)
		default:
			fmt.Printf("%.3f s %s\n", e.T, e.Kind)
		}
	}
	end := m.After()[0]
	fmt.Printf("the cue ball drew back %.0f mm\n", end.Dist(ob.Sub(fr.In.Scale(2*t.BallR))))
	_, on := m.After()[1]
	fmt.Println("ball 1 on the bed:", on)
	// Output:
	// 0.000 s strike
	// 0.180 s contact 0–1 at (2196, 926)
	// 0.481 s ball 1 in FR
	// 3.035 s stop
	// the cue ball drew back 374 mm
	// ball 1 on the bed: false
}

// Two players play a rack of 9-ball; the shot log is what the tracker would write.
func ExamplePlayMatch() {
	m, err := sim.PlayMatch(sim.MatchConfig{Game: "9ball", Racks: 1, Seed: 7,
		Table: table.MustNew("9ft"), Players: [2]string{"Anna", "Boris"}})
	if err != nil {
		fmt.Println(err)
		return
	}
	last := m.Rulings[len(m.Rulings)-1]
	fmt.Println("records:", len(m.Records) > 2, "game over:", last.GameOver != nil)
	_ = m.WriteJSONL(os.Stdout) // shots.jsonl
}
