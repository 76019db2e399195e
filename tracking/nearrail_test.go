package tracking

import (
	"math"
	"strings"
	"testing"

	"github.com/cueref/cueref/shot"
	"github.com/cueref/cueref/table"
)

// TestNearRail drives an object ball resting a little off the right cushion into
// it: it reaches the cushion a frame or two after the contact, too soon for its
// path to show the bounce. The rail event must be there, timed from the contact
// and the gap.
func TestNearRail(t *testing.T) {
	P := func(x, y float64) table.Point { return table.Point{X: x, Y: y} }
	for _, gap := range []float64{6, 15, 25} {
		obj := P(1400, tab9.W-tab9.BallR-gap)
		cue := P(1100, 900)
		w := newToy(tab9, map[int]table.Point{0: cue, 3: obj})
		w.run(0.6)
		w.strike(0, aim(cue, obj, P(0.5, 1), 2500))
		w.settle()
		var want *shot.Event
		for i, e := range w.events {
			if e.Kind == shot.RailHit && e.Ball == 3 && want == nil {
				want = &w.events[i]
			}
		}
		if want == nil {
			t.Fatalf("gap %.0f: the toy world has no rail event of ball 3: %s", gap, fmtEvents(w.events))
		}
		shots, _, live := runFrames(t, tab9, defaultCamera(5).frames(w, 0.004, w.t), nil)
		if len(shots) != 1 {
			t.Fatalf("gap %.0f: got %d shots, want 1 (live %v)", gap, len(shots), live)
		}
		best := math.Inf(1)
		for _, e := range absEvents(shots[0]) {
			if e.Kind == shot.RailHit && e.Ball == 3 && e.Rail == want.Rail && math.Abs(e.T-want.T) < math.Abs(best-want.T) {
				best = e.T
			}
		}
		if d := math.Abs(best - want.T); d > 0.010 {
			t.Errorf("gap %.0f: rail of ball 3 nearest the true one at %.4f s, want %.4f s (±10 ms); got %s", gap, best, want.T, fmtEvents(absEvents(shots[0])))
		}
	}
}

// TestRailDoubt plays a shot whose object ball creeps up to a cushion and stops
// short of it: no rail event may be made up, and the shot (a no_rail foul if
// nothing else reaches a cushion) goes to review, for the gap is too small to
// be sure of.
func TestRailDoubt(t *testing.T) {
	P := func(x, y float64) table.Point { return table.Point{X: x, Y: y} }
	cue, obj := P(1400, 700), P(1700, 1000)
	w := newToy(tab9, map[int]table.Point{0: cue, 3: obj})
	w.run(0.6)
	// Find by bisection a speed that leaves ball 3 short of the right cushion
	// by 2–8 mm.
	gapAt := func(v float64) (float64, bool) {
		x := newToy(tab9, map[int]table.Point{0: cue, 3: obj})
		x.strike(0, aim(cue, obj, P(0, 1), v))
		x.settle()
		return tab9.RailDistance(x.ball(3).p, table.Right), railIn(x.events)
	}
	lo, hi := 300.0, 3000.0
	v := lo
	for it := 0; ; it++ {
		v = (lo + hi) / 2
		g, rail := gapAt(v)
		if !rail && g >= 2 && g <= 8 {
			break
		}
		if it == 40 {
			t.Fatalf("no speed leaves ball 3 2–8 mm short of the cushion (last %.1f mm/s: %.1f mm)", v, g)
		}
		if rail || g < 2 {
			hi = v
		} else {
			lo = v
		}
	}
	w.strike(0, aim(cue, obj, P(0, 1), v))
	w.settle()
	if railIn(w.events) {
		t.Fatalf("the toy world has a rail event: %s", fmtEvents(w.events))
	}
	shots, _, live := runFrames(t, tab9, defaultCamera(9).frames(w, 0.004, w.t), nil)
	if len(shots) != 1 {
		t.Fatalf("got %d shots, want 1 (live %v)", len(shots), live)
	}
	s := shots[0]
	if railIn(s.Events) {
		t.Errorf("a rail event was made up: %s", fmtEvents(s.Events))
	}
	if s.Review == nil || !strings.Contains(s.Review.Reason, "no cushion seen") {
		t.Errorf("review %+v, want the doubt about no_rail", s.Review)
	}
}

func railIn(es []shot.Event) bool {
	for _, e := range es {
		if e.Kind == shot.RailHit {
			return true
		}
	}
	return false
}
