package tracking

import (
	"math"
	"testing"

	"github.com/cueref/cueref/shot"
	"github.com/cueref/cueref/table"
)

// TestCueBack: the cue ball rolls up to the side cushion and comes to rest
// against it, where the detector loses it (its white outline merges with the
// cushion's nose): unseen for seconds with nothing hiding it, it is taken for
// lifted. The next stroke sends it off from there; its first detection in
// flight has no number. That is the cue ball, struck: the second shot must be
// tracked, its strike and first contact those of the cue ball, leaving from
// about where it stood (before, no shot at all was tracked: the new track's
// way out was taken for jumps of a ball nobody struck). A cue ball that was
// taken by hand and put down elsewhere, seen there before the stroke, is
// struck from there.
func TestCueBack(t *testing.T) {
	P := func(x, y float64) table.Point { return table.Point{X: x, Y: y} }
	R := tab9.BallR
	cue0, obj := P(900, 900), P(1900, 400)
	// The first shot leaves the cue ball against the cushion y = W, a few
	// millimetres short of touching it.
	y := tab9.W - R - 3
	for _, c := range []struct {
		name string
		stop table.Point
		// blind (mm): the cue ball is not detected once it is within this of
		// where it stops (0: from when it stops), until the stroke.
		blind float64
		// moved: taken by hand and put down here, seen there for a second
		// before the stroke (zero: not moved).
		moved table.Point
		// again: seen again where it stopped, with no number, a second
		// before the stroke.
		again bool
	}{
		{"lost at rest", P(1500, y), 0, table.Point{}, false},
		{"lost at rest by a side pocket", P(1320, y), 0, table.Point{}, false},
		{"lost creeping, 10 mm short", P(1500, y), 10, table.Point{}, false},
		{"lost creeping, 25 mm short", P(1500, y), 25, table.Point{}, false},
		{"lost creeping, seen again with no number", P(1500, y), 25, table.Point{}, true},
		{"taken by hand, put down 45 mm on", P(1500, y), 0, P(1540, 1215), false},
		{"taken by hand, put down far off", P(1500, y), 0, P(700, 600), false},
	} {
		t.Run(c.name, func(t *testing.T) {
			w := newToy(tab9, map[int]table.Point{0: cue0, 1: obj})
			w.run(0.5)
			stop := c.stop
			d := stop.Sub(cue0)
			l := d.Len()
			w.strike(0, d.Scale(math.Sqrt(2*toyDecel*l)/l))
			w.settle()
			rest := w.ball(0).p
			if rest.Dist(stop) > 2 {
				t.Fatalf("the toy cue ball stopped at %v, want %v", rest, stop)
			}
			// When it came within blind of its rest point.
			blindFrom := w.stopT
			for _, s := range w.snaps {
				if s.t > w.events[0].T && s.p[0].Dist(rest) <= c.blind {
					blindFrom = s.t
					break
				}
			}
			w.run(2.5)
			seenFrom := 0.0
			if c.moved != (table.Point{}) {
				w.ball(0).p = c.moved
				w.snap()
				seenFrom = w.t
				w.run(1)
			}
			if c.again {
				seenFrom = w.t - 1
			}
			from := w.ball(0).p
			strikeT := w.t
			v := obj.Sub(from)
			w.strike(0, v.Scale(1500/v.Len()))
			w.settle()

			cam := defaultCamera(7)
			frames := cam.frames(w, 0, w.t)
			first := true
			for fi := range frames {
				f := &frames[fi]
				tt := f.T
				if tt < blindFrom {
					continue
				}
				ps, _ := w.at(tt)
				kept := f.Obs[:0]
				for _, o := range f.Obs {
					if o.At.Dist(ps[0]) < R {
						switch {
						case tt < strikeT && (seenFrom == 0 || tt < seenFrom):
							continue // unseen
						case tt < strikeT && c.again:
							o.Ball, o.Class = -1, ClassUnknown
						case tt > strikeT && first:
							// Its first detection in flight: no number.
							o.Ball, first = -1, false
						}
					}
					kept = append(kept, o)
				}
				f.Obs = kept
			}
			shots, _, _ := runFrames(t, tab9, frames, nil)
			if len(shots) != 2 {
				t.Fatalf("got %d shots, want 2", len(shots))
			}
			s := shots[1]
			if len(s.Events) == 0 || s.Events[0].Kind != shot.Strike || s.Events[0].Ball != 0 {
				t.Fatalf("second shot's events %+v, want a strike of the cue ball first", s.Events)
			}
			if got := firstContactOf(s.Events); got != 1 {
				t.Errorf("second shot's first contact: got ball %d, want 1", got)
			}
			if s.Start == nil || *s.Start < strikeT-0.02 || *s.Start > strikeT+0.02 {
				t.Errorf("second shot's start: got %v, want %.4f ± 0.02", s.Start, strikeT)
			}
			b, ok := s.Before[0]
			if !ok {
				t.Fatalf("second shot: no cue ball before the stroke")
			}
			if got := b.P(); got.Dist(from) > 30 {
				t.Errorf("second shot: cue ball before the stroke at %v, want within 30 mm of %v", got, from)
			}
		})
	}
}

// TestCueInHandMisnumbered: camera model at 30 fps, seed 25, 8-ball shot
// 132. After a foul the shooter took the cue ball in hand and put it down
// 97 mm from the resting 1; its first read there was classed as the cue
// ball but numbered 10. The 1's track jumped to it (cueReturns looked at the
// number only) and followed the cue ball from then on: its strokes were
// told as touches of the 1, and three shots went untold. The colour says
// cue ball: the 1 stays, and the shot struck at 861.486 s has the cue
// ball's first contact with the 5.
func TestCueInHandMisnumbered(t *testing.T) {
	wantFixtureFirst(t, "testdata/cuehandback-8ball-30fps-s25-norender.json.gz", 15, 861.486, 5, 861.5044, 1, true)
}
