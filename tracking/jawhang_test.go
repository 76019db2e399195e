package tracking

import (
	"strings"
	"testing"
)

// TestJawHangRereadRendered: rendered 8-ball, seed 76, shot 13 (stroke at
// 98.934 s; see jawhang.go). The cue ball came to rest on FR's lip, on the
// shelf short of the hole, and the detector saw it there only now and then:
// taken for pocketed 0.4 s after it stopped, read again at its spot in trial
// after trial too short to be believed. Read there often enough, it is on
// the table (no cue_ball_pocketed, rule 1.17), and the shot still asks a
// person whether it fell.
func TestJawHangRereadRendered(t *testing.T) {
	const stroke = 98.9335
	cueOnBedAtEnd(t, loadRendered(t, "testdata/jawhang-8ball-s76-rendered.json.gz"))
	s := renderedShot(t, "testdata/jawhang-8ball-s76-rendered.json.gz", 15, stroke)
	noPocket(t, s, 0, "on the lip")
	if _, on := s.After[0]; !on {
		t.Errorf("got no cue ball in after %v; want it on the table", s.After)
	}
	if s.Review == nil || !strings.Contains(s.Review.Reason, "read where it went") {
		t.Errorf("got review %+v; want the shot asked about the cue ball read where it went", s.Review)
	}
}
