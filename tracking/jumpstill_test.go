package tracking

import (
	"testing"

	"github.com/cueref/cueref/shot"
)

// TestJumpStillRendered runs the tracker on the detector's view of an 8-ball
// break (bench seed 29, rendered, shot 0): ball 3 comes to rest 11 mm off the
// right cushion and, read at a low confidence, is read 21 mm along the
// cushion five frames in a row, then at places round it for seconds. The
// jump started it, and the start was told as a touch (a foul) although no
// one touched it: nothing touched any ball in the break but balls.
func TestJumpStillRendered(t *testing.T) {
	s := renderedShot(t, "testdata/jumpstill-8ball-s29-rendered.json.gz", 15, 1.7976)
	for _, e := range s.Events {
		if e.Kind == shot.Touch {
			t.Errorf("got a touch of ball %d at %.3f s into the break; want none", e.Ball, e.T)
		}
	}
}
