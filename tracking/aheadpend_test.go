package tracking

import "testing"

// TestAheadOfPending: camera model at 30 fps, seed 3, 9-ball shot 105. The
// cue ball, read 48 mm off its rest point a frame after the stroke, went
// unread for two frames at 5 m/s and was read 570 mm on. Its track, at rest
// with that read pending, could reach only a frame's travel; the 6's track,
// 150 mm from the read, took it, and the cue ball's contact with the 5 was
// told as the 6's: no_contact on a legal pot, unasked. The cue ball's first
// contact must be the 5's, within a frame of the truth.
func TestAheadOfPending(t *testing.T) {
	const stroke, truth = 701.2401, 701.3548
	s := fixtureShot30(t, "testdata/aheadpend-9ball-30fps-s3-norender.json.gz", 9, stroke, 0.05)
	wantFirstCue(t, t.Name(), s, 5, truth, 1)
}
