package tracking

import (
	"strings"
	"testing"

	"github.com/cueref/cueref/shot"
)

// TestCornerLostRendered runs the tracker on the detector's view of an 8-ball
// table (bench seed 35, rendered, shot 25): the cue ball meets the 8, at rest
// 40 mm off the left cushion by the head-left corner, which drops in that
// corner 0.15 s later, hardly seen on its way (black in the corner's shade).
// The 8 may not vanish from the shot unaccounted for: the shot must tell it
// pocketed there, or ask about it.
func TestCornerLostRendered(t *testing.T) {
	s := renderedShot(t, "testdata/cornerlost-8ball-s35-rendered.json.gz", 15, 191.5534)
	wantStrokeFirst(t, s, 191.5534, 8)
	if _, ok := s.After[8]; ok {
		t.Errorf("got the 8 after the shot at %v; want it gone", s.After[8])
	}
	for _, e := range s.Events {
		if e.Kind == shot.Pocketed && e.Ball == 8 {
			if e.Pocket != "HL" {
				t.Errorf("got the 8 pocketed in %s; want HL", e.Pocket)
			}
			return
		}
	}
	if s.Review == nil || !strings.Contains(s.Review.Reason, "ball 8") {
		t.Errorf("got the 8 gone with no event (review %v); want it pocketed in HL, or the shot asked about it", s.Review)
	}
}
