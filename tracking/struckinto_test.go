package tracking

import (
	"testing"

	"github.com/cueref/cueref/shot"
)

// Rendered seed 49, 14.1 shot 65: the 6, cut in towards the head-right corner
// at 1.6 m/s, was never detected on its way (ten frames). The truth pockets it
// in HR; it was told off the table, an unflagged foul on a legal pot. Its line
// of centres leads into that mouth: it is told pocketed there, for a person to
// confirm.
func TestStruckIntoPocketNotOffTable(t *testing.T) {
	s := renderedShot(t, "testdata/struckinto-141-s49-rendered.json.gz", 15, 518.7785)
	var pocket *shot.Event
	for i := range s.Events {
		e := &s.Events[i]
		if e.Kind == shot.OffTable {
			t.Errorf("got ball %d off the table at %.3f s, want none (the 6 dropped in HR)", e.Ball, e.T)
		}
		if e.Kind == shot.Pocketed && e.Ball == 6 {
			pocket = e
		}
	}
	if pocket == nil {
		t.Fatalf("got no pocket event for the 6, want one in HR; events %+v", s.Events)
	}
	if pocket.Pocket != "HR" {
		t.Errorf("got the 6 pocketed in %s, want HR", pocket.Pocket)
	}
	// The truth's pocket is 0.394 s into the shot; told from the line and the
	// hit's speed, unseen, it may be a frame or two off.
	if d := pocket.T - 0.394; d < -0.05 || d > 0.05 {
		t.Errorf("got the pocket at %.3f s into the shot, want 0.394 s ± 0.05", pocket.T)
	}
	if s.Review == nil {
		t.Errorf("got no review, want one: the 6 was never seen going in")
	}
	if _, ok := s.After[6]; ok {
		t.Errorf("got the 6 on the table after the shot, want it pocketed")
	}
}
