package tracking

import (
	"testing"

	"github.com/cueref/cueref/shot"
)

// Rendered seed 54, 10-ball shot 22: the cue ball, after its contact with the
// 3, rolled slowly along the left cushion into the side pocket, touching no
// cushion (no_rail with cue_ball_pocketed, rule 1.17). Two bends of its path
// in the side pocket's mouth, where the cushion line crosses the opening and
// there is no cushion, 12 and 15 mm from the pocket's centre line, were told
// as hits of the left cushion, and the no-rail foul was lost, unasked. A
// bend deep in a mouth that touches no jaw, the ball then dropping into that
// pocket, is not a cushion hit (rail.go, dropMouthBends).
func TestNoCushionInSideMouth(t *testing.T) {
	s := renderedShot(t, "testdata/sidemouth-10ball-s54-rendered.json.gz", 10, 183.1167)
	var c float64 = -1
	for _, e := range s.Events {
		if e.Kind == shot.Contact && c < 0 {
			c = e.T
		}
	}
	if c < 0 {
		t.Fatalf("got no contact in %+v; want the cue ball's with the 3", s.Events)
	}
	for _, e := range s.Events {
		if e.Kind == shot.RailHit && e.T > c && s.Review == nil {
			t.Errorf("got a hit of ball %d on the %s cushion at %.3f s, at %v, unasked; want none", e.Ball, e.Rail, e.T, e.At)
		}
	}
	pocketed := false
	for _, e := range s.Events {
		pocketed = pocketed || e.Kind == shot.Pocketed && e.Ball == 0
	}
	if !pocketed {
		t.Errorf("the cue ball not told pocketed in %+v", s.Events)
	}
}
