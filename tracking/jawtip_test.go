package tracking

import (
	"strings"
	"testing"
)

// TestJawTipAsked: camera model at 30 fps, seed 29, 10-ball shot 144, a
// safety. The 3, 16 mm off the left cushion by the side pocket, was driven
// into it 1 mm outside the jaw point; its touching point was put 2.5 mm
// inside, no cushion hit was told, and a no_rail foul was called, unasked
// (see jawtip.go). The shot must be asked about, the 3 named.
func TestJawTipAsked(t *testing.T) {
	s := fixtureShot30(t, "testdata/jawtip-10ball-30fps-s29-norender.json.gz", 10, 1010.4710, 0.05)
	if s.Review == nil || !strings.Contains(s.Review.Reason, "ball 3 ") {
		t.Errorf("review %+v; want one about the 3's cushion hit at the jaw point", s.Review)
	}
}
