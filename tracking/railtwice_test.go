package tracking

import (
	"testing"

	"github.com/cueref/cueref/shot"
	"github.com/cueref/cueref/table"
)

// TestRailTwice tells a ball's hit of the left cushion, then the same hit
// again from another test 30 ms later (the bench's "twice" false hits, most
// of them at 120 fps, where three frames are only 25 ms). Whatever the frame
// rate it is one hit; a hit of a jaw next to the first one on the same rail is
// another.
func TestRailTwice(t *testing.T) {
	nose := table.Point{X: 1500, Y: 0}
	jaw := table.Point{X: 1205, Y: -10} // in the left side pocket's mouth
	for _, c := range []struct {
		name      string
		fps       float64
		second    table.Point
		dt        float64
		wantTotal int
	}{
		{"120 fps, same cushion, 30 ms later", 120, nose.Add(table.Point{X: 12}), 0.030, 1},
		{"60 fps, same cushion, 30 ms later", 60, nose.Add(table.Point{X: 12}), 0.030, 1},
		{"120 fps, same cushion, 80 ms later", 120, nose.Add(table.Point{X: 30}), 0.080, 2},
		{"120 fps, then a jaw 30 ms later", 120, jaw, 0.030, 2},
	} {
		t.Run(c.name, func(t *testing.T) {
			k, err := New(Config{Table: tab9, FPS: c.fps})
			if err != nil {
				t.Fatal(err)
			}
			k.phase = inShot
			k.tracks = append(k.tracks, track{used: true, ball: 3})
			k.addEvent(pevent{t: 1.0, kind: shot.RailHit, a: 0, rail: table.Left, at: nose, hasAt: true})
			k.addEvent(pevent{t: 1.0 + c.dt, kind: shot.RailHit, a: 0, rail: table.Left, at: c.second, hasAt: true})
			n := 0
			for _, e := range k.events {
				if e.kind == shot.RailHit && !e.cancel {
					n++
				}
			}
			if n != c.wantTotal {
				t.Errorf("got %d rail events, want %d", n, c.wantTotal)
			}
		})
	}
}
