package tracking

import (
	"math"
	"testing"

	"github.com/cueref/cueref/shot"
	"github.com/cueref/cueref/table"
)

// TestMisreadRunIsNoCushion runs the tracker on the detector's view of a
// 10-ball safety (bench seed 9, rendered, shot 21): ball 7 rolls at about
// 0.19 m/s along the left cushion, 27 mm off it (it stops 19 mm off it), and
// five of its detections in a row (one good one among them) land 20 mm nearer
// the cushion. The tracker fitted a path to those five, found it within
// railSlack of the cushion line and told a cushion hit, and with it a legal
// safety where the truth has a no-rail foul (rule 1.17: after the contact a
// ball must reach a cushion). The detections after the run put the ball back
// 27 mm off the cushion a frame later: no cushion sends a ball back that fast
// (rebound.go). No cushion hit of ball 7 may be told.
func TestMisreadRunIsNoCushion(t *testing.T) {
	fs := loadRendered(t, "testdata/railrun-10ball-s9-rendered.json.gz")
	nearTruth, nearObs := math.Inf(1), math.Inf(1)
	for _, f := range fs {
		for _, x := range f.Truth {
			if x[0] == 7 {
				nearTruth = math.Min(nearTruth, tab9.RailDistance(table.Point{X: x[1], Y: x[2]}, table.Left))
			}
		}
		for _, o := range f.Obs {
			if o[0] == 7 {
				nearObs = math.Min(nearObs, tab9.RailDistance(table.Point{X: o[1], Y: o[2]}, table.Left))
			}
		}
	}
	if nearTruth < 15 || nearObs > 10 {
		t.Fatalf("testdata: ball 7 comes %.1f mm from the left cushion (truth), read %.1f mm from it; want ≥ 15 and ≤ 10", nearTruth, nearObs)
	}
	var es []shot.Event
	for _, s := range renderedShots(t, fs) {
		es = append(es, absEvents(s)...)
	}
	for _, e := range es {
		if e.Kind == shot.RailHit && e.Ball == 7 {
			t.Errorf("got ball 7 %s cushion hit at %.4f s; want none (it stays ≥ %.0f mm off every cushion); events:%s", e.Rail, e.T, nearTruth, fmtEvents(es))
		}
	}
}
