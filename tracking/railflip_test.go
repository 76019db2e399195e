package tracking

import (
	"testing"

	"github.com/cueref/cueref/table"
)

// 14.1 (bench seed 24, rendered, 357.5–359.5 s): the cue ball rests frozen
// to the right cushion by the foot-right corner, still all through in the
// truth, and its reads flip up to 30 mm along the cushion. Such flips made
// "shots" of it hitting that cushion 30–33 mm along from its rest, ruled
// no-contact fouls (noStrokeRail, nostroke.go). No shot may be told.
func TestRailFlipNoShotRendered(t *testing.T) {
	fs := loadRendered(t, "testdata/railflip-14.1-s24-rendered.json.gz")
	rest := stillInTruth(t, fs, 0)
	if gap := tab9.W - tab9.BallR - rest.Y; gap > 1 {
		t.Fatalf("testdata: the cue ball rests %.1f mm off the right cushion; want it frozen (1 mm or less)", gap)
	}
	along := 0.0
	for _, f := range fs {
		for _, o := range f.Obs {
			if p := (table.Point{X: o[1], Y: o[2]}); int(o[0]) == 0 && p.Dist(rest) < 2*tab9.BallR {
				along = max(along, p.Dist(rest))
			}
		}
	}
	if along < 15 {
		t.Fatalf("testdata: the cue ball read at most %.1f mm off its rest; want reads 15 mm or more off it", along)
	}
	for _, s := range renderedShots(t, fs) {
		t.Errorf("shot told struck at %.3f s with %d events; want none", *s.Start, len(s.Events))
	}
}
