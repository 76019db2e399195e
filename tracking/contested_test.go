package tracking

import (
	"strings"
	"testing"

	"github.com/cueref/cueref/shot"
	"github.com/cueref/cueref/table"
)

// TestContestedNumbers: the cue ball sends ball 15 up the table while ball
// 11 rests elsewhere, and from the stroke on the detector cannot tell the two
// apart. Read as one: it reads the rolling 15 as the 11, and the resting 11
// now as the 11, now as the 15. Read as the white: it reads the resting 11 as
// the 15 or not at all, and the rolling 15 as the cue ball's white or not at
// all (as the rendered footage does by a corner's shading). Either way each
// track keeps the number it was followed by: the shot's first contact is with
// ball 15, ball 11 has no cushion hit and rests where it rested; and the shot
// goes to review, its first contact's ball contested. With the detector
// reading each ball as itself, nothing is contested and no review is asked.
func TestContestedNumbers(t *testing.T) {
	P := func(x, y float64) table.Point { return table.Point{X: x, Y: y} }
	at11 := P(1900, 1050)
	for _, c := range []struct {
		name string
		read func(o *Obs, n int) // misreads, n counting the 11's detections
	}{
		{"read as one", func(o *Obs, n int) {
			switch {
			case o.Ball == 15:
				o.Ball = 11
			case o.Ball == 11 && n%3 == 0:
				o.Ball = 15
			}
		}},
		{"read as the white", func(o *Obs, n int) {
			switch {
			case o.Ball == 15 && n%3 != 0:
				o.Ball, o.Class = 0, ClassCue
			case o.Ball == 15:
				o.Ball, o.Class = -1, ClassStripe
			case o.Ball == 11 && n%2 == 0:
				o.Ball = 15
			case o.Ball == 11:
				o.Ball, o.Class = -1, ClassStripe
			}
		}},
		{"read apart", nil},
	} {
		t.Run(c.name, func(t *testing.T) {
			w, frames := cueIntoFifteen(map[int]table.Point{11: at11}, 1.0)
			stroke := w.events[0].T
			n := 0
			for i := range frames {
				f := &frames[i]
				if c.read == nil || f.T < stroke+0.1 {
					continue
				}
				for j := range f.Obs {
					if f.Obs[j].Ball == 11 {
						n++
					}
					c.read(&f.Obs[j], n)
				}
			}
			shots, _, _ := runFrames(t, tab9, frames, nil)
			if len(shots) != 1 {
				t.Fatalf("got %d shots, want 1", len(shots))
			}
			s := shots[0]
			var first *shot.Event
			for j := range s.Events {
				if e := &s.Events[j]; e.Kind == shot.Contact && first == nil {
					first = e
				}
			}
			if first == nil || first.A+first.B != 15 {
				t.Errorf("first contact %+v, want one of balls 0 and 15 (events %s)", first, fmtEvents(s.Events))
			}
			for _, e := range s.Events {
				if e.Kind == shot.RailHit && e.Ball == 11 {
					t.Errorf("cushion hit of ball 11 at %.3f s, want none: it never moved (events %s)", e.T, fmtEvents(s.Events))
				}
			}
			if p, ok := s.After[11]; !ok || p.P().Dist(at11) > 5 {
				t.Errorf("ball 11 after the shot at %v (%v), want at %v", p, ok, at11)
			}
			review := s.Review != nil && strings.Contains(s.Review.Reason, "ball 15")
			if want := c.read != nil; review != want {
				t.Errorf("review %+v, want one naming ball 15: %v", s.Review, want)
			}
		})
	}
}

// TestRacked: the hold of contested numbers is off in a break, told by a
// group of touching balls at the stroke.
func TestRacked(t *testing.T) {
	P := func(x, y float64) table.Point { return table.Point{X: x, Y: y} }
	k, err := New(Config{Table: tab9})
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		name string
		at   []table.Point
		want bool
	}{
		{"a ten-ball rack", tab9.Rack(4), true},
		{"four touching", []table.Point{P(1000, 600), P(1000+2*tab9.BallR, 600), P(1000, 600+2*tab9.BallR), P(1000+2*tab9.BallR, 600+2*tab9.BallR)}, false},
		{"four touching the cue ball", []table.Point{P(1000, 600), P(1000+2*tab9.BallR+1, 600), P(1000-2*tab9.BallR-1, 600), P(1000, 600+2*tab9.BallR+1), P(1000, 600-2*tab9.BallR-1)}, false},
		{"spread out", []table.Point{P(300, 300), P(600, 300), P(900, 300), P(1200, 300), P(1500, 300), P(1800, 300)}, false},
	} {
		clear(k.before)
		for i, p := range c.at {
			k.before[i] = p
		}
		k.strikeTr = 0 // the cue ball's track: the first point
		if got := k.racked(); got != c.want {
			t.Errorf("%s: racked %v, want %v", c.name, got, c.want)
		}
	}
}

// TestRackedCluster: camera model at 30 fps, seed 71, 8-ball shot 127. The
// cue ball rested 5 mm from the 6 and from the 8, with the 2 against the 8 and
// the 1 against the 10 by it: six balls touching, the cue ball among them, were
// taken for a rack and the shot for a break, and the two candidate first
// contacts went unasked (the 8 told first, a wrong-ball foul for a legal
// safety).
func TestRackedCluster(t *testing.T) {
	wantAsked(t, "testdata/racked-8ball-30fps-s71-norender.json.gz", 15, 834.4170, "both all but frozen to the cue ball")
}

