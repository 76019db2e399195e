package tracking

import "testing"

// TestCuePushedOff: camera model at 30 fps, seed 27, 14.1 shot 309 (see
// cuepushed.go). The cue ball, pushed off 3.4 s after the stroke by the 8
// pressed to it, is still the shot's: one shot, struck at the stroke, and
// none struck when the cue ball went off again.
func TestCuePushedOff(t *testing.T) {
	const stroke, pushed = 2014.1289, 2017.548
	shots := renderedShotsOf(t, loadRendered(t, "testdata/cuepushed-14.1-30fps-s27-norender.json.gz"), Config{Table: tab9, FPS: 30, Balls: gameBalls(15)})
	shotNear(t, shots, stroke, 0.05)
	for _, s := range shots {
		if *s.Start > stroke+0.05 {
			t.Errorf("got a shot struck at %.4f s; want none after the stroke at %.4f s (the cue ball pushed off at %.4f s is the shot's)", *s.Start, stroke, pushed)
		}
	}
}
