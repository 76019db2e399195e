package tracking

import (
	"testing"

	"github.com/cueref/cueref/shot"
)

// TestFaintBackNotFirst runs the tracker on the detector's view of 66 to 146 s
// of a 10-ball match (cueref bench seed 2, rendered). Ball 8 is pocketed at
// 74.97 s and never comes back; the detector reads "8" on stray blobs now and
// then, the last time once, at 0.32, at 136.02 s, 55 mm from the 10 at rest.
// Shot 16 (stroke 136.77 s): the cue ball hits the 10 (truth). Cause fixed:
// that single read brought the 8 back, and the cue ball's way (firstByPath)
// reached its phantom first, so the first contact was told as the 8, an
// unflagged wrong_ball_first. The first contact must be the 10, and no contact
// may name the 8.
func TestFaintBackNotFirst(t *testing.T) {
	fs := loadRendered(t, "testdata/faintback-10ball-s2-rendered.json.gz")
	wantGoneInTruth(t, fs, 8, 80, "pocketed (at 74.97 s)")
	got := shotStruckAt(t, fs, 136.767)
	first := -1
	for _, e := range absEvents(got) {
		if e.Kind != shot.Contact {
			continue
		}
		if e.A == 8 || e.B == 8 {
			t.Errorf("contact %d-%d at %.4f s names ball 8, want none (it is pocketed)", e.A, e.B, e.T)
		}
		if first < 0 && (e.A == 0 || e.B == 0) {
			first = e.A + e.B
		}
	}
	if first != 10 {
		t.Errorf("first contact of the cue ball with ball %d, want 10 (truth); events:%s", first, fmtEvents(absEvents(got)))
	}
}
