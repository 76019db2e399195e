package tracking

import (
	"testing"

	"github.com/cueref/cueref/shot"
)

// TestUnmetBend: camera model at 30 fps, seed 79, 9-ball shot 172. The cue
// ball met the 3 a frame after the stroke, then the 9; the 3's start, its
// path bending again a frame on, was dropped as if a contact had taken it
// over, and the 9 was told first, unasked. The start is now weighed, and
// the shot asked about.
func TestUnmetBend(t *testing.T) {
	wantAsked(t, "testdata/unmetbend-9ball-30fps-s79-norender.json.gz", 9, 1155.3384, "ball 3 started with ball 0")
}

// TestUnmetBendMoved: camera model at 30 fps, seed 26, 14.1 shot 278. The 10,
// struck and rolling at 0.5 m/s, was lost from view and read again 270 mm
// on: a "start" of a ball that had moved in the shot, bending again at once.
// It is no touch.
func TestUnmetBendMoved(t *testing.T) {
	s := fixtureShot30(t, "testdata/unmetbend-14.1-30fps-s26-norender.json.gz", 15, 1775.1014, 0.05)
	for _, e := range s.Events {
		if e.Kind == shot.Touch {
			t.Errorf("touch of ball %d at %.3f s told; want none:%s", e.Ball, e.T, fmtEvents(s.Events))
		}
	}
	if s.Review != nil {
		t.Errorf("review %q; want none", s.Review.Reason)
	}
}
