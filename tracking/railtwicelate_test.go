package tracking

import "testing"

// TestRailTwiceLateRendered: rendered 8-ball, seed 1, shot 4 (stroke 37.5201
// s; the default bench's): the 6, 37 mm off the foot cushion, was struck
// into it (37.707 s), ran off along it and rattled between the left and foot
// cushions in the foot-left corner's mouth (foot again at 38.114 and 38.258
// s). Its reads along the foot cushion wobbled, and the foot cushion was
// told again 0.27 s after the first hit, beyond the 0.25 s railTwiceWin once
// was, with nothing to turn it back. The 6 met the foot cushion three
// times, none between 37.8 and 38.0 s.
func TestRailTwiceLateRendered(t *testing.T) {
	const stroke = 37.5201
	s := renderedShot(t, "testdata/railtwice-8ball-s1-rendered.json.gz", 15, stroke)
	got := railHitsOf(s, 6, "foot")
	bad := len(got) != 3
	for _, x := range got {
		bad = bad || x > 37.8 && x < 38
	}
	if bad {
		t.Errorf("got the 6 on the foot cushion at %v; want three hits, none in 37.8-38 s; events:%s", got, fmtEvents(absEvents(s)))
	}
}
