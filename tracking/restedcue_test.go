package tracking

import (
	"math"
	"testing"

	"github.com/cueref/cueref/table"
)

// TestRestedCueStroke: rendered 9-ball, seed 68, shot 7 (stroke at
// 62.896 s). The cue ball, struck at 8 m/s from the head end under the arm
// and stick, was first read 1.8 m on, 0.23 s later, on another track; its own
// track was taken for lifted. The stroke must be told where and when the cue
// ball was last seen at rest (restedCue), not where it was found: a shot
// struck 0.23 s late matches no stroke, and its ruling is lost.
func TestRestedCueStroke(t *testing.T) {
	const stroke = 62.8955
	shots := renderedShotsOf(t, loadRendered(t, "testdata/restedcue-9ball-s68-rendered.json.gz"), Config{Table: tab9, FPS: 60, Balls: gameBalls(9)})
	if len(shots) != 1 {
		t.Fatalf("got %d shots, want 1", len(shots))
	}
	s := shots[0]
	if d := *s.Start - stroke; math.Abs(d) > 2.0/60 {
		t.Errorf("stroke told at %.4f, %.0f ms from the true one; want within two frames", *s.Start, 1000*d)
	}
	if p, ok := s.Before[0]; !ok || p.P().Dist(table.Point{X: 403, Y: 603}) > 20 {
		t.Errorf("the cue ball before the stroke at %v; want where it rested, (403, 603)", s.Before[0])
	}
}
