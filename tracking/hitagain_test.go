package tracking

import (
	"testing"

	"github.com/cueref/cueref/shot"
)

// TestNoContactPastCueBallsHit: rendered 8-ball, seed 1, the break (stroke
// 2.2203 s). The cue ball hits the apex ball (the 15) at 2.3449 s and comes
// back off it at 900 mm/s; the rack's other balls are pushed by their
// neighbours. None may be paired with the cue ball by its path in carried on
// past the hit (inUntil): the truth's only contact of the cue ball in the
// break is with the 15.
func TestNoContactPastCueBallsHit(t *testing.T) {
	n := 0
	eachRenderedEvent(t, "testdata/cueback-8ball-s1-rendered.json.gz", Config{Table: tab9, FPS: 60, Balls: gameBalls(15)}, func(ft float64, o Output) {
		if o.Event.Kind != shot.Contact {
			return
		}
		e := o.Event
		if e.A != 0 && e.B != 0 {
			return
		}
		n++
		if e.A+e.B != 15 {
			t.Errorf("%.4f: contact %d-%d at %.4f told; want the cue ball's only with the 15", ft, e.A, e.B, o.T)
		}
	})
	if n == 0 {
		t.Errorf("no contact of the cue ball told; want the one with the 15")
	}
}
