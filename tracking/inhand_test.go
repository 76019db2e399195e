package tracking

import (
	"math"
	"testing"
)

// Rendered 9-ball, seed 49: after shot 1 (a foul), with the cue ball in hand,
// the 7's reads hopped 10 mm off its place at 18.6 s and back; a "shot" was
// begun by missedStroke at 18.54 s, asked, and ruled a no-contact foul. The
// truth's next stroke is at 21.0723 s: nothing is struck before it.
func TestInHandNoStroke(t *testing.T) {
	fs := loadRendered(t, "testdata/inhand-9ball-s49-rendered.json.gz")
	shots := renderedShotsOf(t, fs, Config{Table: tab9, FPS: 60, Balls: gameBalls(9)})
	for _, s := range shots {
		if math.Abs(*s.Start-21.0723) > 0.05 {
			t.Errorf("got a shot struck at %.3f s (review %v); want only the one at 21.072 s", *s.Start, s.Review)
		}
	}
	shotNear(t, shots, 21.0723, 0.05)
}
