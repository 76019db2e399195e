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

// TestPassByNotMet: rendered 8-ball, seed 65, shot 28 (see
// stayedFromPasser). The 2 passes 8 mm clear of the 11, which rests still
// all through, 13.7 mm off the head cushion; the 11 is read 15 mm towards
// the 2 as it comes. No contact of the 11 and no cushion hit of it may be
// told.
func TestPassByNotMet(t *testing.T) {
	fs := loadRendered(t, "testdata/passby-8ball-rendered.json.gz")
	stillInTruth(t, fs, 11)
	s := shotAt(t, fs, Config{Table: tab9, FPS: 60, Balls: gameBalls(15)}, 220.5829)
	for _, e := range absEvents(s) {
		if e.Kind == shot.Contact && (e.A == 11 || e.B == 11) || e.Kind == shot.RailHit && e.Ball == 11 {
			t.Errorf("%s of the 11 told at %.4f; the truth has it still all through:%s", e.Kind, e.T, fmtEvents(absEvents(s)))
		}
	}
}
