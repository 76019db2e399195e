package tracking

import (
	"testing"

	"github.com/cueref/cueref/shot"
)

// TestRackWhiteSumRendered runs the tracker on the detector's view of a 14.1
// re-rack and the safety off it (bench seed 52, rendered, shot 23, struck at
// 164.2487 s): the 12, racked in the back corner, is read as the cue ball in
// nearly every frame, as the 12 in the rest. Barred from the cue ball's
// number (rackwhite.go), its few 12 reads were too small a share of its votes
// to name it: it stayed nameless, its run to the foot cushion after the
// cue ball met the rack was left out of the record, and the legal safety
// was ruled no_rail (rule 1.17). The 12 must be named before the stroke and
// its foot cushion told after the first contact. The fixture is the game
// from its first frame: the 12's own track, pocketed in shot 18 (127.25 s),
// must have read it long enough to keep its number once gone (gonekeep.go),
// as on the bench; cut later, the racked 12 is named by elimination.
func TestRackWhiteSumRendered(t *testing.T) {
	fs := loadRendered(t, "testdata/rackwhitesum-14.1-s52-rendered.json.gz")
	shots := renderedShotsOf(t, fs, Config{Table: tab9, FPS: 60, Balls: gameBalls(15)})
	s := shotNear(t, shots, 164.2487, 0.1)
	if _, ok := s.Before[12]; !ok {
		t.Errorf("got no 12 at the stroke; want it in the rack")
	}
	first := -1.0
	for _, e := range s.Events {
		if e.Kind == shot.Contact && (e.A == 0 || e.B == 0) {
			first = e.T
			break
		}
	}
	if first < 0 {
		t.Fatalf("got no contact of the cue ball in %+v", s.Events)
	}
	rail := false
	for _, e := range s.Events {
		if e.Kind == shot.RailHit && e.Ball == 12 && e.Rail == "foot" && e.T > first {
			rail = true
		}
	}
	if !rail {
		t.Errorf("got no foot cushion of the 12 after the first contact (%.3f s) in %+v; want one at 2.086 s", first, s.Events)
	}
}
