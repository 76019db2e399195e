package tracking

import "testing"

// TestSatStill: camera model at 30 fps, seed 81, 10-ball shot 145
// (satstill.go). The cue ball, struck at 6 m/s towards the head cushion,
// passed the 8 17 mm clear, and its noisy reads there bent its path; the 8
// sat still until the 7 met it 1.4 s later. No contact of the cue ball with
// the 8 is told: its first ball is the 6, met off the head cushion.
func TestSatStill(t *testing.T) {
	s := fixtureShot30(t, "testdata/satstill-10ball-30fps-s81-norender.json.gz", 10, 1010.918, 0.1)
	if got := firstBall(s); got != 6 {
		t.Errorf("first contact of the cue ball on %d, want 6; events %s", got, fmtEvents(s.Events))
	}
	for _, e := range s.Events {
		if e.Kind == "contact" && (e.A == 0 && e.B == 8 || e.A == 8 && e.B == 0) {
			t.Errorf("contact of the cue ball with the 8 told at %.4f; it passed it clear", e.T)
		}
	}
}
