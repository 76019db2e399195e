package tracking

import (
	"testing"

	"github.com/cueref/cueref/shot"
)

// TestCueRolledOnRendered: rendered 9-ball, seed 66, shot 37 (stroke
// 310.1939 s): the cue ball, lost at 4 m/s 220 mm short of the side-left
// mouth, was told pocketed there; it had hit the cushion beside the jaw and
// rolled on, picked up 0.45 s later 1.27 m away on a new track, and rolled
// through five cushions to rest. A hand on the rail by that pocket, read as
// the cue ball twice, was told pocketed too. Neither pocket stands: the cue
// ball rests on the table (cuerolled.go).
func TestCueRolledOnRendered(t *testing.T) {
	const stroke = 310.1939
	s := renderedShot(t, "testdata/cuerolled-9ball-s66-rendered.json.gz", 9, stroke)
	noPocket(t, s, 0, "rolled on")
	p, on := s.After[0]
	if !on {
		t.Fatalf("got no cue ball in after %v; want it on the table", s.After)
	}
	if want := (shot.Point{187.56, 980.98}); p.P().Dist(want.P()) > 10 {
		t.Errorf("got the cue ball resting at %v; want it at %v (truth)", p, want)
	}
}
