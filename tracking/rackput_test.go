package tracking

import "testing"

// TestRackPutNoJump: camera model at 30 fps, seed 5, 14.1 shot 89 (see
// rackput.go). The re-rack, put down at 562.02 s frozen to the cue ball,
// must not start the cue ball: no shot is struck before the true stroke at
// 562.80 s, and one is struck there.
func TestRackPutNoJump(t *testing.T) {
	const put, stroke = 562.0167, 562.7973
	shots := renderedShotsOf(t, loadRendered(t, "testdata/rackput-14.1-30fps-s5-norender.json.gz"), Config{Table: tab9, FPS: 30, Balls: gameBalls(15)})
	for _, s := range shots {
		if *s.Start > put-0.1 && *s.Start < stroke-0.05 {
			t.Errorf("got a shot struck at %.4f s; want none between the rack put down at %.4f s and the stroke at %.4f s", *s.Start, put, stroke)
		}
	}
	shotNear(t, shots, stroke, 0.05)
}
