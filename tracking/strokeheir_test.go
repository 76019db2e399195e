package tracking

import (
	"strings"
	"testing"

	"github.com/cueref/cueref/table"
)

// Rendered 9-ball, seed 38, shot 0 (the break, stroke at 1.6604 s): the 6
// rests in the rack at (2004.2, 692.3); its track is lifted at 2.08 s as it
// sets off, and a track of its way is named 6 (see strokeheir.go). The 6 was
// on the table at the stroke, at its rack spot: the record must have it
// there, and ask no person about a ball that "moved in the shot, not on the
// table at the stroke".
func TestStrokeHeirOfLiftedRackBall(t *testing.T) {
	fs := loadRendered(t, "testdata/stroke-heir-9ball-s38-rendered.json.gz")
	shots := renderedShotsOf(t, fs, Config{Table: tab9, FPS: 60, Balls: gameBalls(9)})
	s := shotNear(t, shots, 1.6604, 0.05)
	p, ok := s.Before[6]
	if !ok {
		t.Fatalf("ball 6 not on the table at the stroke; before %v", s.Before)
	}
	if d := p.P().Dist(table.Point{X: 2004.21, Y: 692.32}); d > 10 {
		t.Errorf("ball 6 at the stroke at %v, %.1f mm from its rack spot", p.P(), d)
	}
	// Other doubts of the break are the judge's to weigh (crawlrail.go asks
	// about a crawl to the foot cushion here, without a judge); this one must
	// not be raised.
	if s.Review != nil && strings.Contains(s.Review.Reason, "not on the table at the stroke") {
		t.Errorf("review %q, want none about the 6's place at the stroke", s.Review.Reason)
	}
}
