package tracking

import (
	"testing"

	"github.com/cueref/cueref/shot"
)

// Rendered 9-ball, seed 58, the second rack's break (see speedgate.go): the 4
// flew over the foot cushion. Its track must not go on with stray reads half a
// metre away: the 4 is on the table at the stroke and off it after.
func TestLostFlyingBallTakesNoFarReads(t *testing.T) {
	fs := loadRendered(t, "testdata/speedgate-9ball-s58-rendered.json.gz")
	shots := renderedShotsOf(t, fs, Config{Table: tab9, FPS: 60, Balls: gameBalls(9)})
	s := shotNear(t, shots, 126.4174, 0.05)
	if _, ok := s.Before[4]; !ok {
		t.Errorf("before has no ball 4; want it where it rested in the rack")
	}
	if _, ok := s.After[4]; ok {
		t.Errorf("after has ball 4 at %v; want it off the table", s.After[4])
	}
	off := false
	for _, e := range s.Events {
		if e.Kind == shot.OffTable && e.Ball == 4 {
			off = true
			if e.T < 0.3 || e.T > 0.45 {
				t.Errorf("off_table of the 4 at %.4f s; want 0.3-0.45 (truth 0.3977)", e.T)
			}
		}
	}
	if !off {
		t.Errorf("no off_table of ball 4; want one (truth at 0.3977 s)")
	}
}
