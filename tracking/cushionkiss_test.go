package tracking

import (
	"math"
	"testing"

	"github.com/cueref/cueref/shot"
)

// TestCushionKissNotStruckTimedNoRender: camera model, seed 2, 8-ball shot
// 101. The cue ball cut the 2 86° thin at 1.5 m/s, met the head cushion 18
// ms later and came back into the 2 9 ms after that. The 2, hardly moved by
// the first contact, left by the second: its way out and start are the
// second's, and timed the first 19.5 ms late (combineContact's
// turnedBefore). The first must be told before the cue ball's cushion hit.
func TestCushionKissNotStruckTimedNoRender(t *testing.T) {
	fs := loadRendered(t, "testdata/cushionkiss-8ball-s2-norender.json.gz")
	s := shotNear(t, renderedShotsOf(t, fs, Config{Table: tab9, FPS: 60, Balls: gameBalls(15)}), 666.5895, 0.05)
	const truth, rail = 667.1773, 667.1949
	var hit []float64
	for _, e := range absEvents(s) {
		if e.Kind == shot.Contact && (e.A == 0 && e.B == 2 || e.A == 2 && e.B == 0) && math.Abs(e.T-truth) < 0.1 {
			hit = append(hit, e.T)
		}
	}
	if len(hit) == 0 || hit[0] >= rail || math.Abs(hit[0]-truth) > 0.01 {
		t.Errorf("got contacts of the cue ball and the 2 at %v s; want the first before its cushion hit at %.4f s, within 10 ms of %.4f s", hit, rail, truth)
	}
}
