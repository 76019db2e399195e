package tracking

import (
	"strings"
	"testing"
)

// Rendered bench, 8-ball seed 45 shot 22 (a safety; the shooter is on the
// stripes): the cue ball, at 0.7 m/s, ran into the 8 mm gap between the 7
// and the 14 and met both from the same place, the 7 1.3 ms before the 14
// (its centre 0.65 mm further on when it met the 14). The 7 first is a foul
// (wrong ball first), the 14 first is legal. The camera cannot order them:
// the 7's contact was timed 16 ms late from its own way out, so the two were
// not "within a few ms", and the 14 was told first, unasked. Two balls the
// cue ball's way reaches within a few millimetres of each other were met at
// once, whatever their fitted times say: a person is asked (wedge.go).
func TestWedgeAsked(t *testing.T) {
	s := renderedShot(t, "testdata/wedge-8ball-s45-rendered.json.gz", 15, 173.4692)
	if s.Review == nil || !strings.HasPrefix(s.Review.Reason, "two candidate first contacts") {
		t.Errorf("got review %v; want the two candidate first contacts", s.Review)
	}
}
