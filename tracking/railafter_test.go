package tracking

import "testing"

// TestRailAfterAsked: camera model at 30 fps, seed 36, 9-ball shot 37, a
// safety. The cue ball met the left cushion, then the 9 resting 24 mm off
// it, and crawled back into the cushion 8 mm off its line; no hit was told
// after the contact, and the doubt that asks about a ball come near a
// cushion looked only at the shot's nearest pass, the hit before the
// contact: no_rail, unasked (see railGapAfter). The shot must be asked
// about, the cue ball named.
func TestRailAfterAsked(t *testing.T) {
	wantAsked(t, "testdata/railafter-9ball-30fps-s36-norender.json.gz", 9, 253.9732, "ball 0 came within")
}
