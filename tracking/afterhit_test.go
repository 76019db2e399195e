package tracking

import (
	"math"
	"testing"

	"github.com/cueref/cueref/shot"
)

// TestAfterHitContactSoon: rendered 8-ball at 120 fps, shot 8 (see
// afterhit.go). The 3 met the 12 at 70.9976 s at 260 mm/s, its path fitted
// across its contacts with the 8 and the 2; the contact was told from the 12's
// start eleven frames later. It must be told within two frames.
func TestAfterHitContactSoon(t *testing.T) {
	const (
		tc      = 70.9976 // the 3 meets the 12 (the simulator's log)
		soon    = tc + 2.0/120
		timeTol = 0.005
	)
	fs := loadRendered(t, "testdata/afterhit-8ball-120fps-rendered.json.gz")
	at := func(ft float64, b int) (p [2]float64, ok bool) {
		for _, f := range fs {
			if math.Abs(f.T-ft) < 1e-3 {
				for _, x := range f.Truth {
					if int(x[0]) == b {
						return [2]float64{x[1], x[2]}, true
					}
				}
			}
		}
		return p, false
	}
	p3, ok3 := at(70.9917, 3)
	p12, ok12 := at(70.9917, 12)
	q12, okq := at(71.0083, 12)
	if !ok3 || !ok12 || !okq || math.Hypot(p3[0]-p12[0], p3[1]-p12[1]) > 57.15+2 || math.Hypot(q12[0]-p12[0], q12[1]-p12[1]) < 1 {
		t.Fatalf("testdata: the 3 at %v and the 12 at %v (then %v) at 70.9917 s; want them about to touch, the 12 moved by 71.0083 s", p3, p12, q12)
	}
	first := math.Inf(1)
	eachRenderedOutput(t, fs, Config{Table: tab9, FPS: 120, Balls: gameBalls(15)}, func(ft float64, o Output) {
		if (o.Kind == OutEvent || o.Kind == OutProvisional) && o.Event.Kind == shot.Contact &&
			(o.Event.A == 3 && o.Event.B == 12 || o.Event.A == 12 && o.Event.B == 3) && math.Abs(o.T-tc) < timeTol {
			first = math.Min(first, ft)
		}
	})
	if first > soon {
		t.Errorf("the 3–12 contact at %.4f s first told on the frame of %.4f s; want by %.4f s (two frames)", tc, first, soon)
	}
}
