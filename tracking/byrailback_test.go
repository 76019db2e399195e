package tracking

import (
	"strings"
	"testing"

	"github.com/cueref/cueref/table"
)

// TestByRailBackRendered runs the tracker on the detector's view of a 10-ball
// table (bench seed 34, rendered, shots 30-31). In shot 30 ball 6, green on
// the green cloth, crawled into the right cushion and was lost there on the
// table (offrail.go), resting unseen at (1417, 1237), 4 mm off the cushion.
// In shot 31 the cue ball came off the left cushion and met it there at
// 239.275 s; the detector read the 6 once at its spot 8 ms before, clamped
// onto the cushion line, then on its way to the right cushion. The 6 was on
// the table at the stroke, not frozen to the cushion, and the cue ball's
// first contact was with it: a legal safety, not a no_contact foul (whether
// it was frozen may be asked: one clamped read cannot tell).
func TestByRailBackRendered(t *testing.T) {
	s := renderedShot(t, "testdata/byrailback-10ball-s34-rendered.json.gz", 10, 237.5127)
	p, ok := s.Before[6]
	if !ok {
		t.Errorf("got no ball 6 at the stroke; want it at (1417, 1237)")
	} else {
		if d := p.P().Dist(table.Point{X: 1417.4, Y: 1237.3}); d > 30 {
			t.Errorf("got ball 6 at %v at the stroke, %.0f mm off; want (1417, 1237)", p.P(), d)
		}
		if rail, gap := tab9.NearestRail(p.P()); gap <= table.FrozenTolerance {
			t.Errorf("got ball 6 frozen to the %s cushion at the stroke (%.1f mm off it); want it 4 mm off", rail, gap)
		}
	}
	wantStrokeFirst(t, s, 237.5127, 6)
	if s.Review != nil && !strings.Contains(s.Review.Reason, "frozen or not") {
		t.Errorf("got review %q; want none, or whether ball 6 was frozen", s.Review.Reason)
	}
}
