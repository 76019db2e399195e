package tracking

import (
	"fmt"
	"math"
	"testing"

	"github.com/cueref/cueref/shot"
	"github.com/cueref/cueref/table"
)

// TestProvisionalChain strikes ball 3 full with the cue ball; ball 5 rests a
// few millimetres beyond it, offset sideways by b. Ball 3 leaves along the
// line of centres and meets ball 5 a frame or two later, before either's
// detections can show it: the contact of 3 and 5 is told (foreseen from the
// first contact, provChain) within two frames of the toy world's true one,
// timed within 20 ms of it. A ball 5 beside the line of 3's way tells
// nothing.
func TestProvisionalChain(t *testing.T) {
	P := func(x, y float64) table.Point { return table.Point{X: x, Y: y} }
	R := tab9.BallR
	for _, c := range []struct {
		name string
		gap  float64 // mm between 3 and 5 along the line
		b    float64 // sideways offset of 5, mm
		want bool
	}{
		{"straight on, 6 mm apart", 6, 0, true},
		{"half-ball, 4 mm apart", 4, R, true},
		{"beside the line", 6, 2*R + 4, false},
	} {
		for seed := int64(1); seed <= 4; seed++ {
			t.Run(fmt.Sprintf("%s/seed %d", c.name, seed), func(t *testing.T) {
				x5 := 900 + math.Sqrt(math.Max(0, 4*R*R-c.b*c.b)) + c.gap
				if c.b >= 2*R {
					x5 = 900 + 2*R + c.gap
				}
				w := newToy(tab9, map[int]table.Point{0: P(600, 635), 3: P(900, 635), 5: P(x5, 635+c.b), 9: P(2300, 200)})
				w.run(1.0)
				w.strike(0, P(1500, 0))
				w.settle()
				tc := math.NaN()
				for _, e := range w.events {
					if e.Kind == shot.Contact && (e.A == 3 && e.B == 5 || e.A == 5 && e.B == 3) && math.IsNaN(tc) {
						tc = e.T
					}
				}
				if c.want == math.IsNaN(tc) {
					t.Fatalf("toy world: contact of 3 and 5 at %.4f, want one: %v", tc, c.want)
				}
				told, o := firstTold(t, w, seed, func(o Output) bool {
					return o.Event.Kind == shot.Contact && (o.Event.A == 3 && o.Event.B == 5 || o.Event.A == 5 && o.Event.B == 3)
				})
				if !c.want {
					if !math.IsInf(told, 1) {
						t.Errorf("contact of 3 and 5 told at frame %.4f (kind %d, t %.4f), want none", told, o.Kind, o.T)
					}
					return
				}
				if math.IsInf(told, 1) {
					t.Fatalf("contact of 3 and 5 at %.4f never told", tc)
				}
				if math.Abs(o.T-tc) > 0.02 {
					t.Errorf("contact told at %.4f, want %.4f ± 0.02", o.T, tc)
				}
				if told < o.T {
					t.Errorf("contact at %.4f told at frame %.4f, before it happened", o.T, told)
				}
				if d := (told - tc) * 60; d > 2 {
					t.Errorf("contact first told %.2f frames after it, want ≤ 2", d)
				}
			})
		}
	}
}

// TestProvisionalStruckIntoCushion strikes ball 3, resting gap mm off the
// left cushion, with the cue ball coming straight down at it: ball 3 meets
// the cushion a frame or two after the contact, too soon for its path to
// show the bounce. The hit is told (foreseen from the contact, as frozenRail
// confirms it) within two frames of the toy world's true hit, timed within
// 20 ms of it, and not before the frame it happened in.
func TestProvisionalStruckIntoCushion(t *testing.T) {
	P := func(x, y float64) table.Point { return table.Point{X: x, Y: y} }
	R := tab9.BallR
	for _, gap := range []float64{3, 10} {
		for seed := int64(1); seed <= 4; seed++ {
			t.Run(fmt.Sprintf("%.0f mm off/seed %d", gap, seed), func(t *testing.T) {
				w := newToy(tab9, map[int]table.Point{0: P(900, R+gap+300), 3: P(900, R+gap), 9: P(2300, 1000)})
				w.run(1.0)
				w.strike(0, P(0, -1200))
				w.settle()
				tc := math.NaN()
				for _, e := range w.events {
					if e.Kind == shot.RailHit && e.Ball == 3 && e.Rail == string(table.Left) && math.IsNaN(tc) {
						tc = e.T
					}
				}
				if math.IsNaN(tc) {
					t.Fatal("toy world: ball 3 never hit the left cushion")
				}
				told, o := firstTold(t, w, seed, func(o Output) bool {
					return o.Event.Kind == shot.RailHit && o.Event.Ball == 3
				})
				if math.IsInf(told, 1) {
					t.Fatalf("cushion hit of ball 3 at %.4f never told", tc)
				}
				if o.Event.Rail != string(table.Left) {
					t.Errorf("hit of the %s cushion told, want left", o.Event.Rail)
				}
				if math.Abs(o.T-tc) > 0.02 {
					t.Errorf("hit told at %.4f, want %.4f ± 0.02", o.T, tc)
				}
				if told < o.T {
					t.Errorf("hit at %.4f told at frame %.4f, before it happened", o.T, told)
				}
				if d := (told - tc) * 60; d > 2 {
					t.Errorf("hit first told %.2f frames after it, want ≤ 2", d)
				}
			})
		}
	}
}
