package tracking

import (
	"strings"
	"testing"

	"github.com/cueref/cueref/shot"
)

// TestGoneStartRendered runs the tracker on the detector's view of a 10-ball
// safety (bench seed 25, rendered, shot 44): the cue ball sends the 7 up the
// table; no ball goes near the foot-right pocket, by which reads of the
// shooter's hand, taken for the 8, rest and then set off 0.67 s after the
// stroke, more than a metre from every moving ball, and go from view in its
// mouth. The truth has no pot: the shot must not tell the 8 pocketed unasked
// (gonestart.go).
func TestGoneStartRendered(t *testing.T) {
	fs := loadRendered(t, "testdata/gonestart-10ball-s25-rendered.json.gz")
	shots := renderedShotsOf(t, fs, Config{Table: tab9, FPS: 60, Balls: gameBalls(10)})
	const stroke = 375.2485
	s := shotNear(t, shots, stroke, 0.1)
	wantStrokeFirst(t, s, stroke, 7)
	for _, e := range s.Events {
		if e.Kind == shot.Pocketed && e.Ball == 8 && (s.Review == nil || !strings.Contains(s.Review.Reason, "ball 8")) {
			t.Errorf("got the 8 told pocketed in %s with review %+v; want no pot, or the 8 asked about", e.Pocket, s.Review)
		}
	}
}