// TestContestedBreak: in a break the numbers the tracks carry at the stroke
// are not sure enough to hold. The detector read ball 11 as the 15 and the
// 15 as the 11 while they stood racked; once the balls scatter it reads each
// as itself, but for a while both as the 11. The tracks' numbers follow the
// reads: after the shot ball 11 rests where the 11 stopped, ball 15 where the
// 15 stopped.
func TestContestedBreak(t *testing.T) {
	P := func(x, y float64) table.Point { return table.Point{X: x, Y: y} }
	rack := tab9.Rack(3)
	ids := []int{1, 11, 15, 2, 3, 4}
	pos := map[int]table.Point{0: P(600, 635), 9: P(300, 1150)}
	for i, p := range rack {
		pos[ids[i]] = p
	}
	w := newToy(tab9, pos)
	w.run(1.0)
	w.strike(0, P(3000, 0))
	w.settle()
	cam := defaultCamera(11)
	cam.confuse, cam.unsure = 0, 0
	frames := cam.frames(w, 0.004, w.t)
	stroke := w.events[0].T
	for i := range frames {
		f := &frames[i]
		for j := range f.Obs {
			o := &f.Obs[j]
			switch {
			case f.T < stroke+0.1 && (o.Ball == 11 || o.Ball == 15):
				o.Ball = 26 - o.Ball // racked: each read as the other
			case f.T > stroke+0.3 && f.T < stroke+0.6 && o.Ball == 15:
				o.Ball = 11
			}
		}
	}
	shots, _, _ := runFrames(t, tab9, frames, nil)
	if len(shots) != 1 {
		t.Fatalf("got %d shots, want 1", len(shots))
	}
	end, _ := w.at(w.t)
	for _, b := range []int{11, 15} {
		var want table.Point
		for j, tb := range w.balls {
			if tb.id == b {
				want = end[j]
			}
		}
		if p, ok := shots[0].After[b]; !ok || p.P().Dist(want) > 10 {
			t.Errorf("ball %d after the shot at %v (%v), want at %v", b, p, ok, want)
		}
	}
}

// TestReadOffTable: ball 12 is taken off the table before the stroke (taken
// for lifted); the cue ball sends ball 15 up the table, and once it has come
// to rest (while the cue ball still rolls) the detector reads it as the 12
// (as a swap behind a full hit leaves a track read as the ball whose track
// was taken for lifted: contested.go, onTable). The 15's track keeps its
// number on its long memory of votes, and the shot asks, naming both; read as
// itself, it does not.
func TestReadOffTable(t *testing.T) {
	P := func(x, y float64) table.Point { return table.Point{X: x, Y: y} }
	for _, misread := range []bool{true, false} {
		t.Run(map[bool]string{true: "read as the 12", false: "read as itself"}[misread], func(t *testing.T) {
			w, frames := cueIntoFifteen(map[int]table.Point{12: P(1500, 1000)}, 4.0)
			var rest15 float64 // when the 15 came to rest, after the stroke at 4 s
			for _, e := range w.events {
				if e.Kind == shot.Contact && (e.A == 15 || e.B == 15) {
					rest15 = e.T // its last contact, with the cue ball coming back
				}
			}
			for i := range frames {
				f := &frames[i]
				obs := f.Obs[:0]
				for _, o := range f.Obs {
					if o.Ball == 12 && f.T > 0.5 {
						continue // taken off by hand
					}
					if o.Ball == 15 && misread && f.T > rest15+0.6 {
						o.Ball = 12
					}
					obs = append(obs, o)
				}
				f.Obs = obs
			}
			shots, _, _ := runFrames(t, tab9, frames, nil)
			if len(shots) != 1 {
				t.Fatalf("got %d shots, want 1", len(shots))
			}
			s := shots[0]
			if first := firstOf(s); first < 0 || s.Events[first].A+s.Events[first].B != 15 {
				t.Fatalf("fixture: first contact not with ball 15 (events %s)", fmtEvents(s.Events))
			}
			if _, on := s.Before[12]; on {
				t.Fatalf("fixture: ball 12 on the table at the stroke")
			}
			asked := s.Review != nil && strings.Contains(s.Review.Reason, "ball 15") && strings.Contains(s.Review.Reason, "ball 12")
			if asked != misread {
				t.Errorf("review %+v; want one naming balls 15 and 12: %v", s.Review, misread)
			}
		})
	}
}

func TestAlikeColour(t *testing.T) {
	for _, c := range []struct {
		a, b int
		want bool
	}{
		{13, 5, true}, {9, 1, true}, {1, 5, true}, {11, 15, true}, {3, 7, true}, {2, 12, true},
		{8, 8, true}, {7, 6, false}, {8, 15, false}, {6, 14, true}, {1, 3, false}, {14, 2, false},
	} {
		if got := alikeColour(c.a, c.b); got != c.want {
			t.Errorf("alikeColour(%d, %d): got %v, want %v", c.a, c.b, got, c.want)
		}
	}
}

// cueIntoFifteen is the toy layout of the contested tests: the cue ball at
// (500, 400) struck after wait seconds into the 15 at (1000, 400), the 1 by
// the right cushion, and the balls of extra; filmed with a camera that
// neither confuses nor doubts numbers (the tests misread on their own).
func cueIntoFifteen(extra map[int]table.Point, wait float64) (*toyWorld, []Frame) {
	pos := map[int]table.Point{0: {X: 500, Y: 400}, 15: {X: 1000, Y: 400}, 1: {X: 300, Y: 1100}}
	for b, p := range extra {
		pos[b] = p
	}
	w := newToy(tab9, pos)
	w.run(wait)
	w.strike(0, table.Point{X: 1600})
	w.settle()
	cam := defaultCamera(7)
	cam.confuse, cam.unsure = 0, 0
	return w, cam.frames(w, 0.004, w.t)
}
