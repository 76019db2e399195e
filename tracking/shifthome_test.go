package tracking

import "testing"

// TestShiftHome runs the tracker on the detector's view of a 10-ball safety
// of the rendered bench (seed 52, shot 50): from 1.4 s before the stroke,
// ball 9, resting untouched at (2333, 1008), was read about 10 mm off at
// (2323, 1006) at a lower confidence, and its rest point was moved there
// with no start told; 0.53 s into the shot the reads came back to its place
// and the ball was told touched (rule 1.19), an unflagged foul on a legal
// shot. The ball never moved: the shot has no touch of it, does not ask
// about it, and has it at its place at the stroke (shifthome.go).
func TestShiftHome(t *testing.T) {
	fs := loadRendered(t, "testdata/shifthome-10ball-s52-rendered.json.gz")
	rest := truthRest(t, fs, 9)
	got := shotAt(t, fs, Config{Table: tab9, FPS: 60, Balls: gameBalls(10)}, 416.9128)
	wantNeverMoved(t, got, 9, rest)
	if p, ok := got.Before[9]; !ok || p.P().Dist(rest) > 3 {
		t.Errorf("ball 9 at the stroke at %v (%v); want it within 3 mm of its place %v", p, ok, rest)
	}
}
