package tracking

import "testing"

// TestNearPassAsked: camera model at 30 fps, seed 35, 8-ball shot 141. The
// cue ball, at 4 m/s, passed 5-10 mm from the 14, frozen to the 8; two noisy
// reads made a break in its way there, told a contact with the 14 from the
// near pass, the cue ball's first: a wrong-ball foul for a legal pot,
// unasked (see nearpass.go). The shot must be asked about.
func TestNearPassAsked(t *testing.T) {
	wantAsked(t, "testdata/nearpass-8ball-30fps-s35-norender.json.gz", 15, 925.8448, "balls 0 and 14")
}
