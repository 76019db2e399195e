package tracking

import (
	"math"
	"testing"

	"github.com/cueref/cueref/shot"
	"github.com/cueref/cueref/table"
)

// TestCushionFlipByPocket runs the tracker on the detector's view of an 8-ball
// shot (cueref bench --racks 2 --seed 2, the 8-ball match, 12.5 to 19.2 s;
// the detector of December 2026): the cue ball sends ball 1 towards the head
// left corner pocket, and no ball reaches a cushion (a no_rail foul). Ball 1
// creeps up to the head cushion and dies 3.5 mm short of it, 9 mm along from
// the pocket's jaw. Against the cushion the detector's centre for it flips
// 12 mm out on the bed for three frames. Next to a pocket, such a flip was
// never taken for one (the ball might be dropping, or bouncing off a jaw): it
// broke the crawling path into a fast one, driven into the cushion, and a rail
// hit was told that made the foul a legal shot. The ball overhangs no pocket's
// mouth and crawls far too slowly to have jumped that far: the shot must have
// no rail hit, and ball 1 must rest within 5 mm of where it truly does.
func TestCushionFlipByPocket(t *testing.T) {
	fs := loadRendered(t, "testdata/pocketflip-8ball-rendered.json.gz")
	var rest table.Point
	flips := 0
	for _, f := range fs {
		for _, x := range f.Truth {
			if int(x[0]) != 1 {
				continue
			}
			p := table.Point{X: x[1], Y: x[2]}
			rest = p
			for _, o := range f.Obs {
				q := table.Point{X: o[1], Y: o[2]}
				if int(o[0]) == 1 && f.T > 18 && q.X-p.X > 10 && q.Dist(p) < 20 {
					flips++
				}
			}
		}
	}
	if flips < 3 || tab9.RailDistance(rest, table.Head) > 5 {
		t.Fatalf("testdata: %d flipped detections of ball 1, at rest %.1f mm from the head cushion; want ≥ 3, ≤ 5 mm", flips, tab9.RailDistance(rest, table.Head))
	}
	got := shotStruckAt(t, fs, 13.589)
	for _, e := range absEvents(got) {
		if e.Kind == shot.RailHit {
			t.Errorf("got a rail hit of ball %d (%s cushion at %.3f s), want none: %s", e.Ball, e.Rail, e.T, fmtEvents(absEvents(got)))
		}
	}
	b, ok := got.After[1]
	if !ok {
		t.Fatalf("ball 1 not on the table after the shot")
	}
	if d := b.P().Dist(rest); d > 5 || math.IsNaN(d) {
		t.Errorf("ball 1 rests at %v, want within 5 mm of %v", b.P(), rest)
	}
}
