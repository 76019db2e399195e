package tracking

import (
	"fmt"
	"math"
	"os"
	"testing"

	"github.com/cueref/cueref/shot"
	"github.com/cueref/cueref/table"
)

// TestProvisionalThinContact drives the cue ball past a ball at rest at
// impact parameter b (the distance of its straight path from the ball's
// centre). A thin cut bends the cue ball's path too little, and sends the
// struck ball off too slowly, to show within two frames, but the path came
// inside touching distance of the ball: the contact is told provisionally
// within two frames of it. A path passing just clear of the ball tells
// nothing.
func TestProvisionalThinContact(t *testing.T) {
	R := tab9.BallR
	for _, c := range []struct {
		name  string
		speed float64 // mm/s of the cue ball
		b     float64 // impact parameter, mm
		want  bool    // a contact happens and is told
	}{
		{"thin cut, slow", 600, 2*R - 8, true},
		{"thin cut", 1200, 2*R - 8, true},
		{"half-ball", 900, R, true},
		{"near miss", 900, 2*R + 3, false},
		{"grazing miss, slow", 600, 2*R + 1, false},
	} {
		for seed := int64(1); seed <= 4; seed++ {
			t.Run(fmt.Sprintf("%s/seed %d", c.name, seed), func(t *testing.T) {
				w, tc := toyCutAt(c.b, c.speed)
				if c.want == math.IsNaN(tc) {
					t.Fatalf("toy world: contact at %.4f, want one: %v", tc, c.want)
				}
				cfg := Config{Table: tab9, SlideDecel: toyDecel}
				if os.Getenv("TRACKTRACE") != "" {
					cfg.Trace = func(f string, a ...any) { fmt.Printf(f+"\n", a...) }
				}
				k, err := New(cfg)
				if err != nil {
					t.Fatal(err)
				}
				told := math.Inf(1) // frame time of the first contact told
				for _, f := range defaultCamera(seed).frames(w, 0.004, w.t) {
					out, err := k.PushFrame(f)
					if err != nil {
						t.Fatal(err)
					}
					for _, o := range out {
						if (o.Kind == OutProvisional || o.Kind == OutEvent) && o.Event.Kind == shot.Contact && math.IsInf(told, 1) {
							told = f.T
							if !(o.Event.A == 0 && o.Event.B == 3 || o.Event.A == 3 && o.Event.B == 0) {
								t.Errorf("contact of balls %d and %d told, want 0 and 3", o.Event.A, o.Event.B)
							}
							if c.want && math.Abs(o.T-tc) > 0.02 {
								t.Errorf("contact told at %.4f, want %.4f ± 0.02", o.T, tc)
							}
						}
					}
				}
				if !c.want {
					if !math.IsInf(told, 1) {
						t.Errorf("contact told at frame %.4f, want none", told)
					}
					return
				}
				if d := (told - tc) * 60; d > 2 {
					t.Errorf("contact first told %.1f frames after it, want ≤ 2", d)
				}
			})
		}
	}
}

// toyCutAt plays the cue ball at speed (mm/s) from (600, 635) along +x at
// ball 3, 300 mm on and b mm off its line, in a settled toy world, and
// returns the world and the time of its first contact (NaN if none).
func toyCutAt(b, speed float64) (*toyWorld, float64) {
	w := newToy(tab9, map[int]table.Point{0: {X: 600, Y: 635}, 3: {X: 900, Y: 635 + b}, 9: {X: 2300, Y: 200}})
	w.run(1.0)
	w.strike(0, table.Point{X: speed})
	w.settle()
	tc := math.NaN()
	for _, e := range w.events {
		if e.Kind == shot.Contact && math.IsNaN(tc) {
			tc = e.T
		}
	}
	return w, tc
}
