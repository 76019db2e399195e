package tracking

import (
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
