package tracking

import "testing"

// TestHitOrderAt30: camera model at 30 fps, seed 1, 8-ball shot 29. The cue
// ball clipped the 8, resting 4 mm off the left cushion, and met the 10 6 ms
// later. The 10's contact, told 14 ms late, stood as the first; the 8's
// start, paired with the cue ball 12 ms before it, was refused as before a
// hit already told (beforeTold), and wrong_ball_first was missed, unasked.
// At 30 fps two contacts 0.4 frame apart may be told in either order
// (hitOrderFrames): the 8 must be the first contact, within a frame.
func TestHitOrderAt30(t *testing.T) {
	const stroke, truth = 198.1599, 198.4515
	s := fixtureShot30(t, "testdata/cliprail-8ball-30fps-s1-norender.json.gz", 15, stroke, 0.1)
	wantFirstCue(t, t.Name(), s, 8, truth, 1)
}
