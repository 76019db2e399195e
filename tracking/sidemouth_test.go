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

// Rendered seed 68, 8-ball shot 2: the 7, cut into the foot-right corner
// pocket at 800 mm/s, met the right cushion's jaw 12 mm inside the jaw point
// (at (2472.9, 1281.6)), then the foot cushion's, and dropped. The tracker
// told the first as a right cushion hit, and dropMouthBends took it back as
// the ball's way into the pocket: a bend deep in a mouth is a cushion hit
// only where a jaw explains it, and this one was within a ball's radius of
// the jaw point. A jaw hit of a ball that then drops is kept.
func TestJawHitIntoPocketKept(t *testing.T) {
	const stroke = 21.3718
	s := renderedShot(t, "testdata/jawpocket-8ball-s68-rendered.json.gz", 15, stroke)
	var pocketT float64 = -1
	for _, e := range s.Events {
		if e.Kind == shot.Pocketed && e.Ball == 7 {
			pocketT = e.T
		}
	}
	if pocketT < 0 {
		t.Fatalf("the 7 not told pocketed in %v", fmtEvents(s.Events))
	}
	found := false
	for _, e := range s.Events {
		if e.Kind == shot.RailHit && e.Ball == 7 && e.Rail == "right" && e.T > 0.65 && e.T < 0.75 {
			found = true
		}
	}
	if !found {
		t.Errorf("got %v; want the 7's hit of the right cushion's jaw at 0.72 s (0.65-0.75), before its pocketing", fmtEvents(s.Events))
	}
}
