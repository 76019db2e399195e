package tracking

import (
	"math"
	"testing"

	"github.com/cueref/cueref/shot"
	"github.com/cueref/cueref/table"
)

// TestSlowVeeSpikeNoRetime: rendered 9-ball, default bench, shot 7 (see
// slowMoves). The 2's hit of the right cushion at 58.1032 s (the simulator's
// log) must be told within the bench's 50 ms of it, not moved 72 ms late by a
// V that one misread favoured.
func TestSlowVeeSpikeNoRetime(t *testing.T) {
	const (
		hit    = 58.1032
		stroke = 55.9358
		tol    = 0.05
	)
	fs := loadRendered(t, "testdata/slowspike-9ball-rendered.json.gz")
	near, nearT := math.Inf(1), 0.0
	for _, f := range fs {
		for _, x := range f.Truth {
			if int(x[0]) == 2 && f.T > 57.9 && f.T < 58.4 {
				if g := tab9.RailDistance(table.Point{X: x[1], Y: x[2]}, table.Right); g < near {
					near, nearT = g, f.T
				}
			}
		}
	}
	if math.Abs(nearT-hit) > 0.01 {
		t.Fatalf("testdata: the 2 nearest the right cushion at %.4f s; want it at the hit, %.4f s", nearT, hit)
	}
	s := shotNear(t, renderedShotsOf(t, fs, Config{Table: tab9, FPS: 60, Balls: gameBalls(9)}), stroke, 0.05)
	got := math.Inf(1)
	for _, e := range absEvents(s) {
		if e.Kind == shot.RailHit && e.Ball == 2 && e.Rail == string(table.Right) && math.Abs(e.T-hit) < math.Abs(got-hit) {
			got = e.T
		}
	}
	if math.Abs(got-hit) > tol {
		t.Errorf("the 2's right cushion hit told at %.4f s; want within %.0f ms of %.4f:%s", got, tol*1000, hit, fmtEvents(absEvents(s)))
	}
}
