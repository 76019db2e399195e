package tracking

import (
	"testing"

	"github.com/cueref/cueref/shot"
)

// TestCushionBackRendered runs the tracker on a 10-ball safety (bench seed 31,
// rendered, shot 10): the cue ball meets ball 5, frozen to the foot cushion,
// which rolls up the table into ball 7, 31 mm off the right cushion; ball 7
// goes into that cushion at about 0.3 m/s and comes back 16 mm off it. Its
// hit on the cushion, 4.05 s into the shot, makes the safety legal (rule
// 1.31: a ball driven to a rail after the frozen ball is played); the
// tracker read ball 7 resting against the cushion and its way back off it as
// a nudge by no ball, and told no hit. The hit must be told (cushionback.go).
func TestCushionBackRendered(t *testing.T) {
	fs := loadRendered(t, "testdata/frozenkiss-10ball-s31-rendered.json.gz")
	s := shotNear(t, renderedShotsOf(t, fs, Config{Table: tab9, FPS: 60, Balls: gameBalls(10)}), 88.1422, 0.05)
	for _, e := range s.Events {
		if e.Kind == shot.RailHit && e.Ball == 7 && e.Rail == "right" && e.T > 3.8 && e.T < 4.3 {
			return
		}
	}
	for _, e := range s.Events {
		t.Logf("told: %s at %.3f (%d %d %d %s)", e.Kind, e.T, e.Ball, e.A, e.B, e.Rail)
	}
	t.Errorf("got no hit of ball 7 on the right cushion near 4.05 s into the shot")
}
