package tracking

import (
	"math"
	"testing"

	"github.com/cueref/cueref/shot"
	"github.com/cueref/cueref/table"
)

// TestRailTwiceRendered runs the tracker on the detector's view of two shots
// where it told one cushion hit two or three times (railtwice.go):
//   - 10-ball seed 15, shot 5: ball 4 crawls into the foot cushion (about
//     20 mm/s) and dies off it; its detections there jump, and the hit was
//     told at 45.729, 45.793 and 45.931 s;
//   - 8-ball seed 16, shot 3: ball 14 runs into the left cushion at about
//     400 mm/s; two detections 19–23 mm off its path towards the cushion,
//     130 ms before it got there, were told as a hit, and the true one after
//     it as another (the earlier is the false one: the detections between
//     still close on the cushion).
//
// The truth (the fixture's frames) has the ball touch the cushion once in the
// window: the tracker must tell that one hit, once, within 40 ms of the
// truth's frame nearest the cushion.
func TestRailTwiceRendered(t *testing.T) {
	for _, c := range []struct {
		file   string
		ball   int
		rail   table.Rail
		lo, hi float64 // the window (s) of the one true hit
	}{
		{"testdata/railtwice-10ball-s15-rendered.json.gz", 4, table.Foot, 45.5, 46.1},
		{"testdata/railtwice-8ball-s16-rendered.json.gz", 14, table.Left, 25.4, 25.9},
	} {
		t.Run(c.file, func(t *testing.T) {
			fs := loadRendered(t, c.file)
			// The truth: the ball's frames within 3 mm of the cushion in
			// the window must be one run (one hit).
			nearT, near := 0.0, math.Inf(1)
			runs, in := 0, false
			for _, f := range fs {
				if f.T < c.lo || f.T > c.hi {
					continue
				}
				for _, x := range f.Truth {
					if int(x[0]) != c.ball {
						continue
					}
					g := tab9.RailDistance(table.Point{X: x[1], Y: x[2]}, c.rail)
					if g < near {
						near, nearT = g, f.T
					}
					if g < 3 && !in {
						runs++
					}
					in = g < 3
				}
			}
			if runs != 1 {
				t.Fatalf("testdata: ball %d touches the %s cushion %d times in %.2f–%.2f s (nearest %.1f mm at %.3f s), want once", c.ball, c.rail, runs, c.lo, c.hi, near, nearT)
			}
			var hits []float64
			var all []shot.Event
			for _, s := range renderedShots(t, fs) {
				for _, e := range absEvents(s) {
					all = append(all, e)
					if e.Kind == shot.RailHit && e.Ball == c.ball && e.Rail == string(c.rail) && e.T > c.lo-0.3 && e.T < c.hi {
						hits = append(hits, e.T)
					}
				}
			}
			if len(hits) != 1 || math.Abs(hits[0]-nearT) > 0.04 {
				t.Errorf("ball %d's %s cushion hits %v; want one within 40 ms of %.4f s (truth); events:%s", c.ball, c.rail, hits, nearT, fmtEvents(all))
			}
		})
	}
}
