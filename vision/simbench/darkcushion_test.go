package simbench

import (
	"fmt"
	"math"
	"testing"

	"github.com/cueref/cueref/table"
)

// TestBlackBallByCushionCentre renders the black ball at rest frozen to and
// a few mm off the foot, head and right cushions, on each cloth. Lit from
// along the table, the ball by an end cushion has its own shadow on the bed
// side and the cushion's shade on the other, where its outline is lost: the
// detector put its centre 10–16 mm short of the foot cushion (the bench's
// 10-ball match, seed 2004: the black frozen to the foot cushion read 14 mm
// off for 80 s), which the tracker took for a ball off the cushion. Its
// centre must be within 8 mm across the cushion, and it must not be read
// onto the cushion when it lies 6 mm or more off it. (Along the cushion the
// red cloth's 3 mm case still reads 9 mm off: not asserted here.)
func TestBlackBallByCushionCentre(t *testing.T) {
	if testing.Short() {
		t.Skip("renders 30 stills; skipped with -short")
	}
	tab := table.MustNew("9ft")
	R := tab.BallR
	type place struct {
		rail table.Rail
		gaps []float64
	}
	for _, cloth := range []string{"green", "blue", "red"} {
		for _, pl := range []place{
			{table.Foot, []float64{0, 3, 6, 10}},
			{table.Right, []float64{0, 3, 6, 10}},
			// Frozen to the head cushion the black is not found at all
			// (a fault of its own); a few mm off it is.
			{table.Head, []float64{6, 10}},
		} {
			for _, g := range pl.gaps {
				var at, in table.Point // the ball, the normal into the bed
				switch pl.rail {
				case table.Foot:
					at, in = table.Point{X: tab.L - R - g, Y: 555}, table.Point{X: -1}
				case table.Head:
					at, in = table.Point{X: R + g, Y: 700}, table.Point{X: 1}
				case table.Right:
					at, in = table.Point{X: 1900, Y: tab.W - R - g}, table.Point{Y: -1}
				}
				t.Run(fmt.Sprintf("%s/%s/%gmm", cloth, pl.rail, g), func(t *testing.T) {
					dets, _ := detectStill(t, map[int]table.Point{8: at, 0: {X: 800, Y: 635}}, cloth, 1, false)
					found := false
					for _, x := range dets {
						if x.At.Dist(at) > 45 {
							continue
						}
						found = true
						across := x.At.Sub(at).Dot(in)
						if x.Moving || math.Abs(across) > 8 {
							t.Errorf("black %g mm off the %s cushion: got moving %v, %+.1f mm across it (%.1f mm off); want at rest within 8 mm across",
								g, pl.rail, x.Moving, across, x.At.Dist(at))
						}
						if r, _ := tab.NearestRail(x.At); g >= 6 && tab.RailDistance(x.At, r) < 1 {
							t.Errorf("black %g mm off the %s cushion: got it %.1f mm off; want it off the cushion", g, pl.rail, tab.RailDistance(x.At, r))
						}
					}
					if !found {
						t.Errorf("black %g mm off the %s cushion: not found", g, pl.rail)
					}
				})
			}
		}
	}
}

// TestBlackBallByCushionInMatch renders the bench's frames (cueref bench
// --racks 2, seeds 1, 2, 4 and 5) with the black ball at rest by a cushion,
// read 10–21 mm off for hundreds to thousands of frames each: frozen to the
// foot cushion (10-ball seeds 2004 and 2002, 14.1 seed 3005), 10 mm off it
// (10-ball seed 2004, read onto it), 8 mm off a side cushion (9-ball seed
// 1001). Each must be found within 5 mm.
func TestBlackBallByCushionInMatch(t *testing.T) {
	for _, tc := range []struct {
		game        string
		seed, rseed int64
		frame       int
	}{
		{"10ball", 2004, 6, 14374},
		{"10ball", 2004, 6, 1777},
		{"10ball", 2002, 4, 1099},
		{"14.1", 3005, 8, 5850},
		{"9ball", 1001, 2, 21620},
	} {
		t.Run(fmt.Sprintf("%s/%d/%d", tc.game, tc.seed, tc.frame), func(t *testing.T) {
			dets, truth := benchFramesRacks(t, tc.game, 2, tc.seed, tc.rseed, []int{tc.frame})
			tb := trueBall(t, truth[0], 8)
			found := false
			for _, x := range dets[0] {
				e := x.At.Dist(tb.At)
				if e > 40 {
					continue
				}
				found = true
				if e > 5 {
					t.Errorf("black at %.1f,%.1f: got %.1f,%.1f, %.1f mm off; want within 5 mm", tb.At.X, tb.At.Y, x.At.X, x.At.Y, e)
				}
			}
			if !found {
				t.Errorf("black at %.1f,%.1f not found", tb.At.X, tb.At.Y)
			}
		})
	}
}
