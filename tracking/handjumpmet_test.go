package tracking

import (
	"math"
	"testing"
)

// Rendered bench seed 36, 9-ball: after shot 16 (a foul, ball in hand) the
// cue ball, resting 7 mm from the 8 at (2109, 483), is put down by hand at
// (1898, 593), read there at 140.50 s; shot 17 is struck at 141.7919 s. No
// shot was played at 140.5 s (see handjumpmet.go).
func TestHandJumpPastBall(t *testing.T) {
	fs := loadRendered(t, "testdata/handjumpmet-9ball-s36-rendered.json.gz")
	shots := renderedShotsOf(t, fs, Config{Table: tab9, FPS: 60, Balls: gameBalls(9)})
	for _, s := range shots {
		if math.Abs(*s.Start-140.5) < 0.3 {
			t.Errorf("got a shot struck at %.3f s; want none (the cue ball put down by hand)", *s.Start)
		}
	}
	s := shotNear(t, shots, 141.7919, 0.05)
	wantStrokeFirst(t, s, 141.7919, 4)
}
