package tracking

import (
	"strings"
	"testing"
)

// Rendered seed 50, 8-ball shot 11 (a safety): the cue ball ran 1.3 mm clear
// of the 9, 8 mm off the foot cushion, met the 4 frozen to it, and came back
// into the 9 26 ms later. The 9's reads there jumped 12-19 mm as the cue ball
// came (a yellow stripe read by its band), its start was paired with the cue
// ball passing, and the 9 was told first: wrong_ball_first, unasked. The cue
// ball's way, within its uncertainty, may pass the 9 clear and reaches the
// 4, told 29 ms later: which it met first is asked (waymiss.go).
func TestWayMayMissFirstAsked(t *testing.T) {
	fs := loadRendered(t, "testdata/waymiss-8ball-s50-rendered.json.gz")
	shots := renderedShotsOf(t, fs, Config{Table: tab9, FPS: 60, Balls: gameBalls(15), Judge: keyJudge(firstBall)})
	s := shotNear(t, shots, 78.4838, 0.05)
	if b := firstBall(s); b != 4 && (s.Review == nil || !strings.Contains(s.Review.Reason, "may have passed ball 9 clear")) {
		t.Errorf("first ball %d, review %v; want the 4, or the 9 asked", b, s.Review)
	}
}
