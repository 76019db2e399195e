package tracking

import "testing"

// TestLeftFirstCreep: camera model at 30 fps, seed 10, 9-ball shot 63. The
// cue ball cut the 9 thin (it crept 8 mm) and met the 8 0.15 s later; the
// cue ball's way, fitted across the cut, missed the 9 by 1.4 mm more than
// the noise allows, and the 9, met again a second later, had started twice.
// The first contact went to the 8: a legal pot told for a wrong-ball foul
// (see offPlaceInShot). The 9 was met first.
func TestLeftFirstCreep(t *testing.T) {
	wantFixtureFirst(t, "testdata/leftfirstcreep-9ball-30fps-s10-norender.json.gz", 9, 433.0502, 9, 433.6654, 1, false)
}
