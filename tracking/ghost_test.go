package tracking

import (
	"math"
	"testing"

	"github.com/cueref/cueref/shot"
	"github.com/cueref/cueref/table"
)

// TestGhostKeepsOffCueBall runs the tracker on the detector's view of an 8-ball
// shot (cueref bench seed 1, the 8-ball match, 35.4 to 44.2 s). Before the
// stroke the detector finds "balls" on the player's arm and cue; one of them
// becomes a track with no number that follows the cue, then goes unseen. The
// cue ball (37.52 s) cuts ball 6 near the foot cushion and comes back off it,
// its path broken; its next detection, which the detector names 0, lay well
// inside the unseen track's gate, grown with the time it was unseen. Left to
// the costs, that track outbid the cue ball for it and carried the cue ball's
// path off under no number, while the cue ball's own track went on with ball
// 6's detections: ball 6 was told pocketed (it rattles in the corner jaws and
// stays up), and the cue ball's contact with ball 13 was lost. The cue ball
// must keep its path: no ball pocketed (none is, in truth), the contact 0–13,
// and the cue ball ending where it truly rests.
func TestGhostKeepsOffCueBall(t *testing.T) {
	fs := loadRendered(t, "testdata/ghost-8ball-rendered.json.gz")
	last := fs[len(fs)-1]
	var cueEnd table.Point
	for _, x := range last.Truth {
		if x[3] != 1 {
			t.Fatalf("testdata: ball %.0f is off the bed at the end, want every ball on it", x[0])
		}
		if x[0] == 0 {
			cueEnd = table.Point{X: x[1], Y: x[2]}
		}
	}
	got := shotStruckAt(t, fs, 37.52)
	ev := absEvents(got)
	contact := false
	for _, e := range ev {
		if e.Kind == shot.Pocketed {
			t.Errorf("ball %d told pocketed at %.4f s, but every ball stays on the bed", e.Ball, e.T)
		}
		if e.Kind == shot.Contact && math.Abs(e.T-37.9304) < 0.03 && (e.A == 0 && e.B == 13 || e.A == 13 && e.B == 0) {
			contact = true
		}
	}
	if !contact {
		t.Errorf("no contact 0–13 at 37.93 s: %s", fmtEvents(ev))
	}
	if p, ok := got.After[0]; !ok {
		t.Errorf("the cue ball is not on the table after the shot, want it at %v", cueEnd)
	} else if d := (table.Point{X: p[0], Y: p[1]}).Dist(cueEnd); d > 30 {
		t.Errorf("the cue ball ends at %v, %.0f mm from where it rests (%v)", p, d, cueEnd)
	}
}
