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
	s := renderedShot(t, "testdata/roughrail-14.1-s30-rendered.json.gz", 15, 349.8987)
	wantStrokeFirst(t, s, 349.8987, 15)
	// The contact of the 6 and the 15, paired roughly with the 15 taken
	// for at rest, was placed where the 15's last path, from a shot before,
	// ran on to by then: (1105.8, 603.0) here, (2297848.52, -2406238.72)
	// in the bench's run. It lies between the two balls' places.
	for _, e := range s.Events {
		if e.Kind != shot.Contact || e.At == nil || !(e.A == 6 && e.B == 15 || e.A == 15 && e.B == 6) {
			continue
		}
		if d6, d15 := e.At.P().Dist(s.Before[6].P()), e.At.P().Dist(s.Before[15].P()); d6 > 2*tab9.BallR || d15 > 2*tab9.BallR {
			t.Errorf("got the 6-15 contact at %v, %.0f and %.0f mm from their places at the stroke; want it between them", e.At.P(), d6, d15)
		}
	}
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
