package tracking

import (
	"strings"
	"testing"

	"github.com/cueref/cueref/shot"
)

// TestHandDoesNotCarryCue runs the tracker on the 14.1 break of cueref bench
// --fps 30 --cloth blue (seed 1). The cue ball, struck at 7 m/s, goes unseen
// for five frames; its track took a read of the shooter's bridge hand by its
// rest point, was lost there, and the hand's track (its reads named the 10
// and the 13) carried it on as the cue ball to the head cushion, where it was
// told off the table: a false cue_ball_off_table foul, asked about, while the
// cue ball was read as itself across the table all along (readAsOther). The
// break must have no off_table event and no review.
func TestHandDoesNotCarryCue(t *testing.T) {
	const stroke = 1.8223
	fs := loadRendered(t, "testdata/handcarry-14.1-30fps-blue-rendered.json.gz")
	wantOnBedInTruth(t, fs, 0)
	s := shotNear(t, renderedShotsOf(t, fs, Config{Table: tab9, FPS: 30, Balls: gameBalls(15)}), stroke, 0.05)
	for _, e := range s.Events {
		if e.Kind == shot.OffTable {
			t.Errorf("off_table of ball %d told at %.4f s; want none (every ball stays on the bed)", e.Ball, e.T)
		}
	}
	if s.Review != nil && strings.Contains(s.Review.Reason, "gone") {
		t.Errorf("review %q; want none about a ball gone", s.Review.Reason)
	}
}
