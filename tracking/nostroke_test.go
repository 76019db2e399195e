package tracking

import (
	"math"
	"testing"

	"github.com/cueref/cueref/shot"
)

// TestNoStrokeRendered runs the tracker over stretches of the rendered bench
// in which the cue ball was put down by hand in view (nostroke.go): no shot
// record may start there, and the shot played next must still be told.
func TestNoStrokeRendered(t *testing.T) {
	for _, tc := range []struct {
		name  string
		file  string
		balls int
		moved []float64 // when the cue ball was put down, or read elsewhere (s)
		next  []float64 // the true strokes (s)
	}{
		// 9-ball, seed 18: the cue ball set for the break 237 mm from where
		// it lay while the rack was put back, a shot "stopped" in 0.05 s.
		{"9ball-s18-break", "testdata/nostroke-9ball-s18-rendered.json.gz", 9, []float64{141.1}, []float64{142.3114}},
		// 10-ball, seed 16: the cue ball by the foot-right corner read 16 mm
		// off, "stopped" the frame after, then back 0.3 s later; before
		// shot 25 the cue ball in hand moved 106 mm in one frame.
		{"10ball-s16-inhand", "testdata/nostroke-10ball-s16-rendered.json.gz", 10, []float64{196.15, 196.43, 204.95}, []float64{197.9557, 206.6090}},
		// 8-ball, seed 17: the cue ball in the head-right corner's mouth read
		// 8–11 mm off its rest for a second: a "shot" of 6.4 mm with a "rail".
		{"8ball-s17-mouth", "testdata/nostroke-8ball-s17-rendered.json.gz", 15, []float64{310.17}, []float64{312.2732}},
		// 14.1, seed 15: nothing moved, but a "contact" of the cue ball with
		// the 8 frozen to it was told at the "stroke".
		{"14.1-s15-frozen", "testdata/nostroke-14.1-s15-rendered.json.gz", 15, []float64{126.71}, []float64{128.3011}},
		// 10-ball, seed 15: the cue ball in the player's hand (ball in
		// hand, lifted at 290.22 s and put down 730 mm away) while ball 2
		// was read off its rest for a frame: a missed stroke, asked.
		{"10ball-s15-lifted", "testdata/lifted-10ball-s15-rendered.json.gz", 10, []float64{290.22}, []float64{291.4893}},
		// 14.1, seed 21: shot 40 ended with ball 7 still creeping and 15,
		// which it had met, starting; the cue ball in the foot left
		// corner's mouth, read 17 mm off its place, "started" and was back
		// at its place 0.4 s later, ball 7 told moving at the "stroke"
		// (rollingon.go).
		{"14.1-s21-rolling", "testdata/nostroke-14.1-s21-rendered.json.gz", 15, []float64{331.21}, []float64{334.3532}},
		// 8-ball, seed 25: the cue ball in hand set down 230 mm away in
		// one frame, its two reads fitted into the left cushion: a "shot"
		// with a cushion hit 120 mm from where the ball lay a frame later.
		{"8ball-s25-handjump", "testdata/handjump-8ball-s25-rendered.json.gz", 15, []float64{425.97}, []float64{427.1273}},
		// 14.1, seed 26: the cue ball in the foot-right corner's mouth read
		// 19 mm off its rest for 0.4 s: a "shot" of 18.7 mm with a "rail".
		{"14.1-s26-mouthflip", "testdata/mouthflip-14.1-s26-rendered.json.gz", 15, []float64{503.72}, []float64{505.5309}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			shots := renderedShotsOf(t, loadRendered(t, tc.file), Config{Table: tab9, FPS: 60, Balls: gameBalls(tc.balls)})
			found := make([]bool, len(tc.next))
			for _, s := range shots {
				for _, m := range tc.moved {
					if math.Abs(*s.Start-m) < 0.1 {
						t.Errorf("got a shot at %.3f s (events%s); want none: no stroke then", *s.Start, fmtEvents(absEvents(s)))
					}
				}
				for i, n := range tc.next {
					if math.Abs(*s.Start-n) < 0.2 {
						found[i] = true
					}
				}
			}
			for i, ok := range found {
				if !ok {
					t.Errorf("no shot at the stroke at %.3f s; want one", tc.next[i])
				}
			}
		})
	}
}

