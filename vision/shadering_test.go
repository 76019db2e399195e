package vision

import (
	"fmt"
	"testing"

	"github.com/cueref/cueref/table"
)

// TestShadedRingByCushion: the green 6 (nearly the cloth's colour) resting a
// few millimetres off a cushion, where the cushion's shade breaks its dark
// ring (ringShadeVotes). Rendered seed 67, 10-ball at 241 s: the 6, 13 mm off
// the left cushion, was not found in 82 % of the frames. Each still puts the
// 6 8 to 16 mm off one of the four cushions, clear of the pockets, under a
// different camera (the render's seed); the detector must find nearly all.
func TestShadedRingByCushion(t *testing.T) {
	tab := table.MustNew("9ft")
	R := tab.BallR
	var cases []restCase
	spots := []table.Point{
		{X: 980, Y: R + 13}, {X: 1700, Y: R + 8}, {X: 640, Y: tab.W - R - 11},
		{X: 1900, Y: tab.W - R - 16}, {X: R + 12, Y: 420}, {X: tab.L - R - 10, Y: 860},
	}
	for seed := int64(60); seed < 66; seed++ {
		for i, p := range spots {
			cases = append(cases, restCase{
				name:   fmt.Sprintf("the 6 by a cushion %d", i),
				cloth:  "green",
				seed:   seed,
				layout: map[int]table.Point{0: {X: 1270, Y: 635}, 6: p},
				scored: []int{6},
			})
		}
	}
	errs, _, missed := restErrors(t, cases)
	if n := len(cases); float64(missed) > 0.05*float64(n) {
		t.Errorf("got the 6 missed in %d of %d stills; want at most 5 %%", missed, n)
	}
	t.Logf("found %d of %d", len(errs), len(cases))
}
