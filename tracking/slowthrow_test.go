package tracking

import (
	"testing"

	"github.com/cueref/cueref/shot"
)

// TestSlowThrowRendered runs the tracker on the detector's view of a 9-ball
// table (bench seed 34, rendered, shot 31): the cue ball, struck at
// 0.7 m/s from 84 mm away, pots the 3 in the head-right corner and rolls on
// into the head cushion, where the detector loses it from 0.03 s after the
// contact until it rests 20 mm from where it was lost. A hit that slow throws
// no ball off the table: the shot must not tell the cue ball off it.
func TestSlowThrowRendered(t *testing.T) {
	s := renderedShot(t, "testdata/slowthrow-9ball-s34-rendered.json.gz", 9, 230.9666)
	for _, e := range s.Events {
		if e.Kind == shot.OffTable {
			t.Errorf("got %s of ball %d at %.3f s; want none (the cue ball stayed on the table)", e.Kind, e.Ball, e.T)
		}
	}
	wantStrokeFirst(t, s, 230.9666, 3)
}
