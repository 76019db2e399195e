package tracking

import "testing"

// TestRestNotMet: camera model at 30 fps, seed 27, 9-ball shot 223. The cue
// ball, at 3 m/s, met the 1 passing 5 mm from the 9; the 1's start, its
// pairing with the cue ball missed, was put to a contact with the 9, at rest
// all the while 64 mm from it (see nearestSeen): a wrong-ball foul told for
// a legal pot. The cue ball met the 1 first.
func TestRestNotMet(t *testing.T) {
	wantFixtureFirst(t, "testdata/restnotmet-9ball-30fps-s27-norender.json.gz", 9, 1531.5890, 1, 1531.7049, 1, false)
}
