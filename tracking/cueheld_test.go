package tracking

import "testing"

// 8-ball (bench seed 49, rendered, shots 6 and 7): the cue ball of shot 6 is
// taken into the head-right pocket and comes back on a nameless track 0.8 s
// later; one frame on, the nameless track of the 14, resting by the foot
// cushion all along and read as the cue ball's white, took the number from
// it, and shot 7 (stroke 51.8936 s, the cue ball on the 5) was told struck on
// a nameless ball, met nothing: a no-contact foul, asked (cueheld.go). It
// must be told struck on the cue ball, met the 5 first, and not asked.
func TestCueHeldRendered(t *testing.T) {
	fs := loadRendered(t, "testdata/cueheld-8ball-s49-rendered.json.gz")
	stillInTruth(t, fs, 14)
	s := shotNear(t, renderedShotsOf(t, fs, Config{Table: tab9, FPS: 60, Balls: gameBalls(15)}), 51.8936, 0.05)
	wantStrokeFirst(t, s, 51.8936, 5)
	if s.Review != nil {
		t.Errorf("got review %q; want none", s.Review.Reason)
	}
	cue, _ := truthAt(fs, 0, 51.8)
	if p, ok := s.Before[0]; !ok || p.P().Dist(cue) > 15 {
		t.Errorf("got the cue ball before the stroke at %v; want near %v", s.Before[0], cue)
	}
}
