package tracking

import (
	"math"
	"testing"

	"github.com/cueref/cueref/shot"
)

// TestSwapLeavesNoRestRendered runs the tracker on the detector's view of a
// 9-ball shot (bench seed 4, rendered): the cue ball, struck at 133.0719 s,
// sends ball 8 up the head rail, crosses the table and runs full into ball 9
// at rest at 133.5343 s (truth 133.5341), following on slowly; ball 8 drops in
// the head-right pocket at 133.9895 s (truth). At the contact ball 9's resting
// track took the cue ball's detections and the cue ball's track ball 9's; the
// swap watch exchanged them, and the cue ball's track inherited ball 9's rest,
// begun before the stroke. When the cue ball got clear of that point its
// "start from rest" was told as a new stroke (swaprest.go): the shot was cut at
// 133.72 s and the pocket went to a shot of its own, a legal pot ruled a miss.
// One shot must carry the contact with ball 9 and the pocket of ball 8.
func TestSwapLeavesNoRestRendered(t *testing.T) {
	fs := loadRendered(t, "testdata/swaprest-9ball-s4-rendered.json.gz")
	// The fixture is the shot the test is about: ball 8 on the table until
	// the pocket and gone after it.
	wantGoneInTruth(t, fs, 8, 134.1, "pocketed at 133.99 s")
	got := shotStruckAt(t, fs, 133.0719)
	var strikes, pocket8, contact9 int
	for _, e := range absEvents(got) {
		switch {
		case e.Kind == shot.Strike:
			strikes++
		case e.Kind == shot.Pocketed && e.Ball == 8 && math.Abs(e.T-133.9895) < 0.15:
			pocket8++
		case e.Kind == shot.Contact && e.A+e.B == 9 && (e.A == 0 || e.B == 0) && math.Abs(e.T-133.5343) < 0.03:
			contact9++
		}
	}
	if strikes != 1 || pocket8 != 1 || contact9 != 1 {
		t.Errorf("shot struck at 133.0719: got %d strikes, %d pockets of ball 8 near 133.99, %d contacts 0-9 near 133.53; want 1 of each; events:%s",
			strikes, pocket8, contact9, fmtEvents(absEvents(got)))
	}
}
