package tracking

import (
	"math"
	"testing"

	"github.com/cueref/cueref/shot"
)

// TestRestNoiseNotStartNoRender: a ball struck from rest at 1 m/s or more,
// read a few millimetres towards its way some frames before it was struck,
// is not started from that read (startMoving's fastStep): its contact with
// the cue ball is timed by its start and came 20 ms early.
func TestRestNoiseNotStartNoRender(t *testing.T) {
	for _, tc := range []struct {
		fixture       string
		balls         int
		stroke, truth float64 // s
		ball          int     // the ball struck
	}{
		// Camera model, seed 7, 9-ball shot 79: the 4, struck at 1 m/s,
		// read 2.5 mm towards its way 21 ms before the contact (told -17.6 ms).
		{"testdata/reststart-9ball-s7-norender.json.gz", 9, 559.7896, 559.9295, 4},
		// Seed 1, 10-ball shot 211: the 2, struck 6 ms after the stroke
		// (told -17.5 ms).
		{"testdata/reststart-10ball-s1-norender.json.gz", 10, 1476.3193, 1476.3257, 2},
	} {
		fs := loadRendered(t, tc.fixture)
		s := shotNear(t, renderedShotsOf(t, fs, Config{Table: tab9, FPS: 60, Balls: gameBalls(tc.balls)}), tc.stroke, 0.05)
		var hit []float64
		for _, e := range absEvents(s) {
			if e.Kind == shot.Contact && (e.A == 0 && e.B == tc.ball || e.A == tc.ball && e.B == 0) && math.Abs(e.T-tc.truth) < 0.1 {
				hit = append(hit, e.T)
			}
		}
		if len(hit) != 1 || math.Abs(hit[0]-tc.truth) > 0.003 {
			t.Errorf("%s: got contacts of the cue ball and the %d within 0.1 s of the truth's at %v s; want one at %.4f s (within 3 ms)", tc.fixture, tc.ball, hit, tc.truth)
		}
	}
}
