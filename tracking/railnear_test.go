package tracking

import "testing"

// TestRailNearRendered runs the tracker on the detector's view of a 14.1 cue
// ball at rest 21 mm off the right cushion by the head-right corner (bench
// seed 31, rendered, 460.9–463.2 s, before shot 63), read in turn at its place
// and 14–17 mm off it for 0.3 s. A "shot" with a hit of the right cushion 19
// mm along from the ball's foot on it was told, the ball back where it began,
// and ruled a no-contact foul, unflagged. Nothing was struck: no shot may be
// told.
func TestRailNearRendered(t *testing.T) {
	fs := loadRendered(t, "testdata/railnear-14.1-s31-rendered.json.gz")
	stillInTruth(t, fs, 0)
	for _, s := range renderedShotsOf(t, fs, Config{Table: tab9, FPS: 60, Balls: gameBalls(15)}) {
		t.Errorf("got a shot struck at %.3f s with %d events; want none (nothing was struck)", *s.Start, len(s.Events))
	}
}

// TestBackOnSpotNoStroke: rendered 9-ball, seed 60 (see railnear.go): the cue
// ball's reads scattered under the cue 2.2 s before the stroke, a "hit" of
// the head cushion 34 mm away, the ball back 0.25 mm from its spot. No shot
// may be told before the true stroke at 163.7279 s, which is told.
func TestBackOnSpotNoStroke(t *testing.T) {
	fs := loadRendered(t, "testdata/backspot-9ball-s60-rendered.json.gz")
	shots := renderedShotsOf(t, fs, Config{Table: tab9, FPS: 60, Balls: gameBalls(9)})
	for _, s := range shots {
		if *s.Start > 156 && *s.Start < 163.6 {
			t.Errorf("got a shot struck at %.4f s; want none between the shots at 155.55 and 163.73", *s.Start)
		}
	}
	shotNear(t, shots, 163.7279, 0.05)
}
