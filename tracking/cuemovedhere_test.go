package tracking

import "testing"

// Rendered bench, 8-ball seed 49: after a no-contact foul the cue ball in
// hand was put down at (178, 748) at 33.15 s; the nameless track of the 14,
// at rest by the foot cushion since the break and read as the cue ball's
// white, took the number from the track the cue ball was put down on, and
// shot 4 (stroke 34.7663 s, the cue ball on the 6) was not told at all
// (restnotcue.go, cueMovedHere).
func TestCueMovedHere(t *testing.T) {
	s := renderedShot(t, "testdata/cuemovedhere-8ball-s49-rendered.json.gz", 15, 34.7663)
	wantStrokeFirst(t, s, 34.7663, 6)
}
