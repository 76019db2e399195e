package tracking

import (
	"testing"

	"github.com/cueref/cueref/shot"
)

// TestGhostFootRendered runs the tracker on the detector's view of 8-ball
// shots 23 to 36 of bench seed 41 (rendered, 180 to 283.5 s). Ball 10 rests
// against the foot cushion at (2505, 924) from shot 24 on, its stripe turned
// away: it is read as the cue ball nearly always. In shot 34 (stroke
// 265.53 s) a ghost read as the cue ball streaks to the foot cushion by it
// and vanishes; the shooter hides the 10 from 274.45 to 276.5 s; the cue
// ball is pocketed in shot 35 and put back by hand at (1400, 617) for shot
// 36 (stroke 281.18 s, onto the 15). The 10 never moves: no event of it may
// be told in shot 34 (it was told hit off the table by the ghost), and
// shot 36 must be told struck on the cue ball, first onto the 15 (the 10's
// place had taken the cue ball's number, and the shot went untold).
func TestGhostFootRendered(t *testing.T) {
	fs := loadRendered(t, "testdata/ghostfoot-8ball-s41-rendered.json.gz")
	var still []renderedFrame // from its rest after shot 24 on
	for _, f := range fs {
		if f.T >= 200 {
			still = append(still, f)
		}
	}
	stillInTruth(t, still, 10)
	shots := renderedShotsOf(t, fs, Config{Table: tab9, FPS: 60, Balls: gameBalls(15)})
	s := shotNear(t, shots, 265.5321, 0.05)
	for _, e := range s.Events {
		if e.Ball == 10 || e.Kind == shot.Contact && (e.A == 10 || e.B == 10) {
			t.Errorf("shot 34: got %s of ball 10 at %.3f s into the shot; want none (it never moved)", e.Kind, e.T)
		}
	}
	wantStrokeFirst(t, shotNear(t, shots, 281.1782, 0.05), 281.1782, 15)
}
