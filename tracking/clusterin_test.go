package tracking

import (
	"math"
	"testing"

	"github.com/cueref/cueref/shot"
)

// TestClusterInTimedByStruckRendered: rendered seed 74, 10-ball shot 12. The
// cue ball, at 3.8 m/s, cut the 6 and met the 8 12 ms later, with no
// detection between: its way into the 8 is a frame or less long, and the
// time the pairing told from its change, 6 ms early, outweighed the 8's
// sharp start (combineContact's sharpStruck). The contact must be timed
// within 3 ms.
func TestClusterInTimedByStruckRendered(t *testing.T) {
	fs := loadRendered(t, "testdata/clusterin-10ball-s74-rendered.json.gz")
	s := shotNear(t, renderedShotsOf(t, fs, Config{Table: tab9, FPS: 60, Balls: gameBalls(10)}), 91.2843, 0.05)
	const truth = 91.3668
	var hit []float64
	for _, e := range absEvents(s) {
		if e.Kind == shot.Contact && (e.A == 0 && e.B == 8 || e.A == 8 && e.B == 0) {
			hit = append(hit, e.T)
		}
	}
	if len(hit) != 1 || math.Abs(hit[0]-truth) > 0.003 {
		t.Errorf("got contacts of the cue ball and the 8 at %v s; want one at %.4f s (within 3 ms)", hit, truth)
	}
}
