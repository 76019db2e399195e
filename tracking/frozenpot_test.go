package tracking

import (
	"strings"
	"testing"

	"github.com/cueref/cueref/shot"
	"github.com/cueref/cueref/table"
)

// TestFrozenPotFlagged runs the tracker on the detector's view of 462 to 467 s
// of a 14.1 match (cueref bench seed 2, rendered, shot 60): the cue ball rests
// frozen to ball 11 by the head-right pocket's mouth and pushes it in about
// 37 ms after the stroke. Ball 11 is never seen moving, so no contact was told
// and it was taken for lifted: the shot read as a no_contact foul. (From a
// cold start on this slice the tracker names that ball 15; in the whole match
// it reads 11. Identity is not what is tested here: the ball told is the one
// that rested where the truth has ball 11.) Causes fixed: contactDoubt counted
// only balls seen moving or in an event (a ball that vanished from beside the
// cue ball during the shot now sends the shot to review too); and pushedIn now
// tells the push itself. Asserted against the truth: ball 11 is on the bed at
// the stroke and off it within 100 ms after; the shot tells the cue ball's
// contact with the ball resting where 11 did and that ball pocketed in the
// head-right pocket, or, with no first contact told, is flagged.
func TestFrozenPotFlagged(t *testing.T) {
	fs := loadRendered(t, "testdata/frozenpot-14.1-rendered.json.gz")
	const start = 464.3833
	on := func(f renderedFrame) bool {
		for _, x := range f.Truth {
			if x[0] == 11 && x[3] == 1 {
				return true
			}
		}
		return false
	}
	gone := false // off the bed within 100 ms of the stroke (it is spotted again later)
	for _, f := range fs {
		gone = gone || f.T > start && f.T < start+0.1 && !on(f)
	}
	if !on(fs[0]) || !gone {
		t.Fatalf("testdata: ball 11 on the bed first %v, gone after the stroke %v; want true, true", on(fs[0]), gone)
	}
	got := shotStruckAt(t, fs, start)
	first := -1
	for _, e := range got.Events {
		if e.Kind == shot.Contact && (e.A == 0 || e.B == 0) {
			first = e.A + e.B
			break
		}
	}
	if first >= 0 {
		// The ball first hit is the one that rested where 11 did, and it went
		// into the head-right pocket (past which the truth last has it).
		var at11 table.Point
		for _, x := range fs[0].Truth {
			if x[0] == 11 {
				at11 = table.Point{X: x[1], Y: x[2]}
			}
		}
		p, ok := got.Before[first]
		pocketed := false
		for _, e := range got.Events {
			pocketed = pocketed || e.Kind == shot.Pocketed && e.Ball == first && e.Pocket == string(table.HR)
		}
		if !ok || p.P().Dist(at11) > 10 || !pocketed {
			t.Errorf("shot at %.2f s: first contact %d (before at %v, pocketed in HR %v); want the ball resting at %v (ball 11 in the truth), pocketed in HR: %s", start, first, p, pocketed, at11, fmtEvents(got.Events))
		}
		return
	}
	if got.Review == nil || !strings.Contains(got.Review.Reason, "no contact of the cue ball seen") {
		t.Errorf("shot at %.2f s: no first contact, review %+v; want ball 11 first (truth) or a review of the missing contact", start, got.Review)
	}
}
