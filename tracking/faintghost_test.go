package tracking

import (
	"testing"

	"github.com/cueref/cueref/shot"
)

// TestFaintGhostNoTouch runs the tracker on the detector's view of 100 to
// 181 s of a 14.1 match (cueref bench seed 4, rendered). Ball 8 is pocketed
// at 103.82 s and never comes back; the detector reads "8" now and then on a
// blob by the foot cushion (the player's arm), last once at 173.52 s, 55 ms
// before the stroke of shot 22 (173.57 s), and not again until the arm moves
// off after it. Cause fixed: that read brought the 8 back onto the table at
// the stroke, and the blob's move 0.59 s into the shot was told a touch of the
// 8 (rule 1.19, an unflagged touched_ball foul) and then the 8 off the table.
// No event of the shot may name the 8, nor its record have the 8 on the table
// at the stroke; the cue ball's first ball is the 1 (truth).
func TestFaintGhostNoTouch(t *testing.T) {
	fs := loadRendered(t, "testdata/faintghost-14.1-s4-rendered.json.gz")
	wantGoneInTruth(t, fs, 8, 104, "pocketed (at 103.82 s)")
	got := shotStruckAt(t, fs, 173.571)
	evs := absEvents(got)
	for _, e := range evs {
		if e.Kind == shot.Contact && (e.A == 8 || e.B == 8) || e.Kind != shot.Contact && e.Ball == 8 {
			t.Errorf("%s of ball 8 at %.4f s, want none (it is pocketed); events:%s", e.Kind, e.T, fmtEvents(evs))
		}
	}
	if p, ok := got.Before[8]; ok {
		t.Errorf("ball 8 on the table at the stroke at %v, want it gone", p)
	}
	if f := firstOf(got); f < 0 || got.Events[f].A+got.Events[f].B != 1 {
		t.Errorf("first contact %v, want the cue ball on the 1 (truth); events:%s", f, fmtEvents(evs))
	}
}
