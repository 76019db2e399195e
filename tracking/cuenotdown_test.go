package tracking

import "testing"

// TestCueNotDown: camera model at 30 fps, seed 32, 8-ball. In shot 250 the
// cue ball met the 13 by the head-right corner 17 ms before the 13 dropped;
// the cue ball's track went into the pocket and the 13's rolled on with the
// cue ball (see cuenotdown.go). Read as the cue ball from then on, that
// track is the cue ball: shots 251 and 252 are told, each struck on it, 252
// first on the 6.
func TestCueNotDown(t *testing.T) {
	const fixture = "testdata/cuenotdown-8ball-30fps-s32-norender.json.gz"
	wantFixtureFirst(t, fixture, 15, 1679.2034, 14, 1679.2084, 2, false)
	wantFixtureFirst(t, fixture, 15, 1683.8641, 6, 1684.5071, 1, true)
}
