package tracking

import "testing"

// TestHandSetRendered runs the tracker on the detector's view of the time
// between two 9-ball shots (bench seed 28, rendered, before shot 24): the
// cue ball in hand is set down 116 mm away in one frame while a false
// detection by the foot cushion, a track without a number, runs off the
// table. The move by hand was sent as a shot (asked, and ruled a no-contact
// foul). Only the true stroke of shot 24 may be told.
func TestHandSetRendered(t *testing.T) {
	fs := loadRendered(t, "testdata/handset-9ball-s28-rendered.json.gz")
	s := onlyShot(t, renderedShotsOf(t, fs, Config{Table: tab9, FPS: 60, Balls: gameBalls(9)}), "shot 24, struck at 189.0932 s")
	wantStrokeFirst(t, s, 189.0932, 1)
}
