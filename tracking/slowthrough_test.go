package tracking

import (
	"math"
	"testing"

	"github.com/cueref/cueref/shot"
)

// TestSlowPushIsStroke: camera model at 30 fps, seed 7, 14.1 shot 57 (a
// foul: no_rail). The cue ball, pushed 13 mm into the 8 at 70 mm/s, sent it
// 32 mm; the cue ball's slow start was let go as a creep before the 8's
// start showed, the shot began 40 frames later with both balls at rest
// where the push left them, and it was not sent (nothing moved). The shot
// must be told from the stroke, both balls where they rested before it, the
// contact in it.
func TestSlowPushIsStroke(t *testing.T) {
	const stroke, contact = 365.6781, 365.7451
	s := fixtureShot30(t, "testdata/slowpush-14.1-30fps-s7-norender.json.gz", 15, stroke, 0.1)
	for b, want := range map[int]shot.Point{0: {1925.96, 720.01}, 8: {1964.7, 773.76}} {
		if p, ok := s.Before[b]; !ok || p.P().Dist(want.P()) > 5 {
			t.Errorf("ball %d at the stroke at %v; want it at %v", b, p, want)
		}
	}
	var met bool
	for _, e := range absEvents(s) {
		if e.Kind == shot.Contact && e.A+e.B == 8 && (e.A == 0 || e.B == 0) {
			met = true
			if math.Abs(e.T-contact) > 1.0/30 {
				t.Errorf("the cue ball meets the 8 at %.4f s; want %.4f s within a frame", e.T, contact)
			}
		}
	}
	if !met {
		t.Errorf("no contact of the cue ball with the 8 told; want one at %.4f s", contact)
	}
}
