package tracking

import (
	"fmt"
	"math"
	"testing"

	"github.com/cueref/cueref/shot"
	"github.com/cueref/cueref/table"
)

// TestRattledOutUnnamed: the cue ball sends ball 5 slowly at a side pocket;
// it stops in the mouth, short of the hole (the truth: no pocket). The
// detector, as in the rendered footage of a ball in the jaws, pulls its last
// centres into the hole, loses it for a few frames, and then sees it again
// where it stopped, with no number at first. The ball is on the table: the
// shot has no pocket of ball 5, ball 5 is in After, and no person is asked.
func TestRattledOutUnnamed(t *testing.T) {
	var side table.Pocket
	for _, pk := range tab9.Pockets() {
		if !pk.Corner && pk.Center.Y < tab9.W/2 {
			side = pk
		}
	}
	in := side.In
	const short = 40.0 // mm: ball 5 stops this far before the mouth line
	ball := side.Center.Add(in.Scale(-300))
	cue := ball.Add(in.Scale(-400))
	// Ball 5 rolls 300−short mm, the cue ball 400−2R to it (toyDecel).
	d5 := 300 - short
	dc := 400 - 2*tab9.BallR
	speed := math.Sqrt(2 * toyDecel * (d5 + dc))
	// (Unseen much longer, the shot ends before the ball shows again: every
	// other ball rests.)
	for _, c := range []struct{ gap, unnamed int }{{6, 8}, {7, 12}} {
		t.Run(fmt.Sprintf("%d frames unseen, %d unnamed", c.gap, c.unnamed), func(t *testing.T) {
			w := newToy(tab9, map[int]table.Point{0: cue, 5: ball, 9: {X: 600, Y: 1000}})
			w.run(1.0)
			w.strike(0, in.Scale(speed))
			w.settle()
			for _, e := range w.events {
				if e.Kind == shot.Pocketed {
					t.Fatalf("toy world pockets ball %d: fix the fixture", e.Ball)
				}
			}
			frames := defaultCamera(7).frames(w, 0.004, w.t)
			stop := side.Center.Add(in.Scale(-short))
			// The frame when ball 5 is first within 70 mm of where it stops.
			f1 := -1
			for i := range frames {
				for _, o := range frames[i].Obs {
					if o.Ball == 5 && o.At.Dist(stop) < 70 && f1 < 0 && frames[i].T > 1.0 {
						f1 = i
					}
				}
			}
			if f1 < 0 {
				t.Fatal("ball 5 never near the pocket: fix the fixture")
			}
			var from table.Point
			for _, o := range frames[f1].Obs {
				if o.Ball == 5 {
					from = o.At
				}
			}
			hole := side.Center.Add(in.Scale(15)) // past the mouth line
			unnamed := 0
			for i := f1; i < len(frames); i++ {
				f := &frames[i]
				j := -1
				for k := range f.Obs {
					if f.Obs[k].At.Dist(stop) < 90 || f.Obs[k].Ball == 5 && f.Obs[k].At.Dist(stop) < 200 {
						j = k
					}
				}
				n := i - f1
				switch {
				case n < 3:
					// Centres pulled into the hole.
					p := from.Add(hole.Sub(from).Scale(float64(n+1) / 3))
					if j < 0 {
						f.Obs = append(f.Obs, Obs{})
						j = len(f.Obs) - 1
					}
					f.Obs[j] = Obs{Ball: 5, At: p, Confidence: 0.9, Moving: true}
				case n < 3+c.gap:
					if j >= 0 {
						f.Obs = append(f.Obs[:j], f.Obs[j+1:]...)
					}
				case j >= 0 && unnamed < c.unnamed:
					f.Obs[j].Ball, f.Obs[j].Class = -1, ClassUnknown
					unnamed++
				}
			}
			shots, _, _ := runFrames(t, tab9, frames, nil)
			if len(shots) != 1 {
				t.Fatalf("got %d shots, want 1", len(shots))
			}
			s := shots[0]
			for _, e := range s.Events {
				if e.Ball == 5 && (e.Kind == shot.Pocketed || e.Kind == shot.OffTable) {
					t.Errorf("%s of ball 5 at %.3f s, want none: it stopped in the mouth (events %s)", e.Kind, e.T, fmtEvents(s.Events))
				}
			}
			if p, ok := s.After[5]; !ok {
				t.Errorf("ball 5 not on the table after the shot, want it at %v", stop)
			} else if d := p.P().Dist(stop); d > 15 {
				t.Errorf("ball 5 after the shot at %v, %.0f mm from where it stopped, want within 15", p.P(), d)
			}
			if s.Review != nil {
				t.Errorf("review %q, want none", s.Review.Reason)
			}
		})
	}
}

