package tracking

import (
	"math"
	"testing"

	"github.com/cueref/cueref/shot"
)

// TestRestContactWayInBroken: rendered 14.1, seed 74, shot 51. The cue ball,
// at 1.39 m/s, cut the resting 7 thinly (77°) at 386.5015 s and turned so
// little that its path broke only at 386.5417, before the 7's start was paired
// with it (restContact). The piece of path that held the cue ball's way in was
// gone, so the end of the shot timed the contact from the 7's slow start
// alone, 10 ms late. The way in must come from the cue ball's detections
// (preFromHist), as it does for a contact paired from the striker's side.
func TestRestContactWayInBroken(t *testing.T) {
	const (
		strike = 385.6741 // the stroke, as told
		tc     = 386.5015 // the cue ball meets the 7 (the simulator's log)
		tol    = 0.002
	)
	fs := loadRendered(t, "testdata/restwayin-14.1-s74-rendered.json.gz")
	rec := shotStruckAt(t, fs, strike)
	found := false
	for _, e := range rec.Events {
		if e.Kind != shot.Contact || !(e.A == 0 && e.B == 7 || e.A == 7 && e.B == 0) {
			continue
		}
		found = true
		if got := *rec.Start + e.T; math.Abs(got-tc) > tol {
			t.Errorf("the 0–7 contact at %.4f s; want %.4f ± %.3f s", got, tc, tol)
		}
	}
	if !found {
		t.Errorf("no 0–7 contact in the shot: %+v", rec.Events)
	}
}
