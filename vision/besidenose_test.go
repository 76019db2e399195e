package vision

import (
	"math"
	"testing"

	"github.com/cueref/cueref/sim/render"
	"github.com/cueref/cueref/table"
)

// TestBesideNose checks where offCushion may look for a ball's outline
// against the cushion's line: beside a straight nose along the ball's whole
// width, not where the ball reaches into a pocket's jaws (the 11 in the
// foot-left corner's jaws was read at (2453.2, 28.6) by its cut blob and
// moved 10 mm off the cushion in some frames, see besideNose).
func TestBesideNose(t *testing.T) {
	tab := table.MustNew("9ft")
	cfg := render.DefaultConfig()
	cfg.Table = tab
	img, cal, _, err := render.RenderStill(map[int]table.Point{0: tab.CenterSpot()}, cfg)
	if err != nil {
		t.Fatal(err)
	}
	img.Close()
	d, err := NewDetector(cal, Options{})
	if err != nil {
		t.Fatal(err)
	}
	defer d.Close()
	r := tab.BallR
	a := tab.CornerMouth / math.Sqrt2 // a corner jaw's distance from the corner
	h := tab.SideMouth / 2
	for _, tc := range []struct {
		name string
		p    table.Point
		want bool
	}{
		{"foot cushion, middle", table.Point{X: tab.L - r, Y: tab.W / 2}, true},
		{"left cushion, clear of the foot-left jaw", table.Point{X: tab.L - a - r - 1, Y: r + 2}, true},
		{"left cushion, into the foot-left jaws", table.Point{X: tab.L - a - r + 5, Y: r}, false},
		{"the 11's read in the foot-left jaws", table.Point{X: 2453.2, Y: 28.6}, false},
		{"left cushion, clear of the side jaw", table.Point{X: tab.L/2 - h - r - 1, Y: r}, true},
		{"left cushion, into the side jaws", table.Point{X: tab.L/2 + h + r - 10, Y: r - 3}, false},
		{"head cushion, clear of the head-right jaw", table.Point{X: r + 1, Y: tab.W - a - r - 1}, true},
		{"head cushion, into the head-right jaws", table.Point{X: r, Y: tab.W - a - 10}, false},
	} {
		n := cushionNormal(tc.p, tab)
		if got := d.besideNose(tc.p, n, r+gapFrozen); got != tc.want {
			t.Errorf("%s: besideNose(%v) got %v, want %v", tc.name, tc.p, got, tc.want)
		}
	}
}
