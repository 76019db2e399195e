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

// TestReadIntoMouth: camera model at 30 fps, seed 7, 14.1 shot 65, a pot of
// the 1 in the foot-right corner. The cue ball met the 1 at 3.2 m/s; the 1
// was read once, 30 mm in front of the mouth's line and heading in, and
// dropped off the jaw. Hit too hard for struckInto (it may have been thrown
// up), it was told off the table: object_ball_off_table, unasked, on a legal
// pot. Read at the mouth going in, it dropped: told pocketed in FR, unseen
// (the shot asked about), not off the table.
func TestReadIntoMouth(t *testing.T) {
	const stroke = 402.5833
	s := fixtureShot30(t, "testdata/readinto-14.1-30fps-s7-norender.json.gz", 15, stroke, 0.05)
	var in bool
	for _, e := range s.Events {
		switch {
		case e.Kind == shot.OffTable:
			t.Errorf("ball %d told off the table; want none", e.Ball)
		case e.Kind == shot.Pocketed && e.Ball == 1:
			in = true
			if e.Pocket != "FR" {
				t.Errorf("the 1 told pocketed in %s; want FR", e.Pocket)
			}
		}
	}
	if !in {
		t.Errorf("the 1 is not told pocketed; want it in FR")
	}
}
