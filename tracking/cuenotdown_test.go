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

// TestCueNotDownNameless: camera model at 30 fps, seed 35, 9-ball. In shot
// 130 the cue ball and the 2 swapped tracks as they met; the cue ball's
// track went on to the 2's place and was taken for lifted there, and the
// 2's, on the cue ball, lost its number (its old votes for the 2 against its
// reads of the cue ball since) and stood nameless. Shot 131 was struck on
// it and went untold. Read as the cue ball, at rest and seen steadily, while
// only a gone track holds the cue ball, it is the cue ball: the shot is
// told, first on the 2.
func TestCueNotDownNameless(t *testing.T) {
	wantFixtureFirst(t, "testdata/cuenotdown-9ball-30fps-s35-norender.json.gz", 9, 889.4121, 2, 890.0001, 1, true)
}
