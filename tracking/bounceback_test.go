package tracking

import (
	"strings"
	"testing"

	"github.com/cueref/cueref/shot"
)

// TestBounceBackStart: camera model at 30 fps, seed 25, 8-ball shot 28, a
// safety (see bounceback.go). The 8, struck into the head cushion from 43 mm
// off it, was read at the cushion and then on its way back; the read at the
// cushion was dropped and the shot ruled no_rail, unasked. The 8 must be
// started from its read at the cushion, no later than the contact, and the
// shot must tell the 8's cushion hit or ask about it.
func TestBounceBackStart(t *testing.T) {
	const stroke, contact = 178.1448, 179.6038
	s := fixtureShot30(t, "testdata/bounceback-8ball-30fps-s25-norender.json.gz", 15, stroke, 0.05)
	rail := false
	for _, e := range s.Events {
		rail = rail || e.Kind == shot.RailHit && e.Ball == 8
	}
	if !rail && (s.Review == nil || !strings.Contains(s.Review.Reason, "ball 8")) {
		t.Errorf("no cushion hit of the 8 told, review %+v; want the hit told or asked about", s.Review)
	}
	for _, e := range absEvents(s) {
		if e.Kind == shot.Contact && e.A+e.B == 8 && e.A*e.B == 0 {
			if e.T > contact+0.01 {
				t.Errorf("the cue ball's contact with the 8 told at %.4f s; want it by %.4f s", e.T, contact+0.01)
			}
			break
		}
	}
}
