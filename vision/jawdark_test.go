package vision

import (
	"fmt"
	"math"
	"testing"

	"github.com/cueref/cueref/internal/matleak"
	"github.com/cueref/cueref/sim/render"
	"github.com/cueref/cueref/table"
)

// TestDarkInJaws places a dark ball at rest in a corner pocket's jaws (see
// darkInJaws): where the eight came to rest in the foot-left corner's jaws in
// the rendered 14.1 match of seed 24, at (2505.42, 54.4) mm, 5 mm in front
// of the mouth's line, the same place in the other three corners, and on the
// mouth's line. Each ball must be found at its place, with
// its number, in renders where the detector missed it before; and no ball
// may be found in a corner's jaws where none lies (the other three corners
// of each still, and stills with all four empty).
func TestDarkInJaws(t *testing.T) {
	base := matleak.Count()
	tab := table.MustNew("9ft")
	R := tab.BallR
	// The eight's rest in the foot-left corner, and its mirror images.
	rest := func(id table.PocketID) table.Point {
		p := table.Point{X: 2505.42, Y: 54.4}
		if id == table.HL || id == table.HR {
			p.X = tab.L - p.X
		}
		if id == table.FR || id == table.HR {
			p.Y = tab.W - p.Y
		}
		return p
	}
	// depth mm past the mouth's line, at the middle of the mouth.
	past := func(id table.PocketID, depth float64) table.Point {
		pk := tab.Pocket(id)
		return pk.Center.Add(pk.In.Scale(depth))
	}
	type jawCase struct {
		ball   int // -1: no ball in any corner
		pocket table.PocketID
		at     table.Point
		seed   int64
	}
	var cases []jawCase
	// Seeds where the eight was missed before.
	for _, id := range []table.PocketID{table.FL, table.FR, table.HL, table.HR} {
		for _, seed := range []int64{1, 2, 5} {
			cases = append(cases, jawCase{8, id, rest(id), seed})
		}
	}
	cases = append(cases,
		jawCase{8, table.FL, past(table.FL, 0), 3},
		jawCase{8, table.FL, past(table.FL, 0), 4},
		jawCase{8, table.HR, past(table.HR, 0), 4},
		jawCase{8, table.HR, past(table.HR, 0), 5},
		jawCase{7, table.FL, rest(table.FL), 4},
	)
	for seed := int64(1); seed <= 4; seed++ {
		cases = append(cases, jawCase{ball: -1, seed: seed})
	}
	for _, tc := range cases {
		name := fmt.Sprintf("ball %d in the %s corner's jaws at %v, seed %d", tc.ball, tc.pocket, tc.at, tc.seed)
		layout := map[int]table.Point{14: {X: 2102.97, Y: 635}, 0: {X: 2104.18, Y: 1161.13}}
		if tc.ball < 0 {
			name = fmt.Sprintf("empty corners, seed %d", tc.seed)
		} else {
			layout[tc.ball] = tc.at
		}
		cfg := render.DefaultConfig()
		cfg.Seed = tc.seed
		cfg.Occluders = false
		img, cal, _, err := render.RenderStill(layout, cfg)
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		d, err := NewDetector(cal, Options{})
		if err != nil {
			img.Close()
			t.Fatalf("%s: %v", name, err)
		}
		dets, err := d.Detect(img, nil)
		d.Close()
		img.Close()
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		if tc.ball >= 0 {
			best, num := math.Inf(1), -2
			for _, x := range dets {
				if e := x.At.Dist(tc.at); e < best {
					best, num = e, x.Ball
				}
			}
			switch {
			case best > 2*R:
				t.Errorf("%s: not found", name)
			case best > darkInJawsTol || num != tc.ball:
				t.Errorf("%s: got ball %d %.1f mm from its place, want ball %d within %g mm", name, num, best, tc.ball, darkInJawsTol)
			}
		}
		for _, pk := range tab.Pockets() {
			if !pk.Corner || tc.ball >= 0 && pk.ID == tc.pocket {
				continue
			}
			for _, x := range dets {
				if e := x.At.Dist(pk.Center); e < 3*R {
					t.Errorf("%s: got ball %d at %v in the empty %s corner's jaws (%.0f mm from its mouth), want none", name, x.Ball, x.At, pk.ID, e)
				}
			}
		}
	}
	matleak.Check(t, base)
}

// darkInJawsTol is how far, in mm, TestDarkInJaws lets a ball's centre be from
// its place (a view pixel is about 5 mm there).
const darkInJawsTol = 6.0
