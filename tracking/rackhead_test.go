package tracking

import (
	"strings"
	"testing"
)

// TestRackHead: camera model at 30 fps, seed 36, 10-ball shot 45, the break
// (rackhead.go). The cue ball met the 1 at the apex; its contact with the 2,
// in the second row 55 mm further along its way and 16 mm off the line to
// the 1, was told 30 ms before it. The 1 stood in front of the 2 on most of
// the ways that reach the 2: with a judge for which the first ball decides,
// the break is asked about it.
func TestRackHead(t *testing.T) {
	fs := loadRendered(t, "testdata/rackhead-10ball-30fps-s36-norender.json.gz")
	s := shotNear(t, renderedShotsOf(t, fs, Config{Table: tab9, FPS: 30, Balls: gameBalls(10), Judge: keyJudge(firstBall)}), 308.856, 0.1)
	if got := firstBall(s); got == 1 {
		t.Fatalf("first contact told on the 1; the fixture no longer shows the case")
	}
	if s.Review == nil || !strings.Contains(s.Review.Reason, "but ball 1 stood in front of it") {
		t.Errorf("review %+v; want one naming the 1 in front of the ball told first (%d)", s.Review, firstBall(s))
	}
}
