package tracking

import (
	"strings"
	"testing"

	"github.com/cueref/cueref/shot"
)

// TestTouchThenMet: rendered 10-ball, seed 67, shot 45 (see touchmet.go):
// ball 9, resting by the foot-right corner, was read off its place and back
// and told touched, half a second before the 5 met it and sent it in. No
// touch may be told of it without asking a person (a touched_ball foul,
// rule 1.19, on the legal shot).
func TestTouchThenMet(t *testing.T) {
	const stroke = 375.5896
	s := renderedShot(t, "testdata/touchmet-10ball-s67-rendered.json.gz", 10, stroke)
	touched := false
	for _, e := range s.Events {
		touched = touched || e.Kind == shot.Touch && e.Ball == 9
	}
	if touched && (s.Review == nil || !strings.Contains(s.Review.Reason, "ball 9 told touched")) {
		t.Errorf("got the 9 touched with review %v; want it asked; events:%s", s.Review, fmtEvents(absEvents(s)))
	}
}
