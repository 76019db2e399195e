package tracking

import (
	"math"
	"testing"

	"github.com/cueref/cueref/shot"
	"github.com/cueref/cueref/table"
)

// TestFlickerStartsNoShotRendered runs the tracker on the detector's view of
// an 8-ball shot (bench seed 6, rendered, shot 33): the cue ball rests by the
// foot-right corner pocket, 3.6 mm off the right cushion, for almost four
// seconds before it is struck up the table into ball 13. While it rests the
// detector reads it, one frame in three or four and at a low confidence, 18 mm
// along the cushion (clamped onto its line) or 10 mm off towards the bed, and
// back (flicker.go). Two such reads in a row started the resting ball: false
// strokes were told, each a shot of its own, and the last of them was still
// moving when the cue ball was truly struck, so that no shot was told struck
// at the stroke (its events went to the false one, begun 0.32 s before it).
// The truth says when the cue ball leaves its rest: one shot must be told
// struck then (within 50 ms), none before it while the ball rests, and the
// shot's first contact must be the cue ball's with ball 13 (rule 1.6: the
// first ball struck decides the foul).
func TestFlickerStartsNoShotRendered(t *testing.T) {
	fs := loadRendered(t, "testdata/flicker-8ball-s6-rendered.json.gz")
	// The truth: the cue ball rests where it is at the fixture's first frame
	// until the stroke, between the last frame that shows it there and the
	// first that shows it away.
	var rest table.Point
	restFrom, lastRest, moved := fs[0].T, -1.0, -1.0
	for _, f := range fs {
		for _, x := range f.Truth {
			if x[0] != 0 || moved >= 0 {
				continue
			}
			p := table.Point{X: x[1], Y: x[2]}
			switch {
			case lastRest < 0:
				rest, lastRest = p, f.T
			case p.Dist(rest) > 1:
				moved = f.T
			default:
				lastRest = f.T
			}
		}
	}
	if moved < 0 || lastRest-restFrom < 3 {
		t.Fatalf("testdata: the cue ball rests from %.3f s to %.3f s, struck before %.3f s; want a rest of 3 s or more before the stroke", restFrom, lastRest, moved)
	}
	shots := renderedShots(t, fs)
	var struck *shot.Shot
	for _, s := range shots {
		st := *s.Start
		switch {
		case st >= lastRest-0.05 && st <= moved+0.05:
			struck = s
		case st < lastRest-0.05:
			t.Errorf("shot told struck at %.4f s, while the cue ball rests (%.2f–%.4f s, truth); events:%s",
				st, restFrom, lastRest, fmtEvents(absEvents(s)))
		}
	}
	if struck == nil {
		t.Fatalf("no shot told struck within 50 ms of the stroke (%.4f–%.4f s, truth); got %d shots", lastRest, moved, len(shots))
	}
	for _, e := range absEvents(struck) {
		if e.Kind != shot.Contact {
			continue
		}
		if e.A+e.B != 13 || e.A != 0 && e.B != 0 || math.Abs(e.T-263.2516) > 0.03 {
			t.Errorf("first contact %d-%d at %.4f s; want 0-13 at 263.2516 s (truth); events:%s", e.A, e.B, e.T, fmtEvents(absEvents(struck)))
		}
		return
	}
	t.Errorf("no contact told in the shot struck at %.4f s; want 0-13 at 263.2516 s (truth); events:%s", *struck.Start, fmtEvents(absEvents(struck)))
}
