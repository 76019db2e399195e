package tracking

import (
	"fmt"
	"math"
	"testing"

	"github.com/cueref/cueref/shot"
	"github.com/cueref/cueref/table"
)

// TestFlipStartRendered runs the tracker on the detector's view of a 14.1
// rack (bench seed 24, rendered, shot 50): the cue ball lies frozen to the
// right cushion by the foot-right corner's jaws, and the detector reads it
// now and then 20 mm along the cushion. One such flip began a "shot" 0.55 s
// before the true stroke, which the flipping ran into: the shot was told
// from the flip, out of the true stroke's reach (the shot counted untracked,
// and the flip's record ruled in its place). The one shot told must start at
// the true stroke.
func TestFlipStartRendered(t *testing.T) {
	fs := loadRendered(t, "testdata/flipstart-14.1-s24-rendered.json.gz")
	rest := stillInTruthUntil(t, fs, 0, 360.0)
	var stroke float64
	for _, f := range fs {
		for _, x := range f.Truth {
			if int(x[0]) == 0 && stroke == 0 && (table.Point{X: x[1], Y: x[2]}).Dist(rest) > 0.05 {
				stroke = f.T
			}
		}
	}
	if stroke < 360.05 || stroke > 360.12 {
		t.Fatalf("testdata: the cue ball leaves its rest at %.3f s; want about 360.08 s", stroke)
	}
	shots := renderedShotsOf(t, fs, Config{Table: tab9, FPS: 60, Balls: gameBalls(15)})
	s := onlyShot(t, shots, fmt.Sprintf("struck at %.3f s", stroke))
	// A frame and a bit: the bench matches strikes within 50 ms.
	wantStrokeFirst(t, s, stroke, 4)
	for _, e := range s.Events {
		if e.Kind == shot.RailHit && e.Ball == 0 && e.T < 1 {
			t.Errorf("got a cushion hit of the cue ball %.3f s after the stroke; want none before it met the 4 (it left the cushion)", e.T)
		}
	}
}

// stillInTruthUntil returns where ball b lies in a rendered fixture's truth
// at its start, failing the test unless it stays there until time t.
func stillInTruthUntil(t *testing.T, fs []renderedFrame, b int, until float64) table.Point {
	t.Helper()
	var cut []renderedFrame
	for _, f := range fs {
		if f.T < until {
			cut = append(cut, f)
		}
	}
	return stillInTruth(t, cut, b)
}

// onlyShot fails the test unless shots holds exactly one shot (the one
// described by want), logging those told, and returns it.
func onlyShot(t *testing.T, shots []*shot.Shot, want string) *shot.Shot {
	t.Helper()
	if len(shots) != 1 {
		for _, s := range shots {
			t.Logf("told: shot struck at %.3f s with %d events", *s.Start, len(s.Events))
		}
		t.Fatalf("got %d shots; want 1, %s", len(shots), want)
	}
	return shots[0]
}

// wantStrokeFirst checks that shot s was struck within 25 ms of stroke (the
// bench matches strikes within 50 ms) and met ball first first.
func wantStrokeFirst(t *testing.T, s *shot.Shot, stroke float64, first int) {
	t.Helper()
	if d := *s.Start - stroke; math.Abs(d) > 0.025 {
		t.Errorf("got the shot struck at %.4f s; want %.4f s (within 25 ms)", *s.Start, stroke)
	}
	if got := firstContactOf(s.Events); got != first {
		t.Errorf("got first contact %d; want %d", got, first)
	}
}

// renderedShot runs the tracker, balls in play, on the rendered fixture in
// file and returns the shot struck within 50 ms of stroke (failing the test
// unless there is one).
func renderedShot(t *testing.T, file string, balls int, stroke float64) *shot.Shot {
	t.Helper()
	fs := loadRendered(t, file)
	return shotNear(t, renderedShotsOf(t, fs, Config{Table: tab9, FPS: 60, Balls: gameBalls(balls)}), stroke, 0.05)
}

// shotNear fails the test unless one of shots was struck within within
// seconds of stroke, and returns it.
func shotNear(t *testing.T, shots []*shot.Shot, stroke, within float64) *shot.Shot {
	t.Helper()
	for _, s := range shots {
		if math.Abs(*s.Start-stroke) < within {
			return s
		}
	}
	t.Fatalf("got no shot struck within %g s of %.4f s", within, stroke)
	return nil
}

// TestFlipContactStart: rendered 9-ball, seed 56, shot 19 (see flipContact):
// the shot is struck at the true stroke, first on the 5, with no contact
// told before it.
func TestFlipContactStart(t *testing.T) {
	const stroke = 145.6058
	s := renderedShot(t, "testdata/flipcontact-9ball-s56-rendered.json.gz", 9, stroke)
	wantStrokeFirst(t, s, stroke, 5)
}

// TestMissedStrokeNotBeforeCueRest: rendered 8-ball, seed 56, the second
// rack's break (stroke 279.6407 s): the cue ball, seen at rest until a frame
// before the stroke, was lost at once at break speed; a nameless read by the
// kitchen had set off 0.34 s before, and the missed stroke was timed by it.
// The break is struck when the cue ball left, first on the 6.
func TestMissedStrokeNotBeforeCueRest(t *testing.T) {
	const stroke = 279.6407
	s := renderedShot(t, "testdata/missedearly-8ball-s56-rendered.json.gz", 15, stroke)
	wantStrokeFirst(t, s, stroke, 6)
}
