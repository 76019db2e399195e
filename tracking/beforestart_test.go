package tracking

import "testing"

// TestNoContactBeforeStart: camera model at 30 fps, seed 57, 10-ball shot 23.
// The cue ball, 7 mm from the 8 held by the foot cushion, was struck away
// from it; a break in its way soon after the stroke, its way in reaching
// back to its rest point, was told a contact with the 8 13 ms before the
// stroke (pairResting), the cue ball's first. The cue ball met the 2 first,
// and the shot is ruled unasked.
func TestNoContactBeforeStart(t *testing.T) {
	wantFixtureFirst(t, "testdata/beforestart-10ball-30fps-s57-norender.json.gz", 10, 163.2134, 2, 163.3424, 1, true)
}
