package tracking

import (
	"strings"
	"testing"
)

// TestFrozenShift: rendered 10-ball, seed 68, shot 12 (see frozenShiftDoubt):
// the cue ball, frozen to the 3, was struck into it and came back off it to
// the 9. The 3, which left its place with nothing told, is told met first
// (frozenFirst), and the shot is asked about it.
func TestFrozenShift(t *testing.T) {
	const stroke = 99.863
	s := renderedShot(t, "testdata/frozenshift-10ball-s68-rendered.json.gz", 10, stroke)
	first := firstContactOf(s.Events)
	if first != 3 {
		t.Errorf("got first contact %d; want the 3; events:%s", first, fmtEvents(absEvents(s)))
	}
	if s.Review == nil || !strings.Contains(s.Review.Reason, "ball 3, frozen to the cue ball") {
		t.Errorf("got review %v; want the shot asked about the 3", s.Review)
	}
}
