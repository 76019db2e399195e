package tracking

import (
	"math"
	"testing"

	"github.com/cueref/cueref/shot"
	"github.com/cueref/cueref/sim"
	"github.com/cueref/cueref/table"
)

// TestBallBehindStroke plays the stick passing over a ball that rests right
// behind the cue ball, 4.6 mm off it: the cue ball is struck away from it,
// into ball 1 a metre on, and ball 7 never moves (the simulator's truth: no
// contact of it). The detector, its view of ball 7 cut by the stick, misses it
// in most frames of the half second after the stroke and reads its centre
// 19-24 mm away from the cue ball in the others. Ball 7 seemed to leave with
// the stroke, frozen to the cue ball; it was told as the shot's first contact.
// For each noise seed the first contact must be 0-1, as in the truth, and no
// event of ball 7 may be told.
func TestBallBehindStroke(t *testing.T) {
	R := tab9.BallR
	cue := table.Point{X: 1500, Y: 600}
	at7 := cue.Add(table.Point{X: 2*R + 4.6})
	mo, err := sim.Simulate(tab9, sim.DefaultParams(), sim.Layout{0: cue, 1: {X: 500, Y: 620}, 7: at7}, sim.Stroke{Speed: 1.2, Angle: math.Pi}, nil)
	if err != nil {
		t.Fatal(err)
	}
	var truth shot.Event
	for _, e := range mo.Events() {
		if e.Kind == shot.Contact {
			truth = e
			break
		}
	}
	if truth.A+truth.B != 1 || truth.A*truth.B != 0 {
		t.Fatalf("the simulator's first contact: %s want 0-1", fmtEvents([]shot.Event{truth}))
	}
	const at = 1.0
	// Frames (s from the stroke) in which the detector reads ball 7, pulled
	// off by the stick; in the others of the half second it misses it.
	pulled := map[int]float64{2: 19, 3: 24, 7: 19, 11: 19, 15: 19, 16: 19, 21: 19, 25: 19}
	hidden := func(s float64) bool { return s > 0.01 && s < 0.55 }
	for seed := int64(1); seed <= 6; seed++ {
		frames := simFrames(seed, at+mo.Duration()+1.5, []piece{{mo: mo, at: at}},
			func(t float64) []Obs {
				if d, ok := pulled[int(math.Round((t-at)*60))]; ok {
					return []Obs{{Ball: 7, At: at7.Add(table.Point{X: d}), Confidence: 0.9, Class: classOf(7), Moving: true}}
				}
				return nil
			},
			func(b int, t, s float64) bool { return b == 7 && hidden(s) })
		shots, _ := simShots(t, frames)
		if len(shots) != 1 {
			t.Fatalf("seed %d: got %d shots, want 1", seed, len(shots))
		}
		first := ""
		for _, e := range shots[0].Events {
			if e.Kind == shot.Contact {
				first = fmtEvents([]shot.Event{e})
				if e.A+e.B != 1 || e.A*e.B != 0 {
					t.Errorf("seed %d: first contact%s want 0-1", seed, first)
				}
				break
			}
		}
		if first == "" {
			t.Errorf("seed %d: no contact told, want 0-1: %s", seed, fmtEvents(shots[0].Events))
		}
		for _, e := range shots[0].Events {
			if e.Kind == shot.Contact && (e.A == 7 || e.B == 7) || e.Kind != shot.Contact && e.Ball == 7 {
				t.Errorf("seed %d: got%s of ball 7, want none (it never moved): %s", seed, fmtEvents([]shot.Event{e}), fmtEvents(shots[0].Events))
			}
		}
	}
}

// TestBallBehindStrokeRendered runs the tracker on the detector's view of a
// 9-ball shot (bench seed 6, rendered): the cue ball, resting 4.6 mm from
// ball 7 with ball 7 right behind it, is struck at 117.8182 s (truth) away
// from it, across the table into ball 1 (contact at 118.7106 s), which drops
// in the head-right pocket. Ball 7 never moves, but the cue stick passes over
// it: the detector loses it for half a second and reads its centre 19 mm off,
// away from the cue ball, in the frames it sees it. The tracker took that for
// ball 7 leaving with the stroke and told a first contact 0-7 (frozenStart,
// then the pairing's fallbacks): a wrong_ball_first foul on a legal pot. The
// cue ball went away from ball 7 (cueaway.go): the shot's first contact must
// be ball 1, and no event may be told of ball 7.
func TestBallBehindStrokeRendered(t *testing.T) {
	fs := loadRendered(t, "testdata/cuebehind-9ball-s6-rendered.json.gz")
	// The fixture is the shot the test is about: ball 7 rests where it is
	// throughout, by the cue ball.
	var at7 [2]float64
	for i, f := range fs {
		for _, x := range f.Truth {
			if int(x[0]) != 7 {
				continue
			}
			if i == 0 {
				at7 = [2]float64{x[1], x[2]}
			} else if math.Hypot(x[1]-at7[0], x[2]-at7[1]) > 0.5 {
				t.Fatalf("testdata: ball 7 in the truth at (%.1f, %.1f) at %.2f s, want it at rest at (%.1f, %.1f)", x[1], x[2], f.T, at7[0], at7[1])
			}
		}
	}
	got := shotStruckAt(t, fs, 117.8182)
	first := ""
	var of7 []shot.Event
	for _, e := range absEvents(got) {
		if e.Kind == shot.Contact && first == "" {
			first = fmtEvents([]shot.Event{e})
			if !(e.A+e.B == 1 && e.A*e.B == 0) || math.Abs(e.T-118.7106) > 0.03 {
				t.Errorf("first contact:%s want 0-1 near 118.7106", first)
			}
		}
		if e.Ball == 7 && e.Kind != shot.Contact || e.Kind == shot.Contact && (e.A == 7 || e.B == 7) {
			of7 = append(of7, e)
		}
	}
	if first == "" {
		t.Errorf("no contact told; want 0-1 near 118.7106; events:%s", fmtEvents(absEvents(got)))
	}
	if len(of7) > 0 {
		t.Errorf("events of ball 7:%s want none (it never moved); events:%s", fmtEvents(of7), fmtEvents(absEvents(got)))
	}
}

