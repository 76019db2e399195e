package tracking

import "testing"

// TestLiftedMet: camera model at 30 fps, seed 11, 9-ball shot 25. The cue
// ball and the 7 went unread for five frames as the cue ball met the 7; the
// 7's track was taken for lifted and the cue ball's came back on the 7's way
// (see pairLifted): no contact was told, a no_contact foul for a legal pot.
// The cue ball met the 7 first.
func TestLiftedMet(t *testing.T) {
	wantFixtureFirst(t, "testdata/liftedmet-9ball-30fps-s11-norender.json.gz", 9, 164.6747, 7, 165.5159, 1, false)
}
