package tracking

import (
	"testing"

	"github.com/cueref/cueref/shot"
)

// TestRailChordRendered runs the tracker on the detector's view of a 10-ball
// pot (bench seed 49, rendered, shot 12): the cue ball, at 5 m/s, bounces off
// the left cushion some 5 mm clear of ball 4, which rests 6 mm off that
// cushion and never moves, and goes on to meet the 10 first (then the 8). The
// two detections either side of the bounce, left as the only ones of a new
// piece of path, made a chord along the cushion straight at the 4: its bend
// was told a contact with the 4, the cue ball's first, and the
// wrong_ball_first foul went uncalled and unflagged. The first ball must be
// the 10, and no contact of the 4 told.
func TestRailChordRendered(t *testing.T) {
	fs := loadRendered(t, "testdata/railchord-10ball-s49-rendered.json.gz")
	stillInTruth(t, fs, 4)
	s := shotNear(t, renderedShotsOf(t, fs, Config{Table: tab9, FPS: 60, Balls: gameBalls(10)}), 104.1360, 0.05)
	wantStrokeFirst(t, s, 104.1360, 10)
	for _, e := range s.Events {
		if e.Kind == shot.Contact && (e.A == 4 || e.B == 4) || e.Kind == shot.RailHit && e.Ball == 4 {
			t.Errorf("got %s of ball 4 at %.3f s into the shot; want none (it never moved)", e.Kind, e.T)
		}
	}
}
