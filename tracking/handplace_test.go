package tracking

import (
	"testing"

	"github.com/cueref/cueref/shot"
)

// TestPlacedNotStruck: camera model at 30 fps (see handplace.go). The cue
// ball in hand, put down by hand far from where it lay and read still there,
// is no stroke: no shot is struck when it was put down, and the shot is
// struck at the true stroke, on the true first ball.
func TestPlacedNotStruck(t *testing.T) {
	for _, c := range []struct {
		fixture        string
		n              int
		placed, stroke float64
		first          int
	}{
		// Seed 33, 8-ball shot 250: put down 256 mm away at 1661.32 s,
		// struck at 1662.05 s into the 13.
		{"testdata/placed-8ball-30fps-s33-norender.json.gz", 15, 1661.3167, 1662.0495, 13},
		// Seed 12, 10-ball shot 240: put down 157 mm away at 1681.72 s,
		// struck at 1682.50 s.
		{"testdata/placed-10ball-30fps-s12-norender.json.gz", 10, 1681.7167, 1682.5035, -1},
	} {
		t.Run(c.fixture, func(t *testing.T) {
			shots := renderedShotsOf(t, loadRendered(t, c.fixture), Config{Table: tab9, FPS: 30, Balls: gameBalls(c.n)})
			wantNoShotBetween(t, shots, c.placed-0.5, c.stroke-0.05, "the cue ball put down by hand")
			s := shotNear(t, shots, c.stroke, 0.05)
			if c.first < 0 {
				return
			}
			if fi := firstOf(s); fi < 0 || s.Events[fi].A+s.Events[fi].B != c.first {
				t.Errorf("first contact %v; want the cue ball on the %d", s.Events, c.first)
			}
		})
	}
}

// wantNoShotBetween fails the test for each of shots struck after lo and
// before hi (what happened then, why, was no stroke).
func wantNoShotBetween(t *testing.T, shots []*shot.Shot, lo, hi float64, why string) {
	t.Helper()
	for _, s := range shots {
		if *s.Start > lo && *s.Start < hi {
			t.Errorf("got a shot struck at %.4f s; want none between %.4f and %.4f s (%s)", *s.Start, lo, hi, why)
		}
	}
}
