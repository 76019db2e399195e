package tracking

import (
	"math"
	"testing"

	"github.com/cueref/cueref/shot"
)

// TestLiftBackAsked: rendered seed 21, 9-ball from 333 s to 361 s. Ball 3,
// lost at rest by the left cushion at 334.55 s (taken for lifted), comes back
// on a false detection by the side right pocket at 356.15 s between shots,
// moves untouched 0.26 s later, is renamed 8 and, in shot 42 (struck at
// 357.10 s, a legal pot try of 7), moves untouched again into the side
// pocket. Cause (liftback.go): handback.go's test of a ball back in a hand
// left out balls back from a lift, and the shot told a touched-ball foul
// (rule 1.19) unasked. The camera cannot tell a false detection from a ball
// truly put back and touched: the shot must ask, or tell no touch.
func TestLiftBackAsked(t *testing.T) {
	fs := loadRendered(t, "testdata/liftback-9ball-s21-rendered.json.gz")
	const stroke = 357.1016
	var got *shot.Shot
	for _, s := range renderedShotsOf(t, fs, Config{Table: tab9, FPS: 60, Balls: gameBalls(9)}) {
		if s.Start != nil && math.Abs(*s.Start-stroke) < 0.1 {
			got = s
		}
	}
	if got == nil {
		t.Fatalf("no shot struck at %.2f s", stroke)
	}
	if got.Review != nil {
		return
	}
	for _, e := range got.Events {
		if e.Kind == shot.Touch {
			t.Errorf("touch of ball %d at %.3f s, unasked; want none or a review", e.Ball, e.T)
		}
	}
}
