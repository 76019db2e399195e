package tracking

import (
	"strings"
	"testing"

	"github.com/cueref/cueref/shot"
)

// TestJawDoubtRendered: rendered 8-ball, seed 65, shot 35 (stroke 276.2266
// s), with the detector of a51638c: the cue ball met the 4, which rolled
// 4.4 s into the foot-right corner's mouth, met the foot cushion's jaw at a
// crawl and stopped in the mouth. Its reads there lay 9-12 mm short of the
// jaw and no hit was told: the legal pot was ruled a no_rail foul without a
// review. A cushion hit told is right; else the shot is asked about the 4.
func TestJawDoubtRendered(t *testing.T) {
	const stroke = 276.2266
	s := renderedShot(t, "testdata/jawdoubt-8ball-s65-rendered.json.gz", 15, stroke)
	for _, e := range s.Events {
		if (e.Kind == shot.RailHit || e.Kind == shot.Pocketed) && e.Ball == 4 {
			return
		}
	}
	if s.Review == nil || !strings.Contains(s.Review.Reason, "ball 4") {
		t.Errorf("got no cushion of the 4 and review %v; want the shot asked about the 4; events:%s", s.Review, fmtEvents(absEvents(s)))
	}
}
