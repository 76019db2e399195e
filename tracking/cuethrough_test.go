package tracking

import (
	"math"
	"testing"

	"github.com/cueref/cueref/shot"
	"github.com/cueref/cueref/table"
)

// TestCueWentThroughRendered runs the tracker on the detector's view of a
// 9-ball shot (bench seed 3): the cue ball, struck at 278.3167 s, goes straight
// to ball 7 and hits it at 278.4768 s (truth). A false detection flickers at
// rest beside ball 7, on the cue ball's way, some 55 mm before ball 7 along it;
// its track, at rest at the stroke and gone after the hit, was taken for the
// ball the cue ball's straight way reaches first (firstpath.go): a first
// contact with no ball, a no_contact foul, unflagged. The cue ball's own
// detections pass through where that "ball" rested: the first contact must be
// ball 7, within 30 ms and a frame of the truth.
func TestCueWentThroughRendered(t *testing.T) {
	fs := loadRendered(t, "testdata/cuethrough-9ball-s3-rendered.json.gz")
	// The fixture is the shot the test is about: ball 7 rests at the stroke on
	// the cue ball's way and no other true ball lies within two radii of it.
	var p7 table.Point
	for _, f := range fs {
		if f.T >= 278.3 {
			for _, x := range f.Truth {
				if x[0] == 7 {
					p7 = table.Point{X: x[1], Y: x[2]}
				}
			}
			for _, x := range f.Truth {
				if q := (table.Point{X: x[1], Y: x[2]}); x[0] != 7 && x[0] != 0 && q.Dist(p7) < 2*tab9.BallR+20 {
					t.Fatalf("testdata: ball %v %.1f mm from ball 7, want none near it", x[0], q.Dist(p7))
				}
			}
			break
		}
	}
	got := shotStruckAt(t, fs, 278.3167)
	var first *shot.Event
	for _, e := range absEvents(got) {
		if e.Kind == shot.Contact && (e.A == 0 || e.B == 0) {
			first = &e
			break
		}
	}
	if first == nil {
		t.Fatalf("no contact of the cue ball told, want 0-7 at 278.4768; events:%s", fmtEvents(absEvents(got)))
	}
	if o := first.A + first.B; o != 7 || math.Abs(first.T-278.4768) > 0.03+1.0/60 {
		t.Errorf("first contact of the cue ball: ball %d at %.4f, want ball 7 at 278.4768; events:%s", o, first.T, fmtEvents(absEvents(got)))
	}
}
