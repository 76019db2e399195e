package tracking

import (
	"testing"

	"github.com/cueref/cueref/shot"
)

// TestSlowJumpRendered runs the tracker on the detector's view of 9-ball
// shots 24–31 (bench seed 29, rendered, from 200 s, 1 s after shot 24's
// stroke: cut at 205 s or later, the tracks fall otherwise and the case does
// not show). In shot
// 31 the cue ball meets the 4, then the 9, which creeps to rest by the
// right cushion, read there and 20 mm off in turn; the 4 ends frozen in
// the foot-right jaws, read flickering there. A twin track took the 9's reads
// and the 9's own track, unseen 0.25 s, jumped 267 mm to a read of the 4: the
// 9 was told hitting the 4 and pocketed in the foot-right corner, and the
// game won. The 9 stays on the table, and never meets the 4.
func TestSlowJumpRendered(t *testing.T) {
	s := renderedShot(t, "testdata/slowjump-9ball-s29-rendered.json.gz", 9, 251.7333)
	for _, e := range s.Events {
		if e.Kind == shot.Pocketed && e.Ball == 9 {
			t.Errorf("got the 9 pocketed at %.3f s into the shot; want it on the table", e.T)
		}
		if e.Kind == shot.Contact && (e.A == 4 && e.B == 9 || e.A == 9 && e.B == 4) {
			t.Errorf("got a contact of the 4 and the 9 at %.3f s into the shot; want none", e.T)
		}
	}
}
