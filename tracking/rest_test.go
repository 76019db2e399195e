package tracking

import (
	"testing"

	"github.com/cueref/cueref/shot"
	"github.com/cueref/cueref/table"
)

// TestRestWhenSeldomSeen stops the balls of a shot where the detector misses
// most frames of a ball (as it does for a ball touching others in a cluster) and
// checks that the shot's record, which the ruling follows, comes soon after the
// last ball truly stopped. Cause fixed: the rest test waited for a number of
// detections (0.25 s worth at the nominal rate), so a ball seen in one frame of
// three was watched three times as long before the shot could end; it now judges
// rest on restWindow seconds of detections (at least restMin of them).
func TestRestWhenSeldomSeen(t *testing.T) {
	P := func(x, y float64) table.Point { return table.Point{X: x, Y: y} }
	for _, c := range []struct {
		name    string
		dropout float64
		fps     float64
		within  float64 // s after the true stop
	}{
		{"seen in every frame, 60 fps", 0.01, 60, 0.25},
		{"seen in half the frames, 60 fps", 0.5, 60, 0.3},
		{"seen in a third of the frames, 60 fps", 0.67, 60, 0.35},
		{"seen in half the frames, 30 fps", 0.5, 30, 0.4},
	} {
		t.Run(c.name, func(t *testing.T) {
			for seed := int64(1); seed <= 3; seed++ {
				w := newToy(tab9, map[int]table.Point{0: P(600, 300), 4: P(1800, 900)})
				w.run(0.6)
				w.strike(0, P(700, 300))
				w.settle()
				cam := defaultCamera(seed)
				cam.dropout, cam.fps = c.dropout, c.fps
				k, err := New(Config{Table: tab9, FPS: c.fps})
				if err != nil {
					t.Fatal(err)
				}
				told := -1.0
				for _, f := range cam.frames(w, 0.004, w.t) {
					out, err := k.PushFrame(f)
					if err != nil {
						t.Fatal(err)
					}
					for _, o := range out {
						if o.Kind == OutShot && told < 0 {
							told = f.T
						}
					}
				}
				stop := -1.0
				for _, e := range w.events {
					if e.Kind == shot.Stop {
						stop = e.T
					}
				}
				if told < 0 {
					t.Fatalf("seed %d: no shot told", seed)
				}
				if lag := told - stop; lag > c.within {
					t.Errorf("seed %d: record told %.0f ms after the balls stopped, want ≤ %.0f ms", seed, lag*1000, c.within*1000)
				}
			}
		})
	}
}
