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
