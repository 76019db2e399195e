package tracking

import "testing"

// TestCueGhostRendered runs the tracker on the detector's view of an 8-ball
// pot (bench seed 38, rendered, shot 4, struck at 37.0924 s): the cue ball,
// at rest 175 mm from the head-left corner pocket, is sent off at 7 m/s
// into the 13. A false detection in the pocket's mouth (read three times in
// the 0.35 s before the stroke) had started a track with no number there;
// it took the cue ball's first detection in flight, the cue ball's own track
// took the second as a jump from rest, and the track from the pocket the
// rest. Unseen at rest, the cue ball's track was lifted; the stroke went
// untold, and the shot was told at 37.46 s, struck on ball 1 (a wrong-ball
// foul, asked). The shot must be told struck when it was, the cue ball
// first meeting the 13.
func TestCueGhostRendered(t *testing.T) {
	s := renderedShot(t, "testdata/cueghost-8ball-s38-rendered.json.gz", 15, 37.0924)
	wantStrokeFirst(t, s, 37.0924, 13)
}

// TestTakeoverNotStale: rendered 8-ball, seed 56, shot 39 (see
// takeoverStale): two reads of the bridge hand, where it was read before,
// lined up with the cue ball's rest point must not take its path; the shot
// is struck at the true stroke, first on the 12.
func TestTakeoverNotStale(t *testing.T) {
	const stroke = 314.0378
	s := renderedShot(t, "testdata/takeoverstale-8ball-s56-rendered.json.gz", 15, stroke)
	wantStrokeFirst(t, s, stroke, 12)
}
