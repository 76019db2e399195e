package tracking

import (
	"strings"
	"testing"

	"github.com/cueref/cueref/shot"
)

// TestFrozenPotFlagged runs the tracker on the detector's view of 462 to 467 s
// of a 14.1 match (cueref bench seed 2, rendered, shot 60): the cue ball rests
// frozen to ball 11 by the head-right pocket's mouth and pushes it in about
// 37 ms after the stroke. Ball 11 is never seen moving, so no contact is told
// and it is taken for lifted: the shot reads as a no_contact foul. (From a
// cold start on this slice the tracker names that ball 15; in the whole match
// it reads 11. Identity is not what is tested here.) Cause
// fixed: contactDoubt counted only balls seen moving or in an event; a ball
// that vanished from beside the cue ball during the shot now sends the shot to
// review too. Asserted against the truth: ball 11 is on the bed at the stroke
// and off it within 100 ms after, and the shot, with no first contact told, is flagged.
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
	if first == 11 {
		return // the true first contact was told: no review needed
	}
	if got.Review == nil || !strings.Contains(got.Review.Reason, "no contact of the cue ball seen") {
		t.Errorf("shot at %.2f s: first contact %d, review %+v; want ball 11 first (truth) or a review of the missing contact", start, first, got.Review)
	}
}
