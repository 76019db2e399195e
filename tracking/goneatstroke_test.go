package tracking

import (
	"testing"

	"github.com/cueref/cueref/shot"
)

// TestGoneAtStrokeRendered runs the tracker on the detector's view of a
// 10-ball safety (bench seed 49, rendered, shot 40): the cue ball rests 2 mm
// from the 4, which lies by the foot-right pocket's mouth; the stroke pushes
// the 4 in 45 ms later, while the cue ball's start is told only 0.1 s after
// the stroke. The 4, gone before the shot began, was left out of the shot:
// no pot told, and the shooter's turn went on. The 4 must be on the table at
// the stroke, met first, and pocketed in the foot-right pocket.
func TestGoneAtStrokeRendered(t *testing.T) {
	fs := loadRendered(t, "testdata/goneatstroke-10ball-s49-rendered.json.gz")
	s := shotNear(t, renderedShotsOf(t, fs, Config{Table: tab9, FPS: 60, Balls: gameBalls(10)}), 320.3398, 0.05)
	wantStrokeFirst(t, s, 320.3398, 4)
	if _, ok := s.Before[4]; !ok {
		t.Errorf("got ball 4 off the table at the stroke; want it on")
	}
	pot := false
	for _, e := range s.Events {
		if e.Kind == shot.Pocketed && e.Ball == 4 && e.Pocket == "FR" {
			pot = true
		}
	}
	if !pot {
		t.Errorf("got no pot of ball 4 in FR; want one (at 0.045 s)")
	}
}
