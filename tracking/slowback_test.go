package tracking

import (
	"math"
	"testing"
)

// TestStartNotBackToNoise: camera model at 30 fps, seed 11, 8-ball shot
// 294, a safety (stroke at 1940.0509 s). The cue ball, under the arm, was
// read 3.3 mm off its rest point 234 ms before the stroke and then not for
// eight frames; next read moving at 208 mm/s, its start was run back to the
// noisy read and timed at 1939.783 s, and the bench matched the shot to no
// stroke (a shot where none was played, the safety untracked). The shot
// must be struck within a frame of the stroke.
func TestStartNotBackToNoise(t *testing.T) {
	const stroke = 1940.0509
	fs := loadRendered(t, "testdata/slowback-8ball-30fps-s11-norender.json.gz")
	shots := renderedShotsOf(t, fs, Config{Table: tab9, FPS: 30, Balls: gameBalls(15)})
	s := shotNear(t, shots, stroke, 0.5)
	if d := math.Abs(*s.Start - stroke); d > 1.0/30 {
		t.Errorf("the shot struck at %.4f s; want %.4f s within a frame", *s.Start, stroke)
	}
}
