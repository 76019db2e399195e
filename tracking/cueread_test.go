package tracking

import (
	"math"
	"strings"
	"testing"
)

// TestCueReadRendered runs the tracker on the detector's view of a 10-ball
// break (bench seed 26, rendered, shot 0): the cue ball, struck at 12 m/s,
// is read as the cue ball at 0.93–1.0 in every frame of its way to the rack,
// but a nameless track following the shooter's cue stick, moving the same
// way, took those reads: the cue ball's own track, left behind, was lost,
// and the break was told as a missed stroke (asked) with the 3 met first,
// an illegal break. The break must be told struck at 2.313 s, meeting the 1
// first.
func TestCueReadRendered(t *testing.T) {
	fs := loadRendered(t, "testdata/breakcue-10ball-s26-rendered.json.gz")
	shots := renderedShotsOf(t, fs, Config{Table: tab9, FPS: 60, Balls: gameBalls(10)})
	if len(shots) != 1 {
		for _, s := range shots {
			t.Logf("told: shot struck at %.3f s with %d events", *s.Start, len(s.Events))
		}
		t.Fatalf("got %d shots; want 1, the break", len(shots))
	}
	s := shots[0]
	if d := *s.Start - 2.3131; math.Abs(d) > 0.025 {
		t.Errorf("got the break struck at %.4f s; want 2.3131 s (within 25 ms)", *s.Start)
	}
	if got := firstContactOf(s.Events); got != 1 {
		t.Errorf("got first contact %d; want 1", got)
	}
	// The 1 and the 8 behind it are met within 2 ms: a person may be asked
	// which came first, not whether a stroke was seen.
	if s.Review != nil && !strings.HasPrefix(s.Review.Reason, "two candidate first contacts") {
		t.Errorf("got review %q; want none, or the two candidate first contacts", s.Review.Reason)
	}
}
