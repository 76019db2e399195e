package tracking

import (
	"strings"
	"testing"
)

// TestThinCutBeforeAsked: camera model at 30 fps, seed 12, 10-ball shot 176.
// The cue ball cut the 2 thinly and met the 8 7 ms later. Read twice on its
// way, the second read 14 ms before the 8's contact, told first (half a
// frame's margin had left one read, no way); the way from both passed the
// 2 5 mm clear, within its uncertainty. The 8 stood first: a wrong-ball
// foul, unasked. The shot must be asked about, the 2 named.
func TestThinCutBeforeAsked(t *testing.T) {
	const stroke = 1231.6587
	s := fixtureShot30(t, "testdata/thincut-10ball-30fps-s12-norender.json.gz", 10, stroke, 0.05)
	if s.Review == nil || !strings.Contains(s.Review.Reason, "ball 2") {
		t.Errorf("review %+v; want one naming ball 2, a candidate first contact", s.Review)
	}
}
