package tracking

import (
	"fmt"
	"math"
	"strings"
	"testing"

	"github.com/cueref/cueref/shot"
	"github.com/cueref/cueref/sim"
	"github.com/cueref/cueref/table"
)

// rekissSim simulates a re-kiss case and returns its motion and the first two
// contact times of the cue ball and ball b; it fails the test when the
// simulation has no re-kiss of the pair.
func rekissSim(t *testing.T, l sim.Layout, st sim.Stroke, b int) (*sim.Motion, []float64) {
	t.Helper()
	mo, err := sim.Simulate(tab9, sim.DefaultParams(), l, st, nil)
	if err != nil {
		t.Fatal(err)
	}
	var want []float64
	for _, e := range mo.Events() {
		if rekissPair(e, b) && len(want) < 2 {
			want = append(want, e.T)
		}
	}
	if len(want) < 2 || want[1]-want[0] > rekissWin {
		t.Fatalf("the simulation has no re-kiss of balls 0 and %d: %s", b, fmtEvents(mo.Events()))
	}
	return mo, want
}

// rekissPair reports whether e is a contact of the cue ball and ball b.
func rekissPair(e shot.Event, b int) bool {
	return e.Kind == shot.Contact && (e.A == 0 && e.B == b || e.A == b && e.B == 0)
}

// rekissCases are shots of the simulator in which the cue ball strikes a ball
// next to a cushion that comes back off it into the cue ball 15–80 ms later
// (the layouts and strokes are the bench's, 10-ball, seed 2001).
var rekissCases = []struct {
	name   string
	layout sim.Layout
	stroke sim.Stroke
	b      int // the ball the cue ball meets twice
}{
	{"8 off the left cushion", sim.Layout{0: pt(407.6, 909.7), 8: pt(202.0, 48.5), 9: pt(63.2, 454.4), 10: pt(1953.5, 1039.7)},
		sim.Stroke{Speed: 0.73132, Angle: -1.82946, Follow: 0.10452}, 8},
	{"8 off the left cushion, thinner", sim.Layout{0: pt(832.1, 1073.4), 8: pt(359.4, 47.9), 9: pt(1859.7, 716.5), 10: pt(1193.5, 938.8)},
		sim.Stroke{Speed: 0.75737, Angle: -2.01410, Follow: -0.13529}, 8},
	{"5 off the foot cushion", sim.Layout{0: pt(1279.1, 221.6), 5: pt(2488.2, 312.1), 6: pt(1980.6, 819.8), 7: pt(1604.2, 137.7),
		8: pt(2510.0, 1227.6), 9: pt(949.2, 52.5), 10: pt(2418.6, 381.1)},
		sim.Stroke{Speed: 0.88303, Angle: 0.07558, Follow: 0.12460}, 5},
	// 15–25 ms apart: too soon to see the balls part (modelRekiss).
	{"8 off the head cushion at once", sim.Layout{0: pt(1952.6, 157.8), 8: pt(33.6, 243.1), 9: pt(63.2, 454.4), 10: pt(1953.5, 1039.7)},
		sim.Stroke{Speed: 0.86516, Angle: 3.08854, Follow: 0.16558}, 8},
	{"5 off the foot cushion at once", sim.Layout{0: pt(2200.5, 637.5), 5: pt(2504.2, 701.1), 6: pt(1980.6, 819.8), 7: pt(1604.2, 137.7),
		8: pt(2510.0, 1227.6), 9: pt(949.2, 52.5), 10: pt(2331.8, 424.0)},
		sim.Stroke{Speed: 0.64315, Angle: 0.25421, Follow: 0.08729}, 5},
}

// TestRekiss plays shots in the simulator in which the cue ball strikes a
// ball next to a cushion that comes back off it into the cue ball 15–80 ms
// later: two contacts of one pair with a cushion hit between (the layouts and
// strokes are the bench's, 10-ball, seed 2001). Seen by the camera at 60 fps
// with 1.5 mm of noise, the tracked shot must hold both contacts, each within
// 30 ms of the truth (the bench's tolerance), for two of three noise seeds at
// least (the re-kiss is told from a handful of detections: at one seed of the
// third case the noise hides it).
func TestRekiss(t *testing.T) {
	for _, c := range rekissCases {
		t.Run(c.name, func(t *testing.T) {
			mo, want := rekissSim(t, c.layout, c.stroke, c.b)
			var fails []string
			for seed := int64(1); seed <= 3; seed++ {
				s, shift := playOne(t, "", mo, seed)
				used := map[int]bool{}
				for _, w := range want {
					best, bi := math.Inf(1), -1
					for i, e := range s.Events {
						if used[i] || e.Kind != shot.Contact || !(e.A == 0 && e.B == c.b || e.A == c.b && e.B == 0) {
							continue
						}
						if d := math.Abs(e.T + shift - w); d < best {
							best, bi = d, i
						}
					}
					if best > 0.03 {
						fails = append(fails, fmt.Sprintf("seed %d: contact 0-%d at %.4f s: nearest told %s; want one within 30 ms (events %s)",
							seed, c.b, w, fmtMs(best), fmtEvents(s.Events)))
						continue
					}
					used[bi] = true
				}
			}
			if len(fails) > 1 {
				t.Errorf("got %d contacts missed over three seeds, want 1 at most:\n%s", len(fails), strings.Join(fails, "\n"))
			}
		})
	}
}

// pt is a table point.
func pt(x, y float64) table.Point { return table.Point{X: x, Y: y} }
