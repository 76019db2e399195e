package tracking

import (
	"testing"

	"github.com/cueref/cueref/shot"
)

// TestPushBackedRendered runs the tracker on the detector's view of an 8-ball
// pot (bench seed 29, rendered, shot 5): the cue ball, at 4.2 m/s, bounces
// off the head cushion 3.4 mm clear of ball 15, which rests 9 mm off that
// cushion and never moves, and goes on to meet the 7 first. The pass was
// told a contact with the 15 (the 15 taken for held by the cushion, though a
// push on it would have gone along the cushion) and the first ball was the
// 15. The first ball must be the 7, and no contact of the 15 told.
func TestPushBackedRendered(t *testing.T) {
	fs := loadRendered(t, "testdata/pushbacked-8ball-s29-rendered.json.gz")
	stillInTruth(t, fs, 15)
	s := shotNear(t, renderedShotsOf(t, fs, Config{Table: tab9, FPS: 60, Balls: gameBalls(15)}), 40.7572, 0.05)
	wantStrokeFirst(t, s, 40.7572, 7)
	for _, e := range s.Events {
		if e.Kind == shot.Contact && (e.A == 15 || e.B == 15) {
			t.Errorf("got a contact %d-%d at %.3f s into the shot; want none of ball 15", e.A, e.B, e.T)
		}
	}
}
