package tracking

import (
	"testing"

	"github.com/cueref/cueref/shot"
)

// TestFrozenPairRendered runs the tracker on the detector's view of a 14.1
// safety (bench seed 38, rendered, shot 5): the cue ball rests all but frozen
// to two balls at once, ball 6 1.0 mm off on its left and ball 13 1.6 mm off
// below it, at right angles. The stroke drives it into the 6 at 1.4 m/s
// (met 0.7 ms after the stroke; the 6 passes most of it on to ball 9, frozen
// to it, and leaves at 650 mm/s); the cue ball's slow drift towards the 13
// (0.2 m/s) meets it 8.5 ms after the stroke. Both contacts were told as
// pushes at the stroke, timed by each ball's way out, and the 13's, timed
// ± 9 ms, came 1.8 ms before the 6's: the 13 was told as the first ball.
// The 6 must be the first contact, and the 13's contact still told.
func TestFrozenPairRendered(t *testing.T) {
	s := renderedShot(t, "testdata/frozenpair-14.1-s38-rendered.json.gz", 15, 42.5944)
	wantStrokeFirst(t, s, 42.5944, 6)
	met := false
	for _, e := range s.Events {
		if e.Kind == shot.Contact && (e.A == 0 && e.B == 13 || e.A == 13 && e.B == 0) {
			met = true
		}
	}
	if !met {
		t.Errorf("got no contact of the cue ball with ball 13; want one (after the 6's)")
	}
}
