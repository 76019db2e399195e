package tracking

import "testing"

// TestStartNotThroughGap: camera model at 30 fps, seed 35, 14.1 shot 211.
// The 6, 3 mm from the cue ball, was read 2.4 mm off its rest point, then
// unseen for 6 frames under the cue, then 14 mm off. Taken back onto its
// way, that read started it 0.2 s before the stroke, and the stroke was
// backdated to it: the shot matched no stroke played (see backGapFrames).
// The shot is struck at the stroke, first on the 6, unasked.
func TestStartNotThroughGap(t *testing.T) {
	wantFixtureFirst(t, "testdata/startgap-14.1-30fps-s35-norender.json.gz", 15, 1380.7302, 6, 1380.7342, 1, true)
}
