package tracking

import (
	"math"
	"testing"
)

// TestHandJumpRendered runs the tracker on the detector's view of a 10-ball
// table between two shots (bench seed 31, rendered, after shot 15): the cue
// ball, at rest by the left cushion, is put down 36 mm away by hand at
// 130.2 s, read there from the next frame on. No stroke was played: no shot
// may be told between the one struck at 121.02 s and the next at 132.20 s.
func TestHandJumpRendered(t *testing.T) {
	fs := loadRendered(t, "testdata/handjump-10ball-s31-rendered.json.gz")
	shots := renderedShotsOf(t, fs, Config{Table: tab9, FPS: 60, Balls: gameBalls(10)})
	shotNear(t, shots, 132.2049, 0.05)
	for _, s := range shots {
		if math.Abs(*s.Start-130.2) < 0.5 {
			t.Errorf("got a shot struck at %.3f s with %d events; want none (the cue ball was put down by hand)", *s.Start, len(s.Events))
		}
	}
}
