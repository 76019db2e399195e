package tracking

import (
	"math"
	"testing"

	"github.com/cueref/cueref/shot"
)

// TestTurnBackRendered runs the tracker on the detector's view of an 8-ball
// pot attempt on the 8 in the head-left corner (bench seed 35, rendered,
// shot 22): the 8 met the head jaw's point and the left one and came to rest
// in the corner's mouth, 47 mm back along its way from where it was read
// farthest in; read poorly in the corner's shade, neither hit showed on its
// path, and the shot was a no_rail foul. A cushion hit of the 8 after the
// first contact must be told. (Cut from 171 s; the balls are those left on
// the table, so that the 13's ghost by the side pocket is not taken for it.)
func TestTurnBackRendered(t *testing.T) {
	fs := loadRendered(t, "testdata/turnback-8ball-s35-rendered.json.gz")
	s := shotNear(t, renderedShotsOf(t, fs, Config{Table: tab9, FPS: 60, Balls: []int{0, 8, 10}}), 172.394, 0.05)
	wantStrokeFirst(t, s, 172.394, 8)
	for _, e := range s.Events {
		if e.Kind == shot.RailHit && e.Ball == 8 && e.T > 0.6 {
			if math.Abs(e.T-3.288) > 0.05 && math.Abs(e.T-4.060) > 0.05 {
				t.Errorf("got the 8's cushion hit %.3f s into the shot; want it at 3.288 or 4.060 s", e.T)
			}
			return
		}
	}
	t.Errorf("got no cushion hit of the 8 after the first contact; want one (it came back out of the corner): %+v", s.Events)
}
