package tracking

import (
	"math"
	"testing"

	"github.com/cueref/cueref/shot"
)

// TestBreakFlightUnseen runs the tracker on two 9-ball breaks of cueref bench
// --fps 30 --cloth blue --shots 1 (cueref run's table): the cue ball, struck
// at about 11 m/s, went some 360 mm a frame and was not read until it came
// back off the 1, on a new track (see missedMet). Seed 7: that track was
// still nameless when the break was begun; seed 14: it was named the cue ball
// already, and the 9, in the middle of the rack, was the first start seen.
// The break was begun with no contact of the cue ball: no_contact and
// illegal_break (asked) on legal breaks. Seed 5: the cue ball's old track was
// let go before the rack's starts were weighed, and the new one was nameless:
// no break was begun at all, the rack's starts told as touches (bornStruck).
// Seed 23: the cue ball was not read before the break was begun, in flight or
// back off the rack; the 1, the rack's front ball on its straight way, was
// met (lineMet). Seed 16, the same: the cue ball's track, at its rest point
// and unseen since the stroke, was then taken for a ball hit and gone, and
// told off the table (hitAndGone), a foul on a legal break. No off_table may
// be told of the cue ball: it stays on the bed in all four.
// The cue ball's first contact must be the 1, within two frames of the truth.
func TestBreakFlightUnseen(t *testing.T) {
	for _, tc := range []struct {
		fixture       string
		stroke, truth float64
	}{
		{"testdata/breakunseen-9ball-30fps-blue-s7-rendered.json.gz", 2.1797, 2.2926},
		{"testdata/breakunseen-9ball-30fps-blue-s14-rendered.json.gz", 2.0074, 2.1394},
		{"testdata/breakunseen-9ball-30fps-blue-s5-rendered.json.gz", 1.9533, 2.0660},
		{"testdata/breakunseen-9ball-30fps-blue-s23-rendered.json.gz", 2.0941, 2.2209},
		{"testdata/breakunseen-9ball-30fps-blue-s16-rendered.json.gz", 2.1348, 2.2420},
	} {
		fs := loadRendered(t, tc.fixture)
		s := shotNear(t, renderedShotsOf(t, fs, Config{Table: tab9, FPS: 30, Balls: gameBalls(9)}), tc.stroke, 0.1)
		var first *shot.Event
		for _, e := range absEvents(s) {
			if e.Kind == shot.Contact && (e.A == 0 || e.B == 0) && first == nil {
				first = &e
			}
			if e.Kind == shot.OffTable && e.Ball == 0 {
				t.Errorf("%s: the cue ball told off the table at %.4f s; want it on the bed", tc.fixture, e.T)
			}
		}
		switch {
		case first == nil:
			t.Errorf("%s: no contact of the cue ball told; want one with the 1 at %.4f s", tc.fixture, tc.truth)
		case first.A+first.B != 1 || math.Abs(first.T-tc.truth) > 2.0/30:
			t.Errorf("%s: the cue ball's first contact is with ball %d at %.4f s; want the 1 at %.4f s (within two frames)", tc.fixture, first.A+first.B, first.T, tc.truth)
		}
	}
}