// TestNoStrokeLimits checks noStroke on records at its limits: the softest
// strokes a cloth allows are strokes, a hand's move (and its undoing) and a
// stroke that moved nothing are not, and anything else that happened makes it
// a shot.
func TestNoStrokeLimits(t *testing.T) {
	a := 1962.0 // SlideDecel's default, mm/s²
	rec := func(d, stop float64, more ...shot.Event) *shot.Shot {
		ev := append([]shot.Event{{Kind: shot.Strike, Ball: 0}}, more...)
		ev = append(ev, shot.Event{T: stop, Kind: shot.Stop})
		return &shot.Shot{
			Before: shot.Positions{0: {500, 600}, 5: {1500, 600}},
			After:  shot.Positions{0: {500 + d, 600}, 5: {1500, 600}},
			Events: ev,
		}
	}
	moved := rec(400, 1.2)
	moved.After[5] = shot.Point{1500, 640}
	asked := rec(200, 0.05)
	asked.Review = &shot.Review{Reason: "asked"}
	back := func(d, stop float64) *shot.Shot {
		r := rec(d, stop)
		r.Before[0], r.After[0] = shot.Point{700, 600}, shot.Point{700 - d, 600}
		return r
	}
	hand := rec(200, 0.05)
	lift := func(r *shot.Shot) *shot.Shot {
		r.Review = &shot.Review{Reason: missedStrokeWhy}
		return r
	}
	liftMoved := lift(rec(400, 0.3))
	liftMoved.After[5] = shot.Point{1500, 640}
	// Ball 5 moving at the stroke (told so), ending 40 mm on.
	rolling := func(r *shot.Shot) *shot.Shot {
		r.Events = append([]shot.Event{r.Events[0], {Kind: shot.Moving, Ball: 5}}, r.Events[1:]...)
		r.After[5] = shot.Point{1540, 600}
		return r
	}
	stillMoved := rec(0.5, 0)
	stillMoved.After[5] = shot.Point{1540, 600}
	for _, tc := range []struct {
		name string
		recs []*shot.Shot // the last is judged
		want bool         // a stroke
	}{
		// Sliding all the way at μg from 1 m/s: 255 mm in 0.51 s.
		{"sliding stop", []*shot.Shot{rec(1000*1000/(2*a), 1000/a)}, true},
		// A soft roll: 30 mm in 0.4 s.
		{"soft roll", []*shot.Shot{rec(30, 0.4)}, true},
		// Timed two frames early: 255 mm in 0.48 s.
		{"stop told early", []*shot.Shot{rec(1000*1000/(2*a), 1000/a-2.0/60)}, true},
		{"hand move", []*shot.Shot{hand}, false},
		{"jump of one frame", []*shot.Shot{rec(16, 1.0/60)}, false},
		{"nothing moved", []*shot.Shot{rec(0.5, 0)}, false},
		{"a nudge", []*shot.Shot{rec(11, 0.3)}, false},
		// Against the cushion, or a ball, that it "met".
		{"a nudge with a rail", []*shot.Shot{rec(6, 0.24, shot.Event{T: 0.1, Kind: shot.RailHit, Ball: 0, At: &shot.Point{500, 600 - tab9.BallR}})}, false},
		{"nothing moved, with a contact", []*shot.Shot{rec(0.1, 0.36, shot.Event{Kind: shot.Contact, A: 0, B: 5, At: &shot.Point{500 + tab9.BallR, 600}})}, false},
		// Into a cushion 200 mm away and back to where it began.
		{"there and back", []*shot.Shot{rec(3, 1.5, shot.Event{T: 0.5, Kind: shot.RailHit, Ball: 0, At: &shot.Point{500, 600 - 200 - tab9.BallR}})}, true},
		{"a nudge, met somewhere unknown", []*shot.Shot{rec(3, 1.5, shot.Event{T: 0.5, Kind: shot.RailHit, Ball: 0})}, true},
		{"hand move with a rail", []*shot.Shot{rec(200, 0.05, shot.Event{T: 0.02, Kind: shot.RailHit, Ball: 0})}, true},
		// Its cushion hit where it stopped: it may have died there.
		{"hand move with a rail where it stopped", []*shot.Shot{rec(200, 0.05, shot.Event{T: 0.02, Kind: shot.RailHit, Ball: 0, At: &shot.Point{700, 600 - tab9.BallR}})}, true},
		// Its cushion hit 120 mm from where it stopped 0.03 s later: the jump's.
		{"hand move with a rail far off", []*shot.Shot{rec(200, 0.05, shot.Event{T: 0.02, Kind: shot.RailHit, Ball: 0, At: &shot.Point{700, 600 - 120 - tab9.BallR}})}, false},
		// One second later: it could have rolled back that far.
		{"stroke with a rail far off", []*shot.Shot{rec(200, 1.5, shot.Event{T: 0.5, Kind: shot.RailHit, Ball: 0, At: &shot.Point{700, 600 - 120 - tab9.BallR}})}, true},
		{"hand move with a contact", []*shot.Shot{rec(200, 0.05, shot.Event{T: 0.02, Kind: shot.Contact, A: 0, B: 5})}, true},
		{"a pocket", []*shot.Shot{rec(0, 0, shot.Event{Kind: shot.Pocketed, Ball: 0, Pocket: "FR"})}, true},
		{"another ball moved", []*shot.Shot{moved}, true},
		{"nothing moved, another ball moved", []*shot.Shot{stillMoved}, true},
		// Another ball moving at the stroke moved on its own (rollingon.go).
		{"nothing moved, another ball rolling on", []*shot.Shot{rolling(rec(0.5, 0.4))}, false},
		{"a nudge, another ball rolling on", []*shot.Shot{rolling(rec(11, 0.3))}, false},
		{"a stroke, another ball rolling on", []*shot.Shot{rolling(rec(400, 1.2))}, true},
		{"hand move, another ball rolling on", []*shot.Shot{rolling(rec(200, 0.05))}, true},
		{"nothing moved, another ball rolling on, met far off", []*shot.Shot{rolling(rec(0.5, 0.4, shot.Event{T: 0.2, Kind: shot.RailHit, Ball: 5, At: &shot.Point{1540, 600 - 200}}))}, true},
		{"asked already", []*shot.Shot{asked}, true},
		// A missed stroke (the cue ball lost from view): lifted by hand when
		// nothing else moved and it "stopped" faster than twice μg allows.
		{"missed stroke, lifted", []*shot.Shot{lift(rec(730, 0.29))}, false},
		{"missed stroke, nothing moved", []*shot.Shot{lift(rec(0.5, 0.2))}, false},
		{"missed stroke, sliding stop", []*shot.Shot{lift(rec(1000*1000/(2*a), 1000/a-2.0/60))}, true},
		{"missed stroke, another ball moved", []*shot.Shot{liftMoved}, true},
		{"missed stroke with a rail", []*shot.Shot{lift(rec(730, 0.29, shot.Event{T: 0.1, Kind: shot.RailHit, Ball: 0}))}, true},
		// 16 mm in 0.2 s: a soft stroke, but back where a hand moved it from.
		{"moved back", []*shot.Shot{hand, back(200, 0.2)}, false},
		{"back, alone", []*shot.Shot{back(200, 0.2)}, true},
		{"back after a stroke", []*shot.Shot{rec(200, 0.8), back(200, 0.2)}, true},
		{"back elsewhere", []*shot.Shot{hand, back(150, 0.2)}, true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			k, err := New(Config{Table: tab9, FPS: 60})
			if err != nil {
				t.Fatal(err)
			}
			var why string
			for _, r := range tc.recs {
				why = k.noStroke(r)
			}
			if got := why == ""; got != tc.want {
				t.Errorf("stroke %v (%q), want %v", got, why, tc.want)
			}
		})
	}
}
