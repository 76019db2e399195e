package tracking

import "testing"

// TestCueMovedRendered runs the tracker on the detector's view of an 8-ball
// cue ball in hand (bench seed 38, rendered, before shot 42): the cue ball,
// at rest at (1919, 1233), is put down at (2317, 516) at 369.483 s and read
// there as "0" in every frame from then on; its track, unseen at its place
// for five frames, jumped to a false detection of the player's hand 82 mm
// off, which moved off and was lost: a "shot" struck at 369.524 s, the cue
// ball off the table (asked), before the true stroke at 370.7906. No shot
// may be told before that stroke, and that one on the 11.
func TestCueMovedRendered(t *testing.T) {
	shots := renderedShotsOf(t, loadRendered(t, "testdata/cuemoved-8ball-s38-rendered.json.gz"), Config{Table: tab9, FPS: 60, Balls: gameBalls(15)})
	for _, s := range shots {
		if *s.Start > 368.4 && *s.Start < 370.7 {
			t.Errorf("got a shot struck at %.4f s; want none between shots (the cue ball was moved by hand)", *s.Start)
		}
	}
	wantStrokeFirst(t, shotNear(t, shots, 370.7906, 0.05), 370.7906, 11)
}

// TestCueMovedHeldRendered: the cue ball in hand after a foul (bench seed
// 35, rendered, 8-ball before shot 4), moved by hand from (2499, 261) to
// (1721, 938) at 32.30 s and read there as "0" from then on. The old track,
// its number contested in the shot before, held it on the contest once it
// was taken for lifted early (cueMoved), and the cue ball stayed nameless:
// the stroke at 33.4598 went untold. It must be told, on the 2.
func TestCueMovedHeldRendered(t *testing.T) {
	s := renderedShot(t, "testdata/cuemoved-8ball-s35-rendered.json.gz", 15, 33.4598)
	wantStrokeFirst(t, s, 33.4598, 2)
}
