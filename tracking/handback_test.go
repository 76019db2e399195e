package tracking

import (
	"fmt"
	"strings"
	"testing"

	"github.com/cueref/cueref/shot"
)

// TestHandBackNoBall runs the tracker on the detector's view of a few shots
// of the rendered bench (seed 15, held out until then) in which a pocketed
// ball came back between shots on the detector reading a hand (or the arm,
// the cue) as it, moved with it untouched at once, and moved by itself again
// in the next shot (handback.go). The ball is not on the table at that shot's
// stroke, and the shot has no touch nor off_table of it, nor asks about it.
func TestHandBackNoBall(t *testing.T) {
	for _, tc := range []struct {
		name   string
		file   string
		balls  int
		ball   int
		gone   float64 // the truth has the ball gone from then on
		stroke float64
	}{
		// 14.1 shots 41 to 43: ball 10, pocketed in shot 41, came back on
		// the bridge hand before shot 43, rested behind the cue ball and
		// left over the head cushion as the arm drew back: a legal shot
		// ruled "touched_ball" (rule 1.19), unasked.
		{"14.1-s15-shot43", "testdata/handback-14.1-s15-rendered.json.gz", 15, 10, 322, 337.2392},
		// 9-ball shots 8 to 12: ball 3, pocketed in shot 8, read as back at
		// (1721, 99) before shot 12, moving at its stroke: asked as "may
		// have been moving at the stroke".
		{"9ball-s15-shot12", "testdata/handback-9ball-s15-rendered.json.gz", 9, 3, 74, 105.8419},
	} {
		t.Run(tc.name, func(t *testing.T) {
			fs := loadRendered(t, tc.file)
			wantGoneInTruth(t, fs, tc.ball, tc.gone, "pocketed")
			got := shotAt(t, fs, Config{Table: tab9, FPS: 60, Balls: gameBalls(tc.balls)}, tc.stroke)
			if p, ok := got.Before[tc.ball]; ok {
				t.Errorf("ball %d on the table at the stroke at %v; want it gone (pocketed)", tc.ball, p)
			}
			for _, e := range got.Events {
				if e.Ball == tc.ball && (e.Kind == shot.Touch || e.Kind == shot.OffTable || e.Kind == shot.RailHit || e.Kind == shot.Moving) {
					t.Errorf("got a %s of ball %d at %.3f s; want none; events:%s", e.Kind, tc.ball, e.T, fmtEvents(absEvents(got)))
				}
			}
			if got.Review != nil && strings.HasPrefix(got.Review.Reason, fmt.Sprintf("ball %d ", tc.ball)) {
				t.Errorf("review %q; want none about ball %d", got.Review.Reason, tc.ball)
			}
		})
	}
}

// TestHandWeakStart: rendered 9-ball, seed 75, shot 37 (stroke at
// 304.780 s). Between shots the bridge hand by the left cushion was read as
// the 3, pocketed long before, and moved untouched (handtake.go); after the
// stroke it moved off with no ball near, a start too weak to call a touch,
// and a cushion hit of the 3 was told and the shot asked about the 3. The
// hand is no ball: the shot (a scratch) must tell nothing of the 3 and ask
// nothing.
func TestHandWeakStart(t *testing.T) {
	const stroke = 304.7797
	s := renderedShot(t, "testdata/handweak-9ball-s75-rendered.json.gz", 9, stroke)
	for _, e := range s.Events {
		if e.Ball == 3 || e.A == 3 || e.B == 3 {
			t.Errorf("got %s of ball 3 at %.3f s; want nothing of the 3", e.Kind, *s.Start+e.T)
		}
	}
	if s.Review != nil {
		t.Errorf("got review %q; want none", s.Review.Reason)
	}
	if _, ok := s.Before[3]; ok {
		t.Error("ball 3 on the table at the stroke; want it not")
	}
}
