package tracking

import "testing"

// TestRackPutNoJump: camera model at 30 fps, seed 5, 14.1 shot 89 (see
// rackput.go). The re-rack, put down at 562.02 s frozen to the cue ball,
// must not start the cue ball: no shot is struck before the true stroke at
// 562.80 s, and one is struck there.
func TestRackPutNoJump(t *testing.T) {
	const put, stroke = 562.0167, 562.7973
	shots := renderedShotsOf(t, loadRendered(t, "testdata/rackput-14.1-30fps-s5-norender.json.gz"), Config{Table: tab9, FPS: 30, Balls: gameBalls(15)})
	wantNoShotBetween(t, shots, put-0.1, stroke-0.05, "a rack put down by hand") // handplace_test.go
	shotNear(t, shots, stroke, 0.05)
}
