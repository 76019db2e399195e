package tracking

import "testing"

// TestFrozenLeftAcross: camera model at 30 fps, seed 39, 9-ball shot 221.
// The 2 rested 3 mm from the cue ball, struck away from it into the 1; the
// cue ball came back off the foot cushion and met the 2 66 ms after the
// stroke. Its start was told a push through a frozen ball, the stroke's
// first contact (see leftAcross): a wrong-ball foul, unasked. The cue ball
// met the 1 first, and the shot is ruled unasked.
func TestFrozenLeftAcross(t *testing.T) {
	wantFixtureFirst(t, "testdata/frozenacross-9ball-30fps-s39-norender.json.gz", 9, 1515.5190, 1, 1515.5422, 1, true)
}
