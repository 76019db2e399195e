package tracking

import (
	"fmt"
	"math"
	"os"
	"strings"
	"testing"

	"github.com/cueref/cueref/shot"
)

// TestProvisionalRekiss plays the re-kiss shots of TestRekiss (a ball struck
// next to a cushion comes back off it into the cue ball) and feeds them to the
// tracker frame by frame, as the bench does: the second contact of the pair,
// once confirmed, must have been first told (provisionally, or confirmed)
// within two frames of the simulator's true time, for two of three noise
// seeds at least (TestRekiss's allowance: at one seed the noise hides a
// re-kiss).
func TestProvisionalRekiss(t *testing.T) {
	for _, c := range rekissCases {
		t.Run(c.name, func(t *testing.T) {
			mo, want := rekissSim(t, c.layout, c.stroke, c.b)
			pair := func(e shot.Event) bool { return rekissPair(e, c.b) }
			var fails []string
			for seed := int64(1); seed <= 3; seed++ {
				const at = 0.5
				frames := simFrames(seed, at+mo.Duration()+1, []piece{{mo: mo, at: at}}, nil, nil)
				d, ok := rekissTold(t, frames, pair, at+want[1])
				switch {
				case !ok:
					fails = append(fails, fmt.Sprintf("seed %d: second contact at %.4f never confirmed", seed, at+want[1]))
				case d > 2:
					fails = append(fails, fmt.Sprintf("seed %d: second contact at %.4f first told %.2f frames after it, want ≤ 2", seed, at+want[1], d))
				}
			}
			if len(fails) > 1 {
				t.Errorf("got %d seeds failing, want 1 at most:\n%s", len(fails), strings.Join(fails, "\n"))
			}
		})
	}
}

// rekissTold feeds frames to a new tracker and returns, for the confirmed
// contact (pair says which) nearest tt within 30 ms, how many frames after tt
// it was first told: by the frame of the provisional contact of the same pair
// nearest its time within 30 ms, not taken by an earlier confirmed one (as
// the bench matches them), or by its own frame.
func rekissTold(t *testing.T, frames []Frame, pair func(shot.Event) bool, tt float64) (float64, bool) {
	t.Helper()
	cfg := Config{Table: tab9}
	if os.Getenv("TRACKTRACE") != "" {
		cfg.Trace = func(f string, a ...any) { fmt.Printf(f+"\n", a...) }
	}
	k, err := New(cfg)
	if err != nil {
		t.Fatal(err)
	}
	type told struct {
		frame float64
		o     Output
	}
	var provs []told
	best, bd := 0.0, math.Inf(1)
	for _, f := range frames {
		out, err := k.PushFrame(f)
		if err != nil {
			t.Fatal(err)
		}
		for _, o := range out {
			if !pair(o.Event) {
				continue
			}
			if o.Kind == OutProvisional {
				provs = append(provs, told{f.T, o})
				continue
			}
			if o.Kind != OutEvent {
				continue
			}
			first, pi, pd := f.T, -1, 0.03
			for j, p := range provs {
				if d := math.Abs(p.o.T - o.T); d <= pd {
					pi, pd = j, d
				}
			}
			if pi >= 0 {
				first = math.Min(first, provs[pi].frame)
				provs = append(provs[:pi], provs[pi+1:]...)
			}
			if d := math.Abs(o.T - tt); d <= 0.03 && d < bd {
				best, bd = (first-tt)*60, d
			}
		}
	}
	return best, !math.IsInf(bd, 1)
}
