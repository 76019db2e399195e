package tracking

import (
	"testing"

	"github.com/cueref/cueref/shot"
)

// TestLiftSpotRendered runs the tracker on the detector's view of a 14.1
// pot (bench seed 33, rendered, shot 13: the cue ball pots the 12 in the
// head right corner, stroke at 103.82 s). Balls 7, by the left cushion, and
// 10 rest untouched all through; the shooter hides both from 102.55 to
// 104.7 s and both are taken for lifted, while the half-hidden 7 is read
// around its place as a weak "8" (a pocketed ball) and now and then 50 mm to
// its right. Nameless tracks made of those reads were told moving; one of
// them, 221 mm away, took the 10's first read back at its very spot and was
// named 10: the 10 was told moving at the stroke, 227 mm off its place, a
// legal pot ruled a foul (balls moving), unflagged (liftspot.go). Neither
// ball moved: the shot must have both where they rest at the stroke, and no
// ball but the cue ball moving or touched.
func TestLiftSpotRendered(t *testing.T) {
	fs := loadRendered(t, "testdata/liftspot-14.1-s33-rendered.json.gz")
	seven, ten := stillInTruth(t, fs, 7), stillInTruth(t, fs, 10)
	s := shotNear(t, renderedShotsOf(t, fs, Config{Table: tab9, FPS: 60, Balls: gameBalls(15)}), 103.82, 0.05)
	for _, e := range s.Events {
		if e.Kind == shot.Moving || e.Kind == shot.Touch {
			t.Errorf("got %s of ball %d at %.3f s into the shot; want none (nothing but the cue ball was struck)", e.Kind, e.Ball, e.T)
		}
	}
	if p, on := s.Before[7]; !on || p.P().Dist(seven) > 20 {
		t.Errorf("got ball 7 at %v (on the table: %v) at the stroke; want it at %v", p.P(), on, seven)
	}
	if p, on := s.Before[10]; !on || p.P().Dist(ten) > 20 {
		t.Errorf("got ball 10 at %v (on the table: %v) at the stroke; want it at %v", p.P(), on, ten)
	}
}
