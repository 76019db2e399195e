package tracking

import "testing"

// TestPottedCueRendered: seed 40 14.1 (frames 186–199 s). Shot 24 sends the
// cue ball into the head-right corner after the 8 (a scratch, rule 3.8's
// foul); while it lies in the pocket, ball 3's reads hop by the left
// cushion. No shot was played until the cue ball, in hand, is struck at
// 196.305 s: the pocketed cue ball made no "missed stroke".
func TestPottedCueRendered(t *testing.T) {
	fs := loadRendered(t, "testdata/pottedcue-14.1-s40-rendered.json.gz")
	shots := renderedShotsOf(t, fs, Config{Table: tab9, FPS: 60, Balls: gameBalls(15)})
	for _, s := range shots {
		if *s.Start > 191.5 && *s.Start < 196.2 {
			t.Errorf("got a shot struck at %.3f s; want none between shot 24 (190.886 s) and shot 25 (196.305 s)", *s.Start)
		}
	}
	wantStrokeFirst(t, shotNear(t, shots, 196.3049, 0.05), 196.3049, 8)
}
