package tracking

import (
	"math"
	"strings"
	"testing"

	"github.com/cueref/cueref/shot"
	"github.com/cueref/cueref/table"
)

// TestSkimRendered runs the tracker on the detector's view of a 9-ball pot
// (bench seed 39, rendered, shot 10): ball 4, at rest 4 mm off the left
// cushion, is hit by the cue ball coming off that cushion and driven into it
// at 8°; it touches it 1.308 s into the shot and leaves it at 1°, its reads
// on the cushion line for a dozen frames. The cushion hit (the only one after
// the first contact) must be told, about when it happened. (The shot is
// still sent to review for the cue ball's own cushion, told 7 ms before the
// first contact: that is another matter.)
func TestSkimRendered(t *testing.T) {
	const stroke, hit = 79.5164, 80.8241
	fs := loadRendered(t, "testdata/skim-9ball-s39-rendered.json.gz")
	s := shotNear(t, renderedShotsOf(t, fs, Config{Table: tab9, FPS: 60, Balls: gameBalls(9)}), stroke, 0.05)
	if got := firstContactOf(s.Events); got != 4 {
		t.Errorf("got first contact %d; want 4", got)
	}
	found := false
	for _, e := range s.Events {
		if e.Kind != shot.RailHit || e.Ball != 4 {
			continue
		}
		found = true
		if e.Rail != string(table.Left) {
			t.Errorf("got ball 4 hitting the %s cushion; want left", e.Rail)
		}
		if d := *s.Start + e.T - hit; math.Abs(d) > 0.05 {
			t.Errorf("got ball 4's cushion hit at %.4f s; want %.4f s (within 50 ms)", *s.Start+e.T, hit)
		}
	}
	if !found {
		t.Errorf("got no cushion hit of ball 4; want one at %.4f s", hit)
	}
	if s.Review != nil && strings.HasPrefix(s.Review.Reason, "no cushion") {
		t.Errorf("got the shot sent to review (%s); want a cushion after the first contact", s.Review.Reason)
	}
}
