package tracking

import (
	"strings"
	"testing"
)

// TestHiddenWayRendered runs the tracker on the detector's view of a 10-ball
// pot (bench seed 26, rendered, shot 48): the 10, at rest by the foot
// cushion, is hidden by the shooter's arm from 1.6 s before the stroke and
// taken for lifted; the cue ball, off the 7 and the right cushion at 6 m/s,
// strikes it where it lay, still hidden, and it drops in the foot-left
// pocket before the camera sees it again. No frame shows the contact or the
// pot, and the 10's pot wins the rack: the shot must be asked.
func TestHiddenWayRendered(t *testing.T) {
	fs := loadRendered(t, "testdata/hiddenway-10ball-s26-rendered.json.gz")
	shots := renderedShotsOf(t, fs, Config{Table: tab9, FPS: 60, Balls: []int{0, 7, 8, 9, 10}})
	var found bool
	for _, s := range shots {
		if *s.Start < 387.3 || *s.Start > 387.5 {
			continue
		}
		found = true
		if s.Review == nil || !strings.Contains(s.Review.Reason, "ball 10") {
			t.Errorf("got review %+v; want the shot asked about ball 10", s.Review)
		}
	}
	if !found {
		t.Fatalf("got no shot struck at 387.39 s")
	}
}
