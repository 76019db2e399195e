package tracking

import "testing"

// TestVanishedMetAsked: camera model at 30 fps, seed 36, 14.1 shot 388. The
// cue ball met the 7 by the foot-right corner and the 7 dropped 50 ms later;
// the contact and the pocket were told provisionally only, and the 7's track
// was taken for lifted. No contact of the cue ball was told: a no_contact
// foul for a legal pot, unasked (see vanished.go). The shot must be asked
// about, the 7 named.
func TestVanishedMetAsked(t *testing.T) {
	wantAsked(t, "testdata/vanishmet-14.1-30fps-s36-norender.json.gz", 15, 2537.1458, "ball 7 ")
}
