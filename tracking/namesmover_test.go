package tracking

import (
	"testing"

	"github.com/cueref/cueref/shot"
)

// TestNamesMoverRendered runs the tracker on bench seed 29, rendered, 8-ball
// from 11 s to the end of shot 5 (the history from shot 1 on is needed for
// the wrong numbers to arise): in shot 5 a track that had followed the
// shooter's arm under ball 8's number before the stroke, unseen for 0.45 s,
// took ball 10's detections (read as the 10) as it came off the foot
// cushion: the 10's track was lost there and the 10 told off the table (a
// foul). The 10 stays on the table; its cushion hit is told.
func TestNamesMoverRendered(t *testing.T) {
	s := renderedShot(t, "testdata/namesmover-8ball-s29-rendered.json.gz", 15, 40.7572)
	rail := false
	for _, e := range s.Events {
		if e.Ball == 10 && (e.Kind == shot.OffTable || e.Kind == shot.Pocketed) {
			t.Errorf("got %s of ball 10 at %.3f s into the shot; want it on the table", e.Kind, e.T)
		}
		if e.Kind == shot.RailHit && e.Ball == 10 && e.Rail == "foot" && e.T > 1.35 && e.T < 1.5 {
			rail = true
		}
	}
	if !rail {
		t.Errorf("got no foot cushion hit of ball 10 near 1.427 s into the shot")
	}
}
