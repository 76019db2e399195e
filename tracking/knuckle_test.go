package tracking

import (
	"math"
	"testing"

	"github.com/cueref/cueref/shot"
)

// TestKnuckleFromMouthNoRender: a ball rattling in a side pocket's mouth
// comes back across it into the near jaw's point and rolls out onto the bed.
// The point's hit, told provisionally from the path, is kept (jawkeep.go),
// though the ball was beyond the cushion's line and heading away from the
// cushion, and though it met the mouth's other jaw a few frames before.
func TestKnuckleFromMouthNoRender(t *testing.T) {
	for _, tc := range []struct {
		fixture       string
		balls         int
		stroke, truth float64 // s
		others        []float64
	}{
		// Camera model, seed 5, 8-ball shot 238: the cue ball meets the
		// right side pocket's near jaw, its far jaw, and its near jaw's
		// point at 120 mm/s.
		{"testdata/knuckle-8ball-s5-norender.json.gz", 15, 1548.7148, 1551.3684, []float64{1550.8060, 1551.0145}},
		// Seed 3, 9-ball shot 146: the same, at 420 mm/s, 83 ms after the
		// far jaw.
		{"testdata/knuckle-9ball-s3-norender.json.gz", 9, 989.7652, 991.1689, []float64{991.0150, 991.0758}},
	} {
		s := renderedShot(t, tc.fixture, tc.balls, tc.stroke)
		var rails []float64
		for _, e := range absEvents(s) {
			if e.Kind == shot.RailHit && e.Ball == 0 && e.Rail == "right" && e.T > tc.others[0]-0.1 && e.T < tc.truth+0.2 {
				rails = append(rails, e.T)
			}
		}
		want := append(append([]float64(nil), tc.others...), tc.truth)
		ok := len(rails) == len(want)
		for i := 0; ok && i < len(want); i++ {
			ok = math.Abs(rails[i]-want[i]) <= 0.015
		}
		if !ok {
			t.Errorf("%s: got the cue ball's right cushion hits at %v s; want them at %v s (within 15 ms)", tc.fixture, rails, want)
		}
	}
}
