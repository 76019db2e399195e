package tracking

import "testing"

// TestRailNudgeRendered runs the tracker on the detector's view of a 14.1
// pot (bench seed 36, rendered, shots 27 and 28): the cue ball comes off the
// left cushion and, 19 ms later, meets ball 2, frozen to that cushion, which
// creeps 17 mm along it. The 2's readings at rest hop between its place and
// points 10–18 mm along the cushion, the contact went untold and the shot was
// ruled a no-contact foul. The 2 must be the first ball met.
func TestRailNudgeRendered(t *testing.T) {
	fs := loadRendered(t, "testdata/railnudge-14.1-s36-rendered.json.gz")
	shots := renderedShotsOf(t, fs, Config{Table: tab9, FPS: 60, Balls: gameBalls(15)})
	wantStrokeFirst(t, shotNear(t, shots, 208.3995, 0.025), 208.3995, 2)
}
