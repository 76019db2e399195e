package tracking

import (
	"fmt"
	"math"
	"testing"

	"github.com/cueref/cueref/shot"
	"github.com/cueref/cueref/table"
)

// TestKeepProvisionalRail drives the cue ball into the left cushion and
// withdraws, frame by frame, every confirmed cushion hit the tracker finds
// and skips the look back for slow hits (as if its confirmed tests had missed
// them all): the provisional hits from
// the path, kept at the end of the shot (keepProvRails), still give the shot
// record each of the toy world's true cushion hits, for the right ball and
// cushion and within 20 ms, and no other. A ball dying 3 mm short of the
// cushion, or rolling along it 4 mm off, gets none.
func TestKeepProvisionalRail(t *testing.T) {
	P := func(x, y float64) table.Point { return table.Point{X: x, Y: y} }
	R := tab9.BallR
	y0 := R + 200
	in, short := toLeftCushion(200)
	for _, c := range []struct {
		name string
		from table.Point
		v    table.Point
		want int // true cushion hits of ball 0 (the toy world's), at least
	}{
		{"slow, straight in", P(600, y0), P(0, -in(150)), 1},
		{"straight in", P(600, y0), P(0, -in(400)), 1},
		{"45°", P(600, y0), P(in(600)/math.Sqrt2, -in(600)/math.Sqrt2), 1},
		{"shallow, 70° off the normal", P(600, y0), P(in(1000)*0.94, -in(1000)*0.34), 1},
		{"along the cushion, 4 mm off", P(600, R+4), P(900, 0), 0},
		{"dies 3 mm short", P(600, y0), P(0, -short), 0},
	} {
		for seed := int64(1); seed <= 3; seed++ {
			t.Run(fmt.Sprintf("%s/seed %d", c.name, seed), func(t *testing.T) {
				w := newToy(tab9, map[int]table.Point{0: c.from, 9: P(2300, 1000)})
				w.run(1.0)
				w.strike(0, c.v)
				w.settle()
				w.run(1.0)
				var truth []shot.Event
				for _, e := range w.events {
					if e.Kind == shot.RailHit && e.Ball == 0 {
						truth = append(truth, e)
					}
				}
				if len(truth) < c.want || c.want == 0 && len(truth) > 0 {
					t.Fatalf("toy world: %d cushion hits of ball 0, want %d", len(truth), c.want)
				}
				cfg := Config{Table: tab9, SlideDecel: toyDecel}
				k, err := New(cfg)
				if err != nil {
					t.Fatal(err)
				}
				var rec *shot.Shot
				for _, f := range defaultCamera(seed).frames(w, 0.004, w.t) {
					for i := range k.events {
						if e := &k.events[i]; e.kind == shot.RailHit && !e.kept {
							e.cancel = true // the confirmed tests "missed" it
						}
					}
					for i := range k.tracks {
						k.tracks[i].slowNext = len(k.tracks[i].slog) // and the slow-hit test
					}
					out, err := k.PushFrame(f)
					if err != nil {
						t.Fatal(err)
					}
					for _, o := range out {
						if o.Kind == OutShot && rec == nil {
							rec = o.Shot
						}
					}
				}
				if rec == nil || rec.Start == nil {
					t.Fatal("no shot recorded")
				}
				var got []shot.Event
				for _, e := range rec.Events {
					if e.Kind == shot.RailHit {
						e.T += *rec.Start
						got = append(got, e)
					}
				}
				if len(got) != len(truth) {
					t.Fatalf("got %d cushion hits %v, want %d %v", len(got), got, len(truth), truth)
				}
				for j := range truth {
					if got[j].Ball != 0 || got[j].Rail != truth[j].Rail || math.Abs(got[j].T-truth[j].T) > 0.02 {
						t.Errorf("hit %d: got ball %d %s at %.4f, want ball 0 %s at %.4f ± 0.02", j, got[j].Ball, got[j].Rail, got[j].T, truth[j].Rail, truth[j].T)
					}
				}
			})
		}
	}
}

// TestMetOnWayNotKept: camera model at 30 fps, seed 3, 9-ball shot 78, a
// safety. The cue ball, on its way to the right cushion, met the 4 frozen
// to it, then the 5, and was read 93 mm off the cushion's line as its path
// from before the contacts met it. That path's provisional hit was kept,
// a cushion after the contact the cue ball never reached: a legal safety
// ruled where the truth is frozen_ball_rail, unasked (metOnWay). No hit of
// the cue ball's may be told.
func TestMetOnWayNotKept(t *testing.T) {
	const stroke = 540.1660
	s := fixtureShot30(t, "testdata/metonway-9ball-30fps-s3-norender.json.gz", 9, stroke, 0.05)
	for _, e := range absEvents(s) {
		if e.Kind == shot.RailHit && e.Ball == 0 {
			t.Errorf("a hit of the cue ball on the %s cushion told at %.4f s; want none", e.Rail, e.T)
		}
	}
}
