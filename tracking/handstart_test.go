package tracking

import "testing"

// TestHandStartRendered runs the tracker on the detector's view of the time
// between two 9-ball shots (bench seed 26, rendered, before shot 36): as the
// cue ball is lifted for ball in hand, the hand is read as the 8, pocketed
// long before, which "starts" 0.08 s after it came back. A shot was told
// struck then (the cue ball lost from view), asked, and ruled a no-contact
// foul. Only the true strokes of shots 35 and 36 may be told. (The fixture
// starts at 194 s, before the 8 went down at 195.2 s: the tracker must know
// it was pocketed.)
func TestHandStartRendered(t *testing.T) {
	fs := loadRendered(t, "testdata/handstart-9ball-s26-rendered.json.gz")
	shots := renderedShotsOf(t, fs, Config{Table: tab9, FPS: 60, Balls: gameBalls(9)})
	for _, s := range shots {
		if *s.Start > 282 && *s.Start < 290 {
			t.Errorf("got a shot struck at %.3f s; want none between shots 35 (281.383 s) and 36 (290.177 s)", *s.Start)
		}
	}
	wantStrokeFirst(t, shotNear(t, shots, 290.1768, 0.05), 290.1768, 6)
}
