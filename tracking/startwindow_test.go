package tracking

import (
	"math"
	"testing"

	"github.com/cueref/cueref/shot"
)

// TestStartTimedLateByCushion: rendered 9-ball, seed 64, shot 33 (stroke
// 272.211 s). The cue ball meets the 2, resting 16 mm off the left cushion,
// at 272.3251 s; the 2 hits the cushion 20 ms later and comes back, its
// reads zig-zagging, so that its start is timed at 272.3667 s, 42 ms late,
// and the cue ball's break at the contact lay outside the 2.5 frames
// incoming looked in. The contact was timed on the cue ball's way out
// instead, 42 ms late (a false contact and a missed one), and the 2's
// cushion hit was lost. The contact must be told within the bench's 30 ms
// and the cushion hit within its 50 ms.
func TestStartTimedLateByCushion(t *testing.T) {
	const contact, rail = 272.3251, 272.3465
	var gotC, gotR []float64
	eachRenderedEvent(t, "testdata/cushionzig-9ball-s64-rendered.json.gz", Config{Table: tab9, FPS: 60, Balls: gameBalls(9)}, func(_ float64, o Output) {
		e := o.Event
		if o.T < 272.2 {
			return // the shot before
		}
		switch {
		case e.Kind == shot.Contact && (e.A == 0 && e.B == 2 || e.A == 2 && e.B == 0):
			gotC = append(gotC, o.T)
		case e.Kind == shot.RailHit && e.Ball == 2 && e.Rail == "left":
			gotR = append(gotR, o.T)
		}
	})
	if len(gotC) != 1 || math.Abs(gotC[0]-contact) > 0.03 {
		t.Errorf("contacts of the cue ball and the 2 told at %v; want one within 30 ms of %.4f", gotC, contact)
	}
	if len(gotR) == 0 || math.Abs(gotR[0]-rail) > 0.05 {
		t.Errorf("left cushion hits of the 2 told at %v; want the first within 50 ms of %.4f", gotR, rail)
	}
}