// TestCueWentAway: the cue ball rests at the origin with a ball 3 mm beyond
// it (+x). Struck away from the ball, it is read well behind its rest at
// once; drawn back off the ball after hitting it (30 fps bench, seed 2, 14.1
// shot 230), its first reads behind are no further than its spin can bring
// it back by then, and it did hit the ball: not "away" (see drawAccel).
func TestCueWentAway(t *testing.T) {
	from := table.Point{X: 1000, Y: 600}
	q := from.Add(table.Point{X: 2*tab9.BallR + 3})
	for _, tc := range []struct {
		name string
		fps  float64
		back []float64 // the cue ball's reads behind its rest (mm), a frame apart from the stroke's next
		want bool
	}{
		{"struck away, 60 fps", 60, []float64{12, 24, 36, 48}, true},
		{"struck away, 30 fps", 30, []float64{24, 48, 72}, true},
		{"drawn back off the ball, 30 fps", 30, []float64{1, 10.5, 20, 32, 44}, false},
		{"drawn back off the ball, 60 fps", 60, []float64{0, 1, 3, 6, 10.2, 14}, false},
		{"struck into the ball", 60, []float64{-5, -9, -12}, false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			k, err := New(Config{Table: tab9, FPS: tc.fps})
			if err != nil {
				t.Fatal(err)
			}
			k.tracks = []track{{used: true, confirmed: true, ball: 0}}
			k.strikeTr, k.strikeT = 0, 10
			for j, b := range tc.back {
				k.cueIn = append(k.cueIn, sample{t: k.strikeT + float64(j+1)*k.dt, p: from.Sub(table.Point{X: b})})
			}
			if got := k.cueWentAway(from, q); got != tc.want {
				t.Errorf("cueWentAway = %v, want %v", got, tc.want)
			}
		})
	}
}

// TestCueAwayLateStroke: camera model at 30 fps, seed 4, 14.1 shot 65. The
// cue ball met the 13 6 ms after the stroke and the foot cushion 6 ms
// later. The stroke was timed at its first read off the rest point, and
// from the next frame on it was read coming back off the cushion, away from
// the 13: the 13's start was told a touch, a foul on a legal pot, unasked
// on the bench. The read at the stroke's own frame counts: the 13 is met,
// not touched.
func TestCueAwayLateStroke(t *testing.T) {
	const stroke = 413.0641
	s := fixtureShot30(t, "testdata/cueaway-14.1-30fps-s4-norender.json.gz", 15, stroke, 0.05)
	for _, e := range absEvents(s) {
		if e.Kind == shot.Touch {
			t.Errorf("a touch of ball %d told at %.4f s; want none", e.Ball, e.T)
		}
	}
	wantFirstCue(t, t.Name(), s, 13, stroke+0.0065, 1)
}

// TestDrivenAway: camera model at 30 fps, seed 37, 14.1 shot 57. The cue
// ball, 20 mm off the foot cushion, met the 4, resting 10 mm from it by the
// cushion, and the cushion in the same 6 ms, and came back off them into the
// 15. The 4, read 51 mm on a frame later, was met, not touched by the stick:
// the cue ball's first contact is the 4, and no touch is told.
func TestDrivenAway(t *testing.T) {
	s := fixtureShot30(t, "testdata/drivenaway-14.1-30fps-s37-norender.json.gz", 15, 366.7349, 0.05)
	if b := firstBall(s); b != 4 {
		t.Errorf("first contact %d; want the 4:%s", b, fmtEvents(s.Events))
	}
	for _, e := range s.Events {
		if e.Kind == shot.Touch {
			t.Errorf("touch of ball %d told:%s", e.Ball, fmtEvents(s.Events))
		}
	}
}
