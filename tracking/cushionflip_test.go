package tracking

import (
	"math"
	"testing"

	"github.com/cueref/cueref/shot"
	"github.com/cueref/cueref/table"
)

// TestCushionFlipRendered runs the tracker on the detector's view of a 9-ball
// safety (cueref bench seed 1, the 9-ball match, 49.3 to 55.5 s): the cue ball
// sends ball 2 into the right cushion once (50.27 s); it then rolls along the
// cushion and dies against it (about 53.2 s). Against that cushion the
// detector's centre for ball 2 flips, frame to frame, between the ball and a
// place about 15 mm out on the bed. Taken as motion, each flip made a path
// broken off the cushion and back into it: ten cushion hits where there is one,
// and a ball that never came to rest before the next stroke. There must be at
// most the one true hit of ball 2, and the shot must end within half a second
// of the true rest.
func TestCushionFlipRendered(t *testing.T) {
	fs := loadRendered(t, "testdata/cushionflip-9ball-rendered.json.gz")
	// The truth: when ball 2 last moved, and the detections that flipped (at
	// least 10 mm further out from the right cushion than the ball).
	var restT float64
	var prev table.Point
	flips := 0
	for i, f := range fs {
		for _, x := range f.Truth {
			if int(x[0]) != 2 {
				continue
			}
			p := table.Point{X: x[1], Y: x[2]}
			if i > 0 && p.Dist(prev) > 0.05 {
				restT = f.T
			}
			prev = p
			for _, o := range f.Obs {
				q := table.Point{X: o[1], Y: o[2]}
				if q.Dist(p) < 40 && p.Y-q.Y > 10 && math.Abs(q.X-p.X) < 5 && tab9.RailDistance(p, table.Right) < 5 {
					flips++
				}
			}
		}
	}
	if flips < 20 || restT < 52.5 || restT > 54 {
		t.Fatalf("testdata: %d flipped detections of ball 2 against the cushion, rest at %.2f s; want ≥ 20, 52.5–54 s", flips, restT)
	}
	got := shotStruckAt(t, fs, 49.775)
	rails := 0
	stop := math.Inf(1)
	for _, e := range absEvents(got) {
		if e.Kind == shot.RailHit && e.Ball == 2 {
			rails++
		}
		if e.Kind == shot.Stop {
			stop = e.T
		}
	}
	if rails > 1 {
		t.Errorf("got %d cushion hits of ball 2, want at most the one true hit at 50.27 s: %s", rails, fmtEvents(absEvents(got)))
	}
	if stop > restT+0.5 {
		t.Errorf("shot stopped at %.2f s, want by %.2f s (ball 2 at rest at %.2f s)", stop, restT+0.5, restT)
	}
}

// TestPullNotFlip: rendered seed 73, 10-ball shot 32 (see steadyBefore). The
// purple 4 rolls at 130 mm/s 19-21 mm off the right cushion and is read 4 to
// 13 mm towards it in five frames from 260.45 s. The true detections after
// them are no flips off the cushion: no hit of the right cushion by the 4
// may be told after its one true hit at 258.67 s.
func TestPullNotFlip(t *testing.T) {
	fs := loadRendered(t, "testdata/steadyoff-10ball-rendered.json.gz")
	minGap, pulled := math.Inf(1), 0.0
	for _, f := range fs {
		if f.T < 260.3 || f.T > 260.8 {
			continue
		}
		for _, x := range f.Truth {
			if int(x[0]) != 4 {
				continue
			}
			p := table.Point{X: x[1], Y: x[2]}
			minGap = math.Min(minGap, tab9.RailDistance(p, table.Right))
			for _, o := range f.Obs {
				if q := (table.Point{X: o[1], Y: o[2]}); int(o[0]) == 4 && q.Dist(p) < 2*tab9.BallR {
					pulled = math.Max(pulled, q.Y-p.Y)
				}
			}
		}
	}
	if minGap < 15 || pulled < 10 {
		t.Fatalf("testdata: the 4 comes %.1f mm from the right cushion and is read at most %.1f mm towards it (truth); want ≥ 15 and ≥ 10", minGap, pulled)
	}
	cfg := Config{Table: tab9, FPS: 60, Balls: gameBalls(10)}
	for _, e := range absEvents(shotAt(t, fs, cfg, 255.7906)) {
		if e.Kind == shot.RailHit && e.Ball == 4 && e.T > 259 {
			t.Errorf("a hit of the %s cushion by the 4 told at %.4f; the truth has none after 258.67 s", e.Rail, e.T)
		}
	}
}
