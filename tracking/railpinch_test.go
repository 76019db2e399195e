package tracking

import (
	"math"
	"strings"
	"testing"

	"github.com/cueref/cueref/shot"
	"github.com/cueref/cueref/sim"
	"github.com/cueref/cueref/table"
)

// TestRailPinch plays no-render seed 6's 10-ball shot 240: the cue ball
// comes in at a slant to the right cushion and meets it a fraction of a
// millisecond before ball 5, resting 8 mm off it. The tracker may tell the
// two in either order; when it tells the contact first, the shot must be
// sent to review (a cushion after the first contact makes the safety legal,
// rules 1.17 and 3.9), for every noise seed. Aimed at the 5 clear of the
// cushion, the cushion comes long after the contact and no such doubt may be
// raised.
func TestRailPinch(t *testing.T) {
	cue, five := table.Point{X: 2487.07, Y: 1135.35}, table.Point{X: 2085.42, Y: 1233.06}
	for _, c := range []struct {
		name  string
		aim   table.Point // where the cue ball is sent
		pinch bool        // its cushion within a frame of the contact
	}{
		{"into the cushion by the 5", table.Point{X: 2142.28, Y: tab9.W - tab9.BallR}, true},
		{"full on the 5", five, false},
	} {
		t.Run(c.name, func(t *testing.T) {
			d := c.aim.Sub(cue)
			mo, err := sim.Simulate(tab9, sim.DefaultParams(), sim.Layout{0: cue, 5: five}, sim.Stroke{Speed: 1.0, Angle: math.Atan2(d.Y, d.X)}, nil)
			if err != nil {
				t.Fatal(err)
			}
			var tc, tr float64 = -1, -1
			for _, e := range mo.Events() {
				switch {
				case tc < 0 && e.Kind == shot.Contact && (e.A == 0 || e.B == 0):
					tc = e.T
				case tr < 0 && e.Kind == shot.RailHit && e.Ball == 0:
					tr = e.T
				}
			}
			if tc < 0 || tr < 0 || (math.Abs(tr-tc) < 0.005) != c.pinch {
				t.Fatalf("the simulator's cue ball contact at %.4f and cushion at %.4f; want them within 5 ms: %v: %s", tc, tr, c.pinch, fmtEvents(mo.Events()))
			}
			const at, seeds = 1.0, 6
			for seed := int64(1); seed <= seeds; seed++ {
				shots, _ := simShots(t, simFrames(seed, at+mo.Duration()+1.5, []piece{{mo: mo, at: at}}, nil, nil), 0, 5)
				if len(shots) != 1 {
					t.Errorf("noise seed %d: got %d shots, want 1", seed, len(shots))
					continue
				}
				s := shots[0]
				asked := s.Review != nil && strings.Contains(s.Review.Reason, "after the first contact: it may have come before it")
				fi := firstOf(s)
				railFirst := false
				for _, e := range s.Events[:max(fi, 0)] {
					railFirst = railFirst || e.Kind == shot.RailHit && e.Ball == 0
				}
				switch {
				case c.pinch && fi >= 0 && !railFirst && !asked:
					t.Errorf("noise seed %d: the contact told before the cue ball's cushion, and no review: %s", seed, fmtEvents(s.Events))
				case !c.pinch && asked:
					t.Errorf("noise seed %d: review %q; want none: %s", seed, s.Review.Reason, fmtEvents(s.Events))
				}
			}
		})
	}
}
