package tracking

import (
	"testing"

	"github.com/cueref/cueref/shot"
)

// TestTouchStrayRendered runs the tracker on the detector's view of a 10-ball
// shot (bench seed 3) struck at 341.3613 s. Ball 6 rests some 11 mm off the
// foot cushion until the cue ball hits it at 343.0967 s (truth); before that
// the detector now and then puts its centre 12–40 mm off for a frame or two,
// and back. The track started, came back to rest on the same spot, and a touch
// (a ball moved with nothing to move it: a touched_ball foul) was told,
// unflagged. No touch may be told in the shot: the truth has none.
func TestTouchStrayRendered(t *testing.T) {
	fs := loadRendered(t, "testdata/touchstray-10ball-s3-rendered.json.gz")
	for _, f := range fs {
		if f.T < 341.3613 {
			continue
		}
		if f.T >= 343.05 {
			break
		}
		for _, x := range f.Truth {
			if x[0] == 6 && (x[1]-2500.67)*(x[1]-2500.67)+(x[2]-1010.16)*(x[2]-1010.16) > 1 {
				t.Fatalf("testdata: ball 6 at (%.1f, %.1f) at %.3f s, want it at rest before the hit", x[1], x[2], f.T)
			}
		}
	}
	got := shotStruckAt(t, fs, 341.3613)
	for _, e := range absEvents(got) {
		if e.Kind == shot.Touch {
			t.Errorf("%.4f s: touch of ball %d told, want none (truth); events:%s", e.T, e.Ball, fmtEvents(absEvents(got)))
		}
	}
}
