package tracking

import (
	"math"
	"testing"

	"github.com/cueref/cueref/shot"
	"github.com/cueref/cueref/sim"
	"github.com/cueref/cueref/table"
)

// TestBackRolling hides the cue ball, rolling slowly after a stroke that met
// nothing, for longer than the tracker waits for a lost ball (no-render seed
// 3, 14.1 at 1207.4 s: lost at 327 mm/s, back 1.0 s later 272 mm on). It
// comes back still rolling; that is no new stroke, and no second shot may be
// told (rule 1.16's no-contact foul would be called on nothing).
func TestBackRolling(t *testing.T) {
	cue := table.Point{X: 600, Y: 400}
	l := sim.Layout{0: cue, 5: {X: 2200, Y: 1000}}
	mo, err := sim.Simulate(tab9, sim.DefaultParams(), l, sim.Stroke{Speed: 0.9, Angle: 0.15}, nil)
	if err != nil {
		t.Fatal(err)
	}
	for _, e := range mo.Events() {
		if e.Kind == shot.Contact {
			t.Fatalf("the cue ball met a ball: %s", fmtEvents(mo.Events()))
		}
	}
	const at = 1.0
	// Hidden for hide seconds from when it rolls at 400 mm/s (h0, from the
	// stroke), with no cushion met the while.
	h0 := 0.0
	for st, _ := mo.Ball(0, h0); st.Vel.Len() > 400; st, _ = mo.Ball(0, h0) {
		h0 += 0.01
	}
	for _, hide := range []float64{0.7, 1.0} {
		if end, _ := mo.Ball(0, h0+hide); end.Vel.Len() < 100 {
			t.Fatalf("the cue ball is all but still (%.0f mm/s) when seen again", end.Vel.Len())
		}
		for _, e := range mo.Events() {
			if e.Kind == shot.RailHit && e.T > h0-0.2 && e.T < h0+hide+0.3 {
				t.Fatalf("the cue ball meets a cushion about when hidden (%.2f-%.2f s): %s", h0, h0+hide, fmtEvents(mo.Events()))
			}
		}
		for seed := int64(1); seed <= 4; seed++ {
			drop := func(b int, _, s float64) bool { return b == 0 && s > h0 && s < h0+hide }
			shots, _ := simShots(t, simFrames(seed, at+mo.Duration()+2, []piece{{mo: mo, at: at}}, nil, drop), 0, 5)
			if len(shots) != 1 {
				var starts []float64
				for _, s := range shots {
					starts = append(starts, math.Round(1000**s.Start)/1000)
				}
				t.Errorf("hidden %.1f s, noise seed %d: got %d shots (strokes at %v), want 1", hide, seed, len(shots), starts)
			}
		}
	}
}
