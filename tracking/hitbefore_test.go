package tracking

import "testing"

// TestHitBefore: camera model at 30 fps, seed 43, 10-ball shot 74. The cue
// ball met the 7, pressed near the 9, and 8 ms later the 9; the 9 was told
// meeting the 7 10 ms before the cue ball met the 9, and told first. The two
// cannot both be so: the shot is asked about.
func TestHitBefore(t *testing.T) {
	wantAsked(t, "testdata/hitbefore-10ball-30fps-s43-norender.json.gz", 10, 497.2022, "ball 9 told meeting ball 7")
}
