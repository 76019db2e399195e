package tracking

import "testing"

// TestShiftedAsked: camera model at 30 fps, seed 44, 10-ball shot 168, a
// safety. The cue ball, 16 mm off the 10 frozen to the left cushion, was
// struck into it and came straight back off it within a frame; the 10 went
// into the cushion and rested 5.7 mm from where it lay. No contact was told,
// and a no_contact foul was called, unasked (see shifted.go). The shot must
// be asked about, the 10 named.
func TestShiftedAsked(t *testing.T) {
	wantAsked(t, "testdata/shifted-10ball-30fps-s44-norender.json.gz", 10, 1184.2327, "ball 10 moved 6 mm")
}
