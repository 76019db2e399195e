package tracking

import (
	"strings"
	"testing"
)

// Rendered bench, 14.1 seed 42 shot 61: the 15 crept to rest 1.6 mm short of
// the right cushion in the head-right mouth and never touched it; read 0.2 mm
// short, a cushion hit was told and a no-rail foul (rule 1.17) went unasked.
// Resting against the cushion it was told to hit, it is asked (railrest.go).
func TestRailRestAsked(t *testing.T) {
	s := renderedShot(t, "testdata/railrest-14.1-s42-rendered.json.gz", 15, 472.1754)
	if s.Review == nil || !strings.HasPrefix(s.Review.Reason, "ball 15 rests against the cushion") {
		t.Errorf("got review %v; want ball 15 resting against the cushion asked", s.Review)
	}
}
