package tracking

import (
	"fmt"
	"math"
	"strings"
	"testing"

	"github.com/cueref/cueref/shot"
	"github.com/cueref/cueref/table"
)

// TestTouch moves an object ball by hand while the cue ball still rolls after a
// stroke. Far from every moving ball, well identified, it is a touch (rule 1.19);
// started near a moving ball that never reached it, the evidence is too weak for
// a foul: no touch event, and the shot goes to review.
func TestTouch(t *testing.T) {
	P := func(x, y float64) table.Point { return table.Point{X: x, Y: y} }
	for _, c := range []struct {
		name      string
		ball      table.Point // where the touched ball rests
		wantTouch bool
	}{
		{"far from every moving ball", P(2200, 1100), true},
		{"near the rolling cue ball", P(1250, 525), false},
	} {
		t.Run(c.name, func(t *testing.T) {
			w := newToy(tab9, map[int]table.Point{0: P(600, 635), 5: c.ball, 9: P(2300, 200)})
			w.run(1.0)
			w.strike(0, P(900, 0)) // rolls along y = 635, passing the second ball 110 mm off
			w.run(0.7)
			w.ball(5).v = P(0, -250) // the hand
			w.settle()
			shots, _, live := runFrames(t, tab9, defaultCamera(7).frames(w, 0.004, w.t), nil)
			if len(shots) != 1 {
				t.Fatalf("got %d shots, want 1 (live %v)", len(shots), live)
			}
			s := shots[0]
			touch := false
			for _, e := range s.Events {
				if e.Kind == shot.Touch {
					touch = true
					if e.Ball != 5 {
						t.Errorf("touch of ball %d, want 5", e.Ball)
					}
				}
			}
			if touch != c.wantTouch {
				t.Errorf("touch event %v, want %v (events %s)", touch, c.wantTouch, fmtEvents(s.Events))
			}
			if !c.wantTouch && (s.Review == nil || !strings.Contains(s.Review.Reason, "ball 5")) {
				t.Errorf("review %+v, want one naming ball 5", s.Review)
			}
			if s.Events[0].Kind != shot.Strike {
				t.Errorf("first event %s, want strike", s.Events[0].Kind)
			}
		})
	}
}

// TestNoTouchWhenBack: an object ball's detections drift away and come back
// while the cue ball rolls elsewhere (a passing ball or the arm merging with it
// in the image). The ball ends where it rested: nothing touched it, and the
// shot has no touch event.
func TestNoTouchWhenBack(t *testing.T) {
	P := func(x, y float64) table.Point { return table.Point{X: x, Y: y} }
	rest := P(2200, 1100)
	for _, away := range []float64{12, 30} {
		t.Run(fmt.Sprintf("%.0f mm", away), func(t *testing.T) {
			w := newToy(tab9, map[int]table.Point{0: P(600, 635), 5: rest, 9: P(2300, 200)})
			w.run(1.0)
			w.strike(0, P(900, 0))
			w.settle()
			frames := defaultCamera(7).frames(w, 0.004, w.t)
			// From 1.4 s to 1.9 s after the start the detections of ball 5
			// move out along y and back, peaking at away mm.
			for i := range frames {
				f := &frames[i]
				if f.T < 1.4 || f.T > 1.9 {
					continue
				}
				off := away * math.Sin(math.Pi*(f.T-1.4)/0.5)
				for j := range f.Obs {
					if f.Obs[j].At.Dist(rest) < 15 {
						f.Obs[j].At.Y -= off
					}
				}
			}
			shots, _, _ := runFrames(t, tab9, frames, nil)
			if len(shots) != 1 {
				t.Fatalf("got %d shots, want 1", len(shots))
			}
			for _, e := range shots[0].Events {
				if e.Kind == shot.Touch {
					t.Errorf("touch of ball %d at %.3f s, want none (events %s)", e.Ball, e.T, fmtEvents(shots[0].Events))
				}
			}
		})
	}
}
