package tracking

import (
	"fmt"
	"math"
	"testing"

	"github.com/cueref/cueref/shot"
	"github.com/cueref/cueref/table"
)

// TestProvisionalMeetAgain strikes ball 3, resting gap mm off the foot
// cushion, full with the cue ball: 3 comes back off the cushion into the cue
// ball a tenth of a second later. The second contact of the same two balls is
// told on its own (not taken for the first told again) within two frames of
// the toy world's true one, timed within 20 ms of it, and not before it.
func TestProvisionalMeetAgain(t *testing.T) {
	P := func(x, y float64) table.Point { return table.Point{X: x, Y: y} }
	R := tab9.BallR
	for _, gap := range []float64{80} {
		for seed := int64(1); seed <= 4; seed++ {
			t.Run(fmt.Sprintf("%.0f mm off/seed %d", gap, seed), func(t *testing.T) {
				x3 := tab9.L - R - gap
				w := newToy(tab9, map[int]table.Point{0: P(x3-400, 635), 3: P(x3, 635), 9: P(300, 200)})
				w.run(1.0)
				w.strike(0, P(1500, 0))
				w.settle()
				var meets []float64
				for _, e := range w.events {
					if e.Kind == shot.Contact && (e.A == 0 && e.B == 3 || e.A == 3 && e.B == 0) {
						meets = append(meets, e.T)
					}
				}
				if len(meets) < 2 || meets[1]-meets[0] > 0.2 {
					t.Fatalf("toy world: contacts of 0 and 3 at %v, want two within 0.2 s", meets)
				}
				tc := meets[1]
				told, o := firstTold(t, w, seed, func(o Output) bool {
					return o.Event.Kind == shot.Contact && (o.Event.A == 3 && o.Event.B == 0 || o.Event.A == 0 && o.Event.B == 3) &&
						math.Abs(o.T-tc) < 0.03
				})
				if math.IsInf(told, 1) {
					t.Fatalf("second contact of 0 and 3 at %.4f never told", tc)
				}
				if math.Abs(o.T-tc) > 0.02 {
					t.Errorf("contact told at %.4f, want %.4f ± 0.02", o.T, tc)
				}
				if told < o.T {
					t.Errorf("contact at %.4f told at frame %.4f, before it happened", o.T, told)
				}
				if d := (told - tc) * 60; d > 2 {
					t.Errorf("second contact first told %.2f frames after it (kind %d), want ≤ 2", d, o.Kind)
				}
			})
		}
	}
}

// TestKnuckleInto: a ball heading squarely enough into a jaw point, fast
// enough, hits it; one passing it at a glancing angle (its path a couple of
// millimetres inside by the noise) or creeping does not.
func TestKnuckleInto(t *testing.T) {
	n := table.Point{X: 0, Y: -1}
	for _, c := range []struct {
		name string
		v    table.Point
		want bool
	}{
		{"square, 300 mm/s", table.Point{X: 0, Y: -300}, true},
		{"45°, 400 mm/s", table.Point{X: 283, Y: -283}, true},
		{"glancing, cos 0.4", table.Point{X: 917, Y: -400}, false},
		{"along the cushion", table.Point{X: 800, Y: -20}, false},
		{"square, 40 mm/s", table.Point{X: 0, Y: -40}, false},
		{"away", table.Point{X: 0, Y: 300}, false},
	} {
		if got := knuckleInto(c.v, n); got != c.want {
			t.Errorf("%s: knuckleInto(%v) = %v, want %v", c.name, c.v, got, c.want)
		}
	}
}

// TestAwayFromRest: two detections off a rest point show a ball leaving it
// only when the second is further off, by the noise, in about the same
// direction.
func TestAwayFromRest(t *testing.T) {
	k, err := New(Config{Table: tab9})
	if err != nil {
		t.Fatal(err)
	}
	rest := table.Point{X: 1000, Y: 600}
	for _, c := range []struct {
		name string
		p, q table.Point
		want bool
	}{
		{"leaving", table.Point{X: 1006, Y: 600}, table.Point{X: 1014, Y: 601}, true},
		{"back towards it", table.Point{X: 1008, Y: 600}, table.Point{X: 1005, Y: 600}, false},
		{"flipped to the other side", table.Point{X: 1006, Y: 600}, table.Point{X: 990, Y: 600}, false},
		{"sideways", table.Point{X: 1006, Y: 600}, table.Point{X: 1000, Y: 612}, false},
	} {
		if got := k.awayFromRest(rest, c.p, c.q); got != c.want {
			t.Errorf("%s: awayFromRest(%v, %v) = %v, want %v", c.name, c.p, c.q, got, c.want)
		}
	}
}
