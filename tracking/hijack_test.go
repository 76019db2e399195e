package tracking

import "testing"

// TestHijackRendered runs the tracker on the detector's view of a 9-ball
// safety (bench seed 27, rendered, shot 31): a false detection next to the
// resting 5 took its track and ran on to meet the 8 just as the cue ball
// cut it; the 5 was left out of the balls at the stroke, and the first
// contact told was 5–8, then (by the cue ball's way) the 3: a wrong-ball
// foul ruled legal. The 5 must be at its place at the stroke, and the first
// contact the 8.
func TestHijackRendered(t *testing.T) {
	fs := loadRendered(t, "testdata/hijack-9ball-s27-rendered.json.gz")
	five := stillInTruthUntil(t, fs, 5, 256.2)
	s := shotNear(t, renderedShotsOf(t, fs, Config{Table: tab9, FPS: 60, Balls: gameBalls(9)}), 255.5697, 0.05)
	wantStrokeFirst(t, s, 255.5697, 8)
	if p, ok := s.Before[5]; !ok || p.P().Dist(five) > 5 {
		t.Errorf("got ball 5 at the stroke at %v (%v); want it at %v", p, ok, five)
	}
}
