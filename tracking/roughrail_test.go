package tracking

import (
	"testing"

	"github.com/cueref/cueref/shot"
)

// TestRoughRailRendered runs the tracker on the detector's view of a 14.1
// safety (bench seed 30, rendered, shot 47): ball 15 lies 1 mm off the right
// cushion; the cue ball, running along the cushion, strikes it along it into
// ball 6 9 mm on, which turns it into the cushion 3 ms later (2.937 s into the
// shot). Ball 15's start was seen only as it came off the cushion, ball 6's
// start was paired with it roughly, and no cushion was told after the first
// contact: a no_rail foul on a legal safety. Its hit on the right cushion must
// be told, after its contact with ball 6.
func TestRoughRailRendered(t *testing.T) {
	fs := loadRendered(t, "testdata/roughrail-14.1-s30-rendered.json.gz")
	s := shotNear(t, renderedShotsOf(t, fs, Config{Table: tab9, FPS: 60, Balls: gameBalls(15)}), 349.8987, 0.05)
	wantStrokeFirst(t, s, 349.8987, 15)
	first, found := -1.0, false
	for _, e := range s.Events {
		if e.Kind == shot.Contact && first < 0 {
			first = e.T
		}
		if e.Kind == shot.RailHit && e.Ball == 15 && e.Rail == "right" && first >= 0 && e.T > first && e.T >= 2.91 && e.T <= 2.97 {
			found = true
		}
	}
	if !found {
		t.Errorf("no hit of ball 15 on the right cushion at 2.91–2.97 s told; want one (2.937 s in the truth); events %+v", s.Events)
	}
}
