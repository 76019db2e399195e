package tracking

import "testing"

// Rendered bench seed 47, 14.1 shot 17 (stroke at 127.3111 s): the cue ball,
// resting by the head right corner, hidden under the shooter and read back
// at its spot as "8" (pocketed long before); ball 8 came back there and the
// stroke was told as a touch of the 8 between shots: no shot. The cue ball
// must come back on its spot, and the shot be told with the 13 first (see
// cuespot.go).
func TestCueBackOnSpot(t *testing.T) {
	fs := loadRendered(t, "testdata/cue-spot-14.1-s47-rendered.json.gz")
	shots := renderedShotsOf(t, fs, Config{Table: tab9, FPS: 60, Balls: gameBalls(15)})
	s := shotNear(t, shots, 127.3111, 0.05)
	wantStrokeFirst(t, s, 127.3111, 13)
}
