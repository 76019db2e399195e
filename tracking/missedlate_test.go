package tracking

import (
	"strings"
	"testing"

	"github.com/cueref/cueref/shot"
)

// TestMissedLateRendered: seed 35 8-ball, shot 43 (frames 312–327 s). Ball
// 7 by the foot cushion, read in two places 16 mm apart, "started" while the
// cue ball sat unseen in the head-right corner's mouth; the cue ball was
// struck 0.35 s later and seen leaving. The shot is told struck then
// (319.455 s, the simulator's stroke), its first contact ball 2, with no
// cushion hit of the 7 before the cue ball reached it, and not asked "no
// stroke seen".
func TestMissedLateRendered(t *testing.T) {
	const stroke = 319.4554
	s := renderedShot(t, "testdata/missedlate-8ball-s35-rendered.json.gz", 15, stroke)
	wantStrokeFirst(t, s, stroke, 2)
	for _, e := range s.Events {
		if e.Kind == shot.RailHit && e.Ball == 7 && e.T < 2.0 {
			t.Errorf("got a cushion hit of ball 7 %.3f s after the stroke; want none before the cue ball reached it (2.07 s)", e.T)
		}
	}
	if s.Review != nil && strings.Contains(s.Review.Reason, "no stroke seen") {
		t.Errorf("got review %q; want none: the cue ball was seen leaving", s.Review.Reason)
	}
}
