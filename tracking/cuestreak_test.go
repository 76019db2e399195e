package tracking

import (
	"testing"

	"github.com/cueref/cueref/shot"
)

// TestCueStreakNotTaken runs the tracker on 8-ball shot 8 of cueref bench
// --fps 30 --cloth blue (seed 1; see namesCue): the cue stick, drawn back over
// the 3, moved its read 8 mm at the stroke, and the 3's track, 435 mm away,
// took the cue ball's first streak, read as the cue ball. The cue ball went
// on as the 3, and the shot's first contact was read as the 8's. The cue
// ball's first contact must be the 7 (rule 1.16 and the called pocket turn on
// it), and no event of the 3 may be told before the cue ball met it, at
// 70.8824 s.
func TestCueStreakNotTaken(t *testing.T) {
	const stroke, met3 = 70.1626, 70.8824
	s := fixtureShot30(t, "testdata/cuestreak-8ball-30fps-blue-rendered.json.gz", 15, stroke, 0.05)
	first := -1
	for _, e := range absEvents(s) {
		if e.Kind == shot.Contact && first < 0 && (e.A == 0 || e.B == 0) {
			first = e.A + e.B
		}
		if e.T < met3-0.02 && (e.Ball == 3 || e.Kind == shot.Contact && (e.A == 3 || e.B == 3)) {
			t.Errorf("%s of ball 3 (%d-%d) told at %.4f s; want none before the cue ball met it at %.4f s", e.Kind, e.A, e.B, e.T, met3)
		}
	}
	if first != 7 {
		t.Errorf("got the cue ball's first contact with ball %d; want 7", first)
	}
}
