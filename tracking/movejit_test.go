package tracking

import (
	"testing"

	"github.com/cueref/cueref/shot"
)

// TestMovingBackRendered runs the tracker on the detector's view of an
// 8-ball pot (bench seed 28, rendered, shot 14): ball 2, frozen to the foot
// cushion 9 mm from the 10, is read hopping between its place, the cushion
// and the 10 all through the shot, and was told moving at the stroke: a
// legal pot ruled a foul (balls moving), unflagged. The 2 never moved: the
// shot must not be ruled on it moving unasked.
func TestMovingBackRendered(t *testing.T) {
	fs := loadRendered(t, "testdata/movejit-8ball-s28-rendered.json.gz")
	two := stillInTruth(t, fs, 2)
	s := shotNear(t, renderedShotsOf(t, fs, Config{Table: tab9, FPS: 60, Balls: gameBalls(15)}), 117.8126, 0.05)
	for _, e := range s.Events {
		if e.Kind == shot.Moving && e.Ball == 2 && s.Review == nil {
			t.Errorf("got ball 2 (still at %v) told moving at the stroke, unasked; want it still, or the shot asked", two)
		}
	}
}
