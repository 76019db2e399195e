package tracking

import (
	"testing"
)

// Rendered seed 55, 8-ball shot 40: the shooter down on the cue ball, frozen
// nearly to the foot-right corner's jaw with the 13 a ball's width from it,
// the detector joined the two and the cloth between them into one blob in
// some frames and read its middle as a streak of the 8 (at 0.87-0.93), the
// cue ball unseen; the 8 rested 1.6 m away, seen. The cue ball's track
// jumped to it from rest, three shots were told in the 2.5 s before the true
// stroke, one of them ruled a foul unasked, and the true shot was lost. A
// streak named as another ball, that ball seen where it rests, is not a jump
// of the cue ball at rest (phantomjump.go).
func TestNoJumpToAnotherBallsName(t *testing.T) {
	fs := loadRendered(t, "testdata/darkbridge-8ball-s55-rendered.json.gz")
	shots := renderedShotsOf(t, fs, Config{Table: tab9, FPS: 60, Balls: gameBalls(15)})
	for _, s := range shots {
		if *s.Start > 288.5 && *s.Start < 291.9 {
			t.Errorf("got a shot struck at %.3f s; the stroke is at 291.964 s", *s.Start)
		}
	}
	s := shotNear(t, shots, 291.9637, 0.05)
	if b := firstBall(s); b != 13 {
		t.Errorf("shot at 291.964: first ball %d; want 13", b)
	}
}
