package tracking

import (
	"strings"
	"testing"
)

// 8-ball safety (bench seed 49, rendered, shot 36, stroke 273.5837 s): the 8
// rests frozen to the head cushion (0.2 mm off its nose), 24.5 mm short of
// the head-right corner's jaw point, read 2.5 mm off it; the cue ball meets
// it first and is pocketed, the 8 pressed into the cushion and driven to no
// other: the frozen-ball foul (rule 1.31) went untold and unasked, the ball
// taken for in the corner's mouth where no cushion is (frozenjaw.go). The
// record must place the 8 frozen, or ask whether it was.
func TestFrozenByJawRendered(t *testing.T) {
	fs := loadRendered(t, "testdata/frozenjaw-8ball-s49-rendered.json.gz")
	p8 := stillInTruthUntil(t, fs, 8, 273.58)
	if !tab9.FrozenToRail(p8) {
		t.Fatalf("testdata: the 8 rests at %v, not frozen to a cushion", p8)
	}
	s := shotNear(t, renderedShotsOf(t, fs, Config{Table: tab9, FPS: 60, Balls: gameBalls(15)}), 273.5837, 0.05)
	if got := firstContactOf(s.Events); got != 8 {
		t.Fatalf("got first contact %d; want 8", got)
	}
	b, ok := s.Before[8]
	frozen := ok && tab9.FrozenToRail(b.P())
	asked := s.Review != nil && strings.Contains(s.Review.Reason, "(frozen or not)")
	if !frozen && !asked {
		reason := "none"
		if s.Review != nil {
			reason = s.Review.Reason
		}
		t.Errorf("the 8 placed at %v (not frozen) and no frozen review (review: %s); want either", s.Before[8], reason)
	}
}
