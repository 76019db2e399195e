package tracking

import (
	"math"
	"testing"

	"github.com/cueref/cueref/shot"
)

// TestSpentContactKeepsRail: rendered 8-ball, seed 74, shot 59 (stroke at
// 477.978 s), as a detector that took rings more readily than ours saw it.
// The cue ball struck the 1, resting 21 mm off the left cushion, at 478.650 s;
// the 1 met the cushion 32 ms later and came back into the cue ball. The 1's
// break off the cushion was paired again with the contact its start was
// already paired with, and the cushion hit was lost: the legal safety was
// ruled a foul for no cushion after the contact (rule 3.7), unflagged.
func TestSpentContactKeepsRail(t *testing.T) {
	const stroke, rail = 477.9777, 478.6825
	s := renderedShot(t, "testdata/spenton-8ball-s74-rendered.json.gz", 15, stroke)
	for _, e := range s.Events {
		if e.Kind == shot.RailHit && e.Ball == 1 && e.Rail == "left" && math.Abs(*s.Start+e.T-rail) < 0.015 {
			return
		}
	}
	t.Errorf("no left-cushion hit of the 1 told within 15 ms of %.4f s; events:%s", rail, fmtEvents(absEvents(s)))
}
