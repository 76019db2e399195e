package tracking

import (
	"math"
	"strings"
	"testing"

	"github.com/cueref/cueref/shot"
)

// TestHiddenWayRendered runs the tracker on the detector's view of a 10-ball
// pot (bench seed 26, rendered, shot 48): the 10, at rest by the foot
// cushion, is hidden by the shooter's arm from 1.6 s before the stroke and
// taken for lifted; the cue ball, off the 7 and the right cushion at 6 m/s,
// strikes it where it lay (truth: 0.176 s after the stroke), still hidden,
// and it drops in the foot-left pocket 57 ms later. The camera sees neither
// the contact nor the drop, but reads the 10 (as the 8, which lies
// elsewhere) twice on its way into the pocket, on the line the cue ball's
// lost momentum gives (hiddenwaypot.go): the shot must tell the 7 first, the
// contact with the 10 and its pot in the foot-left pocket, and not ask about
// the 10.
func TestHiddenWayRendered(t *testing.T) {
	fs := loadRendered(t, "testdata/hiddenway-10ball-s26-rendered.json.gz")
	shots := renderedShotsOf(t, fs, Config{Table: tab9, FPS: 60, Balls: []int{0, 7, 8, 9, 10}})
	const stroke = 387.3886
	s := shotNear(t, shots, stroke, 0.1)
	wantStrokeFirst(t, s, stroke, 7)
	var met, potted bool
	for _, e := range s.Events {
		if e.Kind == shot.Contact && (e.A == 0 && e.B == 10 || e.A == 10 && e.B == 0) && math.Abs(e.T-0.176) < 0.03 {
			met = true
		}
		if e.Kind == shot.Pocketed && e.Ball == 10 && e.Pocket == "FL" && math.Abs(e.T-0.233) < 0.05 {
			potted = true
		}
	}
	if !met || !potted {
		t.Errorf("got events %+v; want the cue ball to meet the 10 at 0.176 s and the 10 down the FL pocket at 0.233 s", s.Events)
	}
	if _, ok := s.Before[10]; !ok {
		t.Errorf("got balls at the stroke %v; want the 10 among them", s.Before)
	}
	if s.Review != nil && strings.Contains(s.Review.Reason, "ball 10") {
		t.Errorf("got review %q; want the 10's pot told, not asked", s.Review.Reason)
	}
}
