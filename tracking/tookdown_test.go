package tracking

import (
	"testing"

	"github.com/cueref/cueref/shot"
)

// TestTookDownNotMoving runs the tracker on the detector's view of the default
// bench's 8-ball match at 120 fps (cueref bench --fps 120, shot 8). The 14 was
// pocketed at 47.46 s. 0.22 s before the stroke of shot 8, a phantom track,
// moving, read surely as the 14, took its number; at the stroke it was told
// moving, and the shot's scratch was ruled with a foul for a ball in motion
// besides, unflagged. A track that has only just taken a pocketed ball's
// number is as doubtful at the stroke as a ball only just back on the table:
// no ball may be told moving at that stroke (the truth has none), and the
// 14's pocket must have been told.
func TestTookDownNotMoving(t *testing.T) {
	fs := loadRendered(t, "testdata/tookdown-8ball-120fps-rendered.json.gz")
	for _, f := range fs {
		if f.T < 48 {
			continue
		}
		for _, x := range f.Truth {
			if int(x[0]) == 14 {
				t.Fatalf("testdata: ball 14 on the table at %.4f s; want it pocketed at 47.46 s", f.T)
			}
		}
	}
	cfg := Config{Table: tab9, FPS: 120, Balls: gameBalls(15)}
	pocketed, struck := false, false
	for _, s := range renderedShotsOf(t, fs, cfg) {
		if *s.Start > 70 && *s.Start < 70.3 {
			struck = true
		}
		for _, e := range s.Events {
			if e.Kind == shot.Pocketed && e.Ball == 14 {
				pocketed = true
			}
			if e.Kind == shot.Moving && *s.Start > 70 && *s.Start < 70.3 {
				t.Errorf("shot struck at %.4f s: ball %d told moving at the stroke; want none", *s.Start, e.Ball)
			}
		}
	}
	if !pocketed {
		t.Error("ball 14 not told pocketed")
	}
	if !struck {
		t.Error("no shot struck at 70.16 s")
	}
}
