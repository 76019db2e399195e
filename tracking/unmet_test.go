package tracking

import (
	"strings"
	"testing"
)

// TestUnmetAsked: camera model at 30 fps, a first contact of the cue ball
// untold, a ball it set moving told meeting a cushion or a pocket with no
// contact before (see unmet.go). Seed 55, 9-ball shot 203: the cue ball met
// the 5 by the left cushion twice and went on into the 8. Seed 9, 8-ball
// shot 8: it met the 13 and then the 1, 21 ms apart; the 13 met a cushion
// 0.85 s after the 1's contact (the cue ball passed it). Each was called a
// wrong-ball foul for a legal pot, unasked; each must be asked about, the
// unmet ball named.
func TestUnmetAsked(t *testing.T) {
	wantEachAsked(t, []askedCase{
		{"testdata/unmet-9ball-30fps-s55-norender.json.gz", 9, 1414.9831, "ball 5 met a cushion"},
		{"testdata/unmet-8ball-30fps-s9-norender.json.gz", 15, 64.3006, "ball 13 met a cushion"},
	})
}

// TestUnmetCut: camera model at 30 fps, seed 30, 8-ball shot 66: the cue
// ball's cut on the 11, untold, the 11 pocketed, the 8 met later, was a
// wrong-ball foul for a legal pot, unasked, and then asked "ball 11 was
// pocketed with no contact told before". The 11's start, its path bending
// again a frame on, is now weighed (unmetbend.go): the cut is told, timed
// from the cue ball passing, and asked as unseen.
func TestUnmetCut(t *testing.T) {
	s := fixtureShot30(t, "testdata/unmet-8ball-30fps-s30-norender.json.gz", 15, 445.1918, 0.05)
	if b := firstBall(s); b != 11 {
		t.Errorf("first contact %d; want the 11:%s", b, fmtEvents(s.Events))
	}
	if s.Review == nil || s.Review.Reason != firstOccludedWhy {
		t.Errorf("review %+v; want %q", s.Review, firstOccludedWhy)
	}
}

// TestUnmetMetBefore: camera model at 30 fps, seed 27, 14.1 shot 126, a
// safety. The cue ball's contact with the 8 went untold, and the 8's cushion
// hit was told 0.36 s before the cue ball met it again (the first contact
// told): a no_rail foul, unasked. Read with the cue ball meeting the 8 just
// before the contact told, the cushion still came first and the judge found
// nothing to ask; met before the 8's cushion, the foul goes (unmet.go).
func TestUnmetMetBefore(t *testing.T) {
	fs := loadRendered(t, "testdata/unmet-14.1-30fps-s27-norender.json.gz")
	s := shotNear(t, renderedShotsOf(t, fs, Config{Table: tab9, FPS: 30, Balls: gameBalls(15), Judge: railJudge}), 825.0206, 0.05)
	if s.Review == nil || !strings.HasPrefix(s.Review.Reason, "ball 8 met a cushion") {
		t.Errorf("review %+v; want the 8's cushion with no contact before asked", s.Review)
	}
}