// TestBounceTakenByStray: ball 5, struck hard, comes off the right cushion
// near a corner pocket; a false detection with no number (a hand on the rail)
// has stood nearby on the bed since before the stroke and, as the ball comes
// off the cushion, slides off into the pocket's shadow. The tracker may follow
// the false detection with ball 5's track into the pocket while the nameless
// track takes up the ball; the ball is read as 5 again on its way. Ball 5
// falls only later, after a few more cushions: that pocket is the one told.
func TestBounceTakenByStray(t *testing.T) {
	P := func(x, y float64) table.Point { return table.Point{X: x, Y: y} }
	R := tab9.BallR
	corner := tab9.Pocket(table.HR)
	// In from the head cushion's side, off the right cushion near its
	// corner, and on across the table (as a break sends a ball).
	bounce := P(400, tab9.W-R)
	d := P(0.8, 0.6)
	ball := bounce.Sub(d.Scale(250))
	cue := ball.Sub(d.Scale(150))
	for _, c := range []struct {
		stray table.Point
		speed float64
		blur  int
	}{
		{P(365, 1097), 3500, 2},
		{P(365, 1097), 4500, 2},
		{P(480, 1193), 3500, 2},
		{P(480, 1193), 4500, 2},
		{P(365, 1097), 3500, 1},
		{P(480, 1193), 3500, 1},
	} {
		t.Run(fmt.Sprintf("%v %v %d", c.stray, c.speed, c.blur), func(t *testing.T) {
			w := newToy(tab9, map[int]table.Point{0: cue, 5: ball, 9: P(2200, 300)})
			w.run(1.0)
			w.strike(0, d.Scale(c.speed))
			w.settle()
			var hit float64
			var truth []shot.Event // ball 5 goes in, after a few more cushions
			for _, e := range w.events {
				if e.Kind == shot.Pocketed || e.Kind == shot.OffTable {
					truth = append(truth, e)
				}
				if e.Kind == shot.RailHit && e.Ball == 5 && hit == 0 {
					hit = e.T
				}
			}
			frames := defaultCamera(11).frames(w, 0.004, w.t)
			stray := Obs{Ball: -1, At: c.stray, Confidence: 0.45, Class: ClassStripe}
			for i := range frames {
				f := &frames[i]
				n := (f.T - hit) * 60
				if n >= 0 && n < float64(c.blur) {
					// Blurred off the cushion: not detected.
					for j := range f.Obs {
						if f.Obs[j].At.Dist(bounce) < 200 && f.Obs[j].Ball != -1 {
							f.Obs = append(f.Obs[:j], f.Obs[j+1:]...)
							break
						}
					}
				}
				switch {
				case n < 0:
					f.Obs = append(f.Obs, stray)
				case n < 4:
					// Off into the corner's shadow.
					s := stray
					s.At = bounce.Add(corner.Center.Sub(bounce).Scale((n + 1) / 4.5))
					f.Obs = append(f.Obs, s)
				}
			}
			checkGone(t, frames, truth)
		})
	}
}

// checkGone runs the tracker on frames (one shot) and checks its pocket and
// off-table events against truth's.
func checkGone(t *testing.T, frames []Frame, truth []shot.Event) {
	t.Helper()
	shots, _, _ := runFrames(t, tab9, frames, nil)
	if len(shots) != 1 {
		t.Fatalf("got %d shots, want 1", len(shots))
	}
	var got []shot.Event
	for _, e := range absEvents(shots[0]) {
		if e.Kind == shot.Pocketed || e.Kind == shot.OffTable {
			got = append(got, e)
		}
	}
	if _, missed, extra := matchEvents(truth, got); len(missed)+len(extra) > 0 {
		t.Errorf("gone events: missed %s, extra %s; want %s (events %s)", fmtEvents(missed), fmtEvents(extra), fmtEvents(truth), fmtEvents(shots[0].Events))
	}
}
