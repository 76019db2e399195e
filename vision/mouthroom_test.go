package vision

import (
	"fmt"
	"runtime"
	"testing"
	"time"

	"github.com/cueref/cueref/sim/render"
	"github.com/cueref/cueref/table"
)

// TestMouthViewsLeaveBedViewAlone renders stills with balls all over the bed,
// by the corner pockets and cushions, and in or near the side pockets' mouths,
// with and without the shooter over the table, and detects each with the
// detector and with its bed's view alone (no mouth views). The mouths' views
// may add detections in a side pocket's mouth only: every detection of the
// bed's view must be there, bit for bit (an earlier try that grew the bed's
// view over the mouths resampled it and moved a third of the bench's
// detections elsewhere). What the mouths' views add must be a ball within 5 mm
// of the simulator's truth.
func TestMouthViewsLeaveBedViewAlone(t *testing.T) {
	tab := table.MustNew("9ft")
	r := tab.BallR
	layouts := []map[int]table.Point{
		{0: {X: tab.L / 2, Y: 3 * r}, 1: {X: tab.L/2 + 3, Y: -0.4 * r}, 2: {X: 2 * r, Y: 2 * r}, 3: {X: tab.L - r, Y: tab.W / 3},
			4: {X: tab.L * 0.7, Y: tab.W * 0.6}, 5: {X: tab.L/2 - 20, Y: tab.W + 5}, 6: {X: tab.L - 1.5*r, Y: tab.W - 1.5*r}, 9: {X: 600, Y: 300}},
		{0: {X: 900, Y: 500}, 7: {X: tab.L/2 + 8, Y: tab.W - 0.8*r}, 11: {X: tab.L/2 - 2.5*r, Y: r}, 12: {X: tab.L / 2, Y: tab.W / 2},
			14: {X: r, Y: tab.W - r}, 15: {X: tab.L * 0.85, Y: r + 2}, 8: {X: tab.L/2 + 20, Y: 1.2 * r}},
	}
	for _, cloth := range render.ClothNames {
		for li, layout := range layouts {
			for _, occl := range []bool{false, true} {
				t.Run(fmt.Sprintf("%s/%d/occluders=%v", cloth, li, occl), func(t *testing.T) {
					cfg := render.DefaultConfig()
					cfg.Cloth, cfg.Seed, cfg.Occluders, cfg.Table = cloth, int64(li+1), occl, tab
					img, cal, truth, err := render.RenderStill(layout, cfg)
					if err != nil {
						t.Fatal(err)
					}
					defer img.Close()
					d, err := NewDetector(cal, Options{})
					if err != nil {
						t.Fatal(err)
					}
					defer d.Close()
					if len(d.mouths) != 2 {
						t.Fatalf("got %d mouth views, want 2 (both side pockets are in the frame)", len(d.mouths))
					}
					bed, err := newDetector(cal, Options{}, nil)
					if err != nil {
						t.Fatal(err)
					}
					defer bed.Close()
					all, err := d.Detect(img, nil)
					if err != nil {
						t.Fatal(err)
					}
					alone, err := bed.Detect(img, nil)
					if err != nil {
						t.Fatal(err)
					}
					inMouth := func(p table.Point) bool {
						return d.inMouth(d.pockets[0], p) || d.inMouth(d.pockets[1], p)
					}
					for _, x := range alone {
						same := false
						for _, y := range all {
							same = same || y == x
						}
						if !same {
							t.Errorf("bed view's %v %d at %v: got it changed or gone with the mouths' views, want it as it was", x.Class, x.Ball, x.At)
						}
					}
					added := 0
					defer func() { t.Logf("%d detections, %d from the mouths' views", len(all), added) }()
					for _, y := range all {
						same := false
						for _, x := range alone {
							same = same || y == x
						}
						if same {
							continue
						}
						added++
						if !inMouth(y.At) {
							t.Errorf("got a %v %d at %v from the mouths' views outside the mouths, want none", y.Class, y.Ball, y.At)
							continue
						}
						best := 1e9
						for _, b := range truth {
							best = min(best, y.At.Dist(b.At))
						}
						if best > 5 {
							t.Errorf("mouth view's %v %d at %v: got %.1f mm from the nearest ball, want within 5 mm", y.Class, y.Ball, y.At, best)
						}
					}
				})
			}
		}
	}
}

// BenchmarkMouthViews measures, on one core at 1280×720 (BenchmarkDetect's
// frames), what the side mouths' views add to Detect's CPU time per frame:
// as they run (a mouth's detector skips a frame whose blocks over the mouth
// are as they were at its last search: these frames are still, so it searches
// one frame in mouthRefresh+1) and searching every frame (the worst case: both
// mouths changing all the time). The three detectors
// take turns frame by frame, so that the machine's load falls on each alike.
func BenchmarkMouthViews(b *testing.B) {
	defer runtime.GOMAXPROCS(runtime.GOMAXPROCS(1))
	SetNumThreads(1)
	defer SetNumThreads(-1)
	cases := scaledCases(b, 1280, 720)
	type variant struct {
		ds    []*Detector
		force bool
		cpu   time.Duration
	}
	vs := []*variant{{}, {}, {force: true}}
	for vi, v := range vs {
		for _, c := range cases {
			var d *Detector
			var err error
			if vi == 0 {
				d, err = newDetector(c.calib, Options{}, nil)
			} else {
				d, err = NewDetector(c.calib, Options{})
			}
			if err != nil {
				b.Fatal(err)
			}
			defer d.Close()
			v.ds = append(v.ds, d)
		}
	}
	dets := make([]Detection, 0, 32)
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		j := i % len(cases)
		for _, v := range vs {
			d := v.ds[j]
			if v.force {
				for k := range d.gates {
					d.gates[k].valid = false
				}
			}
			t0 := cpuTime()
			var err error
			if dets, err = d.Detect(cases[j].img, dets); err != nil {
				b.Fatal(err)
			}
			v.cpu += cpuTime() - t0
		}
	}
	per := func(t time.Duration) float64 { return t.Seconds() * 1000 / float64(b.N) }
	b.ReportMetric(per(vs[0].cpu), "bed_cpu_ms/frame")
	b.ReportMetric(per(vs[1].cpu-vs[0].cpu), "mouths_cpu_ms/frame")
	b.ReportMetric(per(vs[2].cpu-vs[0].cpu), "mouths_every_frame_cpu_ms/frame")
}
