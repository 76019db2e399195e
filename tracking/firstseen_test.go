package tracking

import (
	"testing"

	"github.com/cueref/cueref/table"
)

// TestFirstSeenMoving shows the tracker a ball only once it is rolling (out of a
// cluster the detector could not split, or from under an arm): its first three
// detections lie on a straight path 1 m/s and more fast. The track must be a
// moving one from its third detection on (confirmMoving), not a ball at rest at
// its third detection that then seems to start. Cause fixed: a new track's first
// detection was not in its history, so confirmMoving, which judges the first
// three, never had them.
func TestFirstSeenMoving(t *testing.T) {
	P := func(x, y float64) table.Point { return table.Point{X: x, Y: y} }
	for _, c := range []struct {
		name string
		v    table.Point // mm/s
	}{
		{"slow roll", P(600, 200)},
		{"fast", P(-2500, 900)},
	} {
		t.Run(c.name, func(t *testing.T) {
			k, err := New(Config{Table: tab9, FPS: 60})
			if err != nil {
				t.Fatal(err)
			}
			rest := []Obs{{Ball: 0, At: P(600, 300), Confidence: 0.9, Class: ClassCue}, {Ball: 4, At: P(1800, 900), Confidence: 0.9, Class: ClassSolid}}
			from := P(1300, 600)
			dt := 1.0 / 60
			var balls []Ball
			for f := 0; f < 60; f++ {
				tt := float64(f) * dt
				obs := append([]Obs(nil), rest...)
				n := f - 30 // the rolling ball is seen from frame 30 on
				if n >= 0 {
					obs = append(obs, Obs{Ball: 12, At: from.Add(c.v.Scale(float64(n) * dt)), Confidence: 0.9, Class: ClassStripe})
				}
				if _, err := k.Push(tt, obs); err != nil {
					t.Fatal(err)
				}
				if n == 2 {
					balls = k.Balls(balls[:0])
					found := false
					for _, b := range balls {
						if b.At.Dist(rest[0].At) > 2*tab9.BallR && b.At.Dist(rest[1].At) > 2*tab9.BallR {
							found = found || b.At.Dist(from.Add(c.v.Scale(2*dt))) < 3
							if found && !b.Moving {
								t.Errorf("after its third detection the rolling ball is at rest at %v, want moving", b.At)
							}
						}
					}
					if !found {
						t.Errorf("after its third detection no confirmed ball where it is; balls %+v", balls)
					}
				}
			}
		})
	}
}
