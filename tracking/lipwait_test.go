package tracking

import (
	"math"
	"testing"

	"github.com/cueref/cueref/shot"
)

// TestLipDropPocketed: rendered 14.1, seed 67, shot 62 (see lipwait.go). The
// cue ball met the 1 resting in the foot-right mouth at 466.29 s; the 1
// dropped at 466.3731 s (the simulator's log). The shot must tell the 1
// pocketed there, within the bench's 0.4 s, and the cue ball's contact with it.
func TestLipDropPocketed(t *testing.T) {
	const (
		stroke = 461.03
		drop   = 466.3731
	)
	fs := loadRendered(t, "testdata/lipwait-14.1-s67-rendered.json.gz")
	gone := false
	for _, f := range fs {
		for _, x := range f.Truth {
			if int(x[0]) == 1 && f.T > 466.5 && f.T < 467.5 {
				t.Fatalf("testdata: ball 1 on the table at %.4f s; want it in the pocket from 466.48 s to 467.5 s", f.T)
			}
		}
		gone = gone || f.T > 467.5
	}
	if !gone {
		t.Fatal("testdata: ends before the 1 drops")
	}
	s := shotNear(t, renderedShotsOf(t, fs, Config{Table: tab9, FPS: 60, Balls: gameBalls(15)}), stroke, 0.05)
	pocketed, met := false, false
	for _, e := range absEvents(s) {
		if e.Kind == shot.Pocketed && e.Ball == 1 && e.Pocket == "FR" && math.Abs(e.T-drop) < 0.4 {
			pocketed = true
		}
		if e.Kind == shot.Contact && (e.A == 0 && e.B == 1 || e.A == 1 && e.B == 0) {
			met = true
		}
	}
	if !pocketed || !met {
		t.Errorf("pocket of the 1 in FR told %v, cue ball's contact with it %v; want both:%s", pocketed, met, fmtEvents(absEvents(s)))
	}
}
