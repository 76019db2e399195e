package tracking

import (
	"math"
	"testing"

	"github.com/cueref/cueref/shot"
)

// TestRackWhiteRendered runs the tracker on the detector's view of an 8-ball
// break (bench seed 25, rendered, shot 0): the 14, racked with its white
// side up, is read as the cue ball as clearly as the cue ball itself in the
// kitchen, from the first frame on. The rack's ball took the cue ball's
// name, the cue ball was named 14 by elimination, and the break was ruled
// struck from outside the kitchen, a ball moving at the stroke (unflagged).
// The shot told must be struck from the cue ball's place in the kitchen and
// meet the 7 first.
func TestRackWhiteRendered(t *testing.T) {
	fs := loadRendered(t, "testdata/rackwhite-8ball-s25-rendered.json.gz")
	cue := stillInTruthUntil(t, fs, 0, 1.55)
	if cue.X > tab9.L/4 {
		t.Fatalf("testdata: the cue ball rests at %v; want it in the kitchen", cue)
	}
	white := stillInTruthUntil(t, fs, 14, 1.55)
	shots := renderedShotsOf(t, fs, Config{Table: tab9, FPS: 60, Balls: gameBalls(15)})
	s := onlyShot(t, shots, "the break")
	if d := *s.Start - 1.5703; math.Abs(d) > 0.025 {
		t.Errorf("got the break struck at %.4f s; want 1.5703 s (within 25 ms)", *s.Start)
	}
	if p, ok := s.Before[0]; !ok || p.P().Dist(cue) > 10 {
		t.Errorf("got the cue ball at the stroke at %v (told %v); want it at %v", p, ok, cue)
	}
	if p, ok := s.Before[14]; !ok || p.P().Dist(white) > 10 {
		t.Errorf("got the 14 at the stroke at %v (told %v); want it at %v", p, ok, white)
	}
	if got := firstContactOf(s.Events); got != 7 {
		t.Errorf("got first contact %d; want 7", got)
	}
	for _, e := range s.Events {
		if e.Kind == shot.Moving || e.Kind == shot.Touch {
			t.Errorf("got %s of ball %d at %.3f s; want none", e.Kind, e.Ball, e.T)
		}
	}
}
