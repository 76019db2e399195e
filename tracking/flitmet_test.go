package tracking

import (
	"testing"

	"github.com/cueref/cueref/shot"
)

// TestFlitMetRendered runs the tracker on the detector's view of an 8-ball
// safety (bench seed 35, rendered, shot 52): the cue ball runs the length of
// the table into the 2, resting 3.5 mm off the foot cushion; the 2 hits the
// cushion and the cue ball again and ends 3.8 mm from its place. Its reads,
// scattered about its rest point, came home three times and its start, the
// contact and its cushion hit were dropped as a flit: no contact was told.
// The cue ball must be told meeting the 2 first, and the 2 then hitting the
// foot cushion (a legal safety).
func TestFlitMetRendered(t *testing.T) {
	s := renderedShot(t, "testdata/flitmet-8ball-s35-rendered.json.gz", 15, 392.9926)
	wantStrokeFirst(t, s, 392.9926, 2)
	var met, rail bool
	for _, e := range s.Events {
		switch {
		case e.Kind == shot.Contact && (e.A == 2 || e.B == 2):
			met = true
		case e.Kind == shot.RailHit && e.Ball == 2 && met:
			rail = true
		}
	}
	if !rail {
		t.Errorf("got no cushion hit of ball 2 after its contact; want the foot cushion (events %+v)", s.Events)
	}
}
