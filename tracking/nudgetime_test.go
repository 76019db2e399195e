package tracking

import (
	"testing"

	"github.com/cueref/cueref/sim"
	"github.com/cueref/cueref/table"
)

// TestNudgeTimed plays a cue ball rolling at 0.16–0.19 m/s into a ball at
// rest 100–150 mm on, 48–51 mm off its line: a thin, slow contact that nudges
// the object ball a few millimetres, found by a close pass (judgeNudge). Its
// first time, where the cue ball's way in before the pass reaches touching
// distance, was 30–60 ms off in a third to a half of the noise seeds. The
// simulator's contact is the truth: the tracker must tell the 0–1 contact
// within the bench's contact tolerance (30 ms) in all but a few of 8 noise
// seeds. Before nudgeTime the cases were missed or mistimed in 4, 6 and 3
// seeds.
func TestNudgeTimed(t *testing.T) {
	P := func(x, y float64) table.Point { return table.Point{X: x, Y: y} }
	for _, c := range []struct {
		name      string
		dist, off float64 // mm the object ball is on and off the cue ball's line
		speed     float64 // cue, m/s
		most      int     // seeds of 8 the contact may be missed or mistimed in
	}{
		{"150 mm on, 51 off, 0.19 m/s", 150, 51, 0.19, 1},
		{"150 mm on, 48 off, 0.16 m/s", 150, 48, 0.16, 3},
		{"100 mm on, 51 off, 0.16 m/s", 100, 51, 0.16, 1},
	} {
		t.Run(c.name, func(t *testing.T) {
			bad := slowContactMisses(t, sim.Layout{0: P(700, 635), 1: P(700+c.dist, 635+c.off)}, c.speed, 8)
			if bad > c.most {
				t.Errorf("got %d of 8 seeds with the contact missed or off by more than 30 ms, want at most %d", bad, c.most)
			}
		})
	}
}
