package tracking

import (
	"math"
	"testing"

	"github.com/cueref/cueref/shot"
)

// TestHitOrderAt30: camera model at 30 fps, seed 1, 8-ball shot 29. The cue
// ball clipped the 8, resting 4 mm off the left cushion, and met the 10 6 ms
// later. The 10's contact, told 14 ms late, stood as the first; the 8's
// start, paired with the cue ball 12 ms before it, was refused as before a
// hit already told (beforeTold), and wrong_ball_first was missed, unasked.
// At 30 fps two contacts 0.4 frame apart may be told in either order
// (hitOrderFrames): the 8 must be the first contact, within a frame.
func TestHitOrderAt30(t *testing.T) {
	const stroke, truth = 198.1599, 198.4515
	fs := loadRendered(t, "testdata/cliprail-8ball-30fps-s1-norender.json.gz")
	s := shotNear(t, renderedShotsOf(t, fs, Config{Table: tab9, FPS: 30, Balls: gameBalls(15)}), stroke, 0.1)
	for _, e := range absEvents(s) {
		if e.Kind == shot.Contact && (e.A == 0 || e.B == 0) {
			if e.A+e.B != 8 || math.Abs(e.T-truth) > 1.0/30 {
				t.Errorf("the cue ball's first contact is with ball %d at %.4f s; want the 8 at %.4f s (within a frame)", e.A+e.B, e.T, truth)
			}
			return
		}
	}
	t.Errorf("no contact of the cue ball told; want one with the 8 at %.4f s", truth)
}
