package tracking

import "testing"

// TestRackPlacedRendered runs the tracker on the detector's view of the
// re-rack between the two 9-ball games of bench seed 45 (rendered, before
// shot 15): the game ended with the 9 pocketed at 105.12 s; at 113.10 s, in
// one frame, the balls stand racked and the cue ball in the kitchen, 169 mm
// from where it lay, ball 8 235 mm from where it lay (now in the rack). The
// cue ball's jump was taken for a stroke, the 8's for a contact with the 9:
// a "shot" at 113.10 s ruled an illegal break with no contact, unflagged. No
// shot may be told before the break at 115.1926, and that one on the 1.
// (The fixture starts at 101 s, in the game's last shots: cut later, the
// 9 is not on the table at the "stroke" and the record is asked.)
func TestRackPlacedRendered(t *testing.T) {
	shots := renderedShotsOf(t, loadRendered(t, "testdata/rerack-9ball-s45-rendered.json.gz"), Config{Table: tab9, FPS: 60, Balls: gameBalls(9)})
	for _, s := range shots {
		if *s.Start > 112 && *s.Start < 115.1 {
			t.Errorf("got a shot struck at %.4f s; want none between the games (the balls were racked by hand)", *s.Start)
		}
	}
	wantStrokeFirst(t, shotNear(t, shots, 115.1926, 0.05), 115.1926, 1)
}
