package tracking

import (
	"fmt"
	"math"
	"os"
	"testing"

	"github.com/cueref/cueref/shot"
	"github.com/cueref/cueref/table"
)

// TestProvisionalLeaveAt120 strikes a cue ball that has rested for seconds
// at a few hundred mm/s, filmed at 120 fps: it moves 3–8 mm a frame, so that
// no single detection is provFar off its rest point until the third frame,
// but two in a row leave it along one line by the second: the strike is told
// (provisionally or confirmed) within two frames of it, timed within a
// frame, and nothing is told before it.
func TestProvisionalLeaveAt120(t *testing.T) {
	P := func(x, y float64) table.Point { return table.Point{X: x, Y: y} }
	const fps = 120
	for _, speed := range []float64{650, 700, 800} {
		for seed := int64(1); seed <= 6; seed++ {
			t.Run(fmt.Sprintf("%.0f mm/s/seed %d", speed, seed), func(t *testing.T) {
				w := newToy(tab9, map[int]table.Point{0: P(600, 635), 9: P(2300, 200)})
				w.run(2.0)
				ts := w.t
				w.strike(0, P(speed*0.8, speed*0.6))
				w.run(0.5)
				cfg := Config{Table: tab9, FPS: fps, SlideDecel: toyDecel}
				if os.Getenv("TRACKTRACE") != "" {
					cfg.Trace = func(f string, a ...any) { fmt.Printf(f+"\n", a...) }
				}
				k, err := New(cfg)
				if err != nil {
					t.Fatal(err)
				}
				cam := defaultCamera(seed)
				cam.fps, cam.exposure = fps, 0.5/fps
				told, at := math.Inf(1), math.NaN() // frame time and event time of the first strike told
				for _, f := range cam.frames(w, 0.004, w.t) {
					out, err := k.PushFrame(f)
					if err != nil {
						t.Fatal(err)
					}
					for _, o := range out {
						if (o.Kind == OutProvisional || o.Kind == OutEvent) && o.Event.Kind == shot.Strike && math.IsInf(told, 1) {
							told, at = f.T, o.T
						}
					}
				}
				if told < ts {
					t.Fatalf("strike told at frame %.4f, before the stroke at %.4f", told, ts)
				}
				if d := (told - ts) * fps; d > 2 {
					t.Errorf("strike first told %.2f frames after it, want ≤ 2", d)
				}
				if math.Abs(at-ts) > 1.0/fps {
					t.Errorf("strike told at %.4f, want %.4f ± a frame", at, ts)
				}
			})
		}
	}
}

// TestProvisionalLeaveStill: a cue ball left at rest for seconds, filmed at
// 120 fps, is never told struck.
func TestProvisionalLeaveStill(t *testing.T) {
	P := func(x, y float64) table.Point { return table.Point{X: x, Y: y} }
	for seed := int64(1); seed <= 6; seed++ {
		w := newToy(tab9, map[int]table.Point{0: P(600, 635), 9: P(2300, 200), 3: P(1200, 100)})
		w.run(6.0)
		k, err := New(Config{Table: tab9, FPS: 120, SlideDecel: toyDecel})
		if err != nil {
			t.Fatal(err)
		}
		cam := defaultCamera(seed)
		cam.fps, cam.exposure = 120, 0.5/120
		for _, f := range cam.frames(w, 0.004, w.t) {
			out, err := k.PushFrame(f)
			if err != nil {
				t.Fatal(err)
			}
			for _, o := range out {
				if o.Event.Kind == shot.Strike {
					t.Fatalf("seed %d: strike told at frame %.4f (kind %d), want none", seed, f.T, o.Kind)
				}
			}
		}
	}
}
