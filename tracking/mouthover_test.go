package tracking

import (
	"testing"

	"github.com/cueref/cueref/shot"
)

// TestLostAtMouthNotOver: camera model at 30 fps, seed 43, 8-ball shot 198.
// The 14, resting 57 mm off the foot cushion by the foot-left corner, was
// potted there by the cue ball; its track swapped with the cue ball's at
// the contact and was lost 78 mm from the corner, heading into the foot
// cushion, hit hard: told off the table over it, unasked, on a legal pot.
// Lost within a pocket's mouth, a ball dropped (told so unseen, for a person
// to confirm) rather than flew over the cushion beside it (lostByRail).
func TestLostAtMouthNotOver(t *testing.T) {
	s := fixtureShot30(t, "testdata/mouthover-8ball-30fps-s43-norender.json.gz", 15, 1336.869, 0.05)
	for _, e := range s.Events {
		if e.Kind == shot.OffTable {
			t.Errorf("ball %d told off the table; want none off (the 14 was pocketed in FL)", e.Ball)
		}
	}
	if _, ok := s.After[14]; ok {
		t.Errorf("the 14 on the table after the shot; want it pocketed")
	}
}
