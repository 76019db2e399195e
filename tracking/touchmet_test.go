package tracking

import (
	"strings"
	"testing"

	"github.com/cueref/cueref/shot"
)

// TestTouchThenMet: rendered 10-ball, seed 67, shot 45 (see touchmet.go):
// ball 9, resting by the foot-right corner, was read off its place and back
// and told touched, half a second before the 5 met it and sent it in. The
// touch (a touched_ball foul, rule 1.19, on the legal shot) must not be told;
// with no judge, the shot asks a person about it.
func TestTouchThenMet(t *testing.T) {
	const stroke = 375.5896
	s := renderedShot(t, "testdata/touchmet-10ball-s67-rendered.json.gz", 10, stroke)
	for _, e := range s.Events {
		if e.Kind == shot.Touch && e.Ball == 9 {
			t.Errorf("got the 9 touched at %.3f s; want no touch; events:%s", e.T, fmtEvents(absEvents(s)))
		}
	}
	if s.Review == nil || !strings.Contains(s.Review.Reason, "ball 9 read off its place") {
		t.Errorf("got review %v; want the touch of the 9 asked", s.Review)
	}
}
