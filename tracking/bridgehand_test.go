package tracking

import (
	"strings"
	"testing"

	"github.com/cueref/cueref/shot"
)

// TestBridgeHandRendered: rendered 10-ball, seed 74, shot 44 (stroke at
// 355.873 s; see bridgehand.go). The bridge hand, 285 mm behind the cue ball
// on its line, was read as the 2 (pocketed long before) for 0.8 s before the
// stroke, and moved off as the hand lifted: no touch of the 2 may be told (a
// touched_ball foul, rule 1.19, on a legal pot of the 10); with no judge the
// shot asks a person (here first about the 2's going, whose doubts come
// before the hand's).
func TestBridgeHandRendered(t *testing.T) {
	const stroke = 355.8725
	s := renderedShot(t, "testdata/bridgehand-10ball-s74-rendered.json.gz", 10, stroke)
	for _, e := range s.Events {
		if e.Kind == shot.Touch {
			t.Errorf("got a touch of ball %d at %.3f s; want none; events:%s", e.Ball, e.T, fmtEvents(absEvents(s)))
		}
	}
	if s.Review == nil || !strings.Contains(s.Review.Reason, "ball 2") {
		t.Errorf("got review %v; want the shot asked about the 2", s.Review)
	}
}
