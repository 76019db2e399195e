package tracking

import (
	"math"
	"testing"

	"github.com/cueref/cueref/shot"
)

// TestMouthHitRendered runs the tracker on the detector's view of a 10-ball
// pot (bench seed 50, rendered, shot 23): the cue ball, at 4.4 m/s, meets
// the 9, resting in the foot-left mouth, as it meets the foot cushion, and
// the 9 drops at once, read once on its way in. The 9 was told pocketed but
// no contact of the cue ball: a no_contact foul the truth does not have. The
// cue ball's first contact must be the 9, before the 9's pot.
func TestMouthHitRendered(t *testing.T) {
	fs := loadRendered(t, "testdata/mouthhit-10ball-s50-rendered.json.gz")
	s := shotNear(t, renderedShotsOf(t, fs, Config{Table: tab9, FPS: 60, Balls: gameBalls(10)}), 195.0795, 0.05)
	wantStrokeFirst(t, s, 195.0795, 9)
	hit, pot := -1.0, -1.0
	for _, e := range s.Events {
		switch {
		case e.Kind == shot.Contact && hit < 0 && (e.A == 9 || e.B == 9):
			hit = e.T
		case e.Kind == shot.Pocketed && e.Ball == 9:
			pot = e.T
		}
	}
	if pot < 0 || hit < 0 || hit > pot {
		t.Errorf("got the 9 met at %.3f s and pocketed at %.3f s; want it met (0.068 s) before its pot (0.100 s)", hit, pot)
	}
}

// TestMouthHitBeforeGone: rendered 9-ball, seed 74, shot 24 (see mouthHit).
// The 2 knocked in the 7, resting in the foot-left mouth, at 198.2716 s;
// the 7 was last seen at 198.2667 s. The contact must be timed within 8 ms
// of the truth (it was told 29 ms late, after the 7 had gone).
func TestMouthHitBeforeGone(t *testing.T) {
	const stroke, hit = 197.0297, 198.2716
	s := renderedShot(t, "testdata/mouthhit-9ball-s74-rendered.json.gz", 9, stroke)
	for _, e := range s.Events {
		if e.Kind == shot.Contact && min(e.A, e.B) == 2 && max(e.A, e.B) == 7 {
			if got := *s.Start + e.T; math.Abs(got-hit) > 0.008 {
				t.Errorf("contact 2-7 at %.4f s; want within 8 ms of %.4f s", got, hit)
			}
			return
		}
	}
	t.Errorf("no contact of the 2 and the 7 told; events:%s", fmtEvents(absEvents(s)))
}
