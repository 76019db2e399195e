package tracking

import (
	"math"
	"testing"

	"github.com/cueref/cueref/shot"
)

// TestStoppedAgainstHeld: camera model at 30 fps, seed 5, 14.1 shot 313, a
// safety. The 15 rolled the length of the table into the 2, resting 0.9 mm
// off the head cushion, at 117 mm/s, and stopped dead against it; the 2 went
// into the cushion (truth: contact at 2046.7019 s, the 2's cushion 10 ms
// later). The 2 never left its place, the 15's stop looked like its coming to
// rest, and the record had neither: no_rail was ruled, unasked, where the
// safety was legal. Both must be told.
func TestStoppedAgainstHeld(t *testing.T) {
	const stroke, contact, rail = 2041.0137, 2046.7019, 2046.7122
	s := fixtureShot30(t, "testdata/slowinto-14.1-30fps-s5-norender.json.gz", 15, stroke, 0.05)
	var met, hit bool
	for _, e := range absEvents(s) {
		switch {
		case e.Kind == shot.Contact && e.A+e.B == 17 && (e.A == 2 || e.B == 2):
			met = true
			if math.Abs(e.T-contact) > 0.5/30 {
				t.Errorf("the 15 meets the 2 at %.4f s; want %.4f s within half a frame", e.T, contact)
			}
		case e.Kind == shot.RailHit && e.Ball == 2:
			hit = true
			if e.Rail != "head" || math.Abs(e.T-rail) > 0.5/30 {
				t.Errorf("the 2 meets the %s cushion at %.4f s; want the head cushion at %.4f s", e.Rail, e.T, rail)
			}
		}
	}
	if !met {
		t.Errorf("no contact of the 15 with the 2 told; want one at %.4f s", contact)
	}
	if !hit {
		t.Errorf("no cushion of the 2 told; want the head cushion at %.4f s", rail)
	}
	if s.Review != nil {
		t.Errorf("the shot is sent to review (%s); want it ruled", s.Review.Reason)
	}
}
