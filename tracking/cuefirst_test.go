package tracking

import (
	"math"
	"testing"

	"github.com/cueref/cueref/shot"
	"github.com/cueref/cueref/table"
)

// TestReturnToSurerRead runs the tracker over a scratch and the re-rack
// after it in the rendered bench (seed 19, 8-ball shots 27 and 28): the cue
// ball, pocketed in shot 27, is put down in the kitchen and read as the cue ball at about 0.8
// in the frame the rack appears, in which stripe 14 at the rack's apex is
// read as the cue ball at about 0.6. The cue ball's track returns to the
// surer read (tracker.go, cueFirst): the break is struck when the cue ball
// starts, from the kitchen (not when the apex ball does, 0.11 s later).
func TestReturnToSurerRead(t *testing.T) {
	const stroke = 213.9512
	cue := table.Point{X: 575.1, Y: 625.12} // the truth's
	fs := loadRendered(t, "testdata/rackcue-8ball-s19-rendered.json.gz")
	got := shotAt(t, fs, Config{Table: tab9, FPS: 60, Balls: gameBalls(15)}, stroke)
	p, ok := got.Before[0]
	if !ok {
		t.Fatalf("no cue ball at the break's stroke; want it at %v", cue)
	}
	if d := p.P().Dist(cue); d > 10 {
		t.Errorf("cue ball at %v at the stroke, %.0f mm from where it was (%v); want within 10 mm", p, d, cue)
	}
	for _, e := range got.Events {
		if e.Kind == shot.Touch {
			t.Errorf("got a touch of ball %d at %.3f s; want none", e.Ball, e.T)
		}
	}
	if math.Abs(*got.Start-stroke) > 0.02 {
		t.Errorf("stroke at %.4f s, want %.4f", *got.Start, stroke)
	}
}
