package tracking

import (
	"math"
	"testing"

	"github.com/cueref/cueref/shot"
	"github.com/cueref/cueref/table"
)

// TestShotSegmentation plays two shots in one stream with the cue ball taken in
// hand and placed elsewhere between them: two records, each from its strike to
// its stop, the second with the cue ball's new place in before and nothing from the
// placing in its events.
func TestShotSegmentation(t *testing.T) {
	P := func(x, y float64) table.Point { return table.Point{X: x, Y: y} }
	w1 := newToy(tab9, map[int]table.Point{0: P(635, 635), 1: P(1500, 500), 2: P(1900, 900)})
	w1.run(0.6)
	w1.strike(0, aim(P(635, 635), P(1500, 500), P(1, -0.3), 1500))
	w1.settle()
	cam := defaultCamera(3)
	frames := cam.frames(w1, 0.004, w1.t)
	// Between the shots the cue ball is in hand for 0.7 s, then placed.
	after := map[int]table.Point{}
	for _, b := range w1.balls {
		if b.on {
			after[b.id] = b.p
		}
	}
	placed := P(400, 300)
	after[0] = placed
	w2 := newToy(tab9, after)
	w2.run(1.5)
	target := after[2]
	w2.strike(0, aim(placed, target, P(1, 0.2), 2000))
	w2.settle()
	off := frames[len(frames)-1].T + 1/cam.fps
	hand := 0.7
	for _, f := range cam.frames(w2, 0, w2.t) {
		f.T += off
		if f.T < off+hand {
			// The cue ball is in the player's hand.
			kept := f.Obs[:0]
			for _, o := range f.Obs {
				if o.At.Dist(placed) > 3*tab9.BallR {
					kept = append(kept, o)
				}
			}
			f.Obs = kept
		}
		frames = append(frames, f)
	}
	shots, _, live := runFrames(t, tab9, frames, nil)
	if len(shots) != 2 {
		t.Fatalf("got %d shots, want 2 (live events %v)", len(shots), live)
	}
	for i, w := range []*toyWorld{w1, w2} {
		s := shots[i]
		shift := 0.0
		if i == 1 {
			shift = off
		}
		truth := make([]shot.Event, len(w.events))
		for j, e := range w.events {
			e.T += shift
			truth[j] = e
		}
		_, missed, extra := matchEvents(truth, absEvents(s))
		if len(missed) > 0 || len(extra) > 0 {
			t.Errorf("shot %d: missed%s; extra%s", i+1, fmtEvents(missed), fmtEvents(extra))
		}
		if s.Events[0].Kind != shot.Strike || s.Events[len(s.Events)-1].Kind != shot.Stop {
			t.Errorf("shot %d: events run from %s to %s, want strike to stop", i+1, s.Events[0].Kind, s.Events[len(s.Events)-1].Kind)
		}
	}
	if p := shots[1].Before[0]; p.P().Dist(placed) > 3 {
		t.Errorf("second shot: cue ball before at %v, want where it was placed, %v", p, placed)
	}
	if p := shots[0].After[0]; p.P().Dist(w1.ball(0).p) > 3 {
		t.Errorf("first shot: cue ball after at %v, want %v", p, w1.ball(0).p)
	}
}

// TestLag shoots two balls from behind the head string to the foot rail and back;
// the one from the right half drifts into the left half.
func TestLag(t *testing.T) {
	P := func(x, y float64) table.Point { return table.Point{X: x, Y: y} }
	w := newToy(tab9, map[int]table.Point{0: P(400, 400), 9: P(400, 900)})
	w.run(0.6)
	w.ball(0).v = P(2300, 10)
	w.ball(9).v = P(2250, -110)
	w.events = nil
	start := w.t
	w.settle()
	frames := defaultCamera(4).frames(w, 0.004, w.t)
	_, lags, live := runFrames(t, tab9, frames, &[2]string{"Anna", "Boris"})
	if len(lags) != 1 {
		t.Fatalf("got %d lag records, want 1 (live %v)", len(lags), live)
	}
	lag := lags[0]
	line, err := shot.Encode(lag)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := shot.Decode(line, 1); err != nil {
		t.Fatalf("lag record %s breaks the contract: %v", line, err)
	}
	for name, id := range map[string]int{"Anna": 0, "Boris": 9} {
		lb, ok := lag.Balls[name]
		if !ok {
			t.Fatalf("no ball for %s in %s", name, line)
		}
		var rails []shot.Event
		for _, e := range w.events {
			if e.Kind == shot.RailHit && e.Ball == id {
				rails = append(rails, e)
			}
		}
		var got []shot.Event
		for _, e := range lb.Events {
			if e.Kind == shot.RailHit {
				got = append(got, e)
			}
		}
		if len(got) != len(rails) {
			t.Errorf("%s: %d rail events, want %d (%s)", name, len(got), len(rails), line)
		}
		for i := 0; i < len(got) && i < len(rails); i++ {
			if got[i].Rail != rails[i].Rail || math.Abs(got[i].T-(rails[i].T-start)) > 0.02 {
				t.Errorf("%s: rail %s at %.3f s, want %s at %.3f s", name, got[i].Rail, got[i].T, rails[i].Rail, rails[i].T-start)
			}
		}
		if lb.Rest == nil || lb.Rest.P().Dist(w.ball(id).p) > 3 {
			t.Errorf("%s: rest %v, want %v", name, lb.Rest, w.ball(id).p)
		}
	}
	// Boris's ball (from the right half) crosses into Anna's half; Anna's does not.
	crossed := func(name string) bool {
		for _, e := range lag.Balls[name].Events {
			if e.Kind == shot.Cross {
				return true
			}
		}
		return false
	}
	if w.ball(9).p.Y >= tab9.W/2 {
		t.Fatalf("test design: ball 9 rests at %v, not in the left half", w.ball(9).p)
	}
	if !crossed("Boris") || crossed("Anna") {
		t.Errorf("cross events: Anna %v, Boris %v; want only Boris (%s)", crossed("Anna"), crossed("Boris"), line)
	}
}
