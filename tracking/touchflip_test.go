package tracking

import (
	"testing"

	"github.com/cueref/cueref/shot"
	"github.com/cueref/cueref/table"
)

// TestFlipNoTouch runs the tracker on the detector's view of shots (rendered
// bench, held out until then) where a ball at rest was read off its place for
// seconds and now and then at the true place, and the track went back there
// in one frame after the stroke: a touch (rule 1.19) was told, an unflagged
// foul on a legal shot. The truth has the ball still throughout; no touch of
// it may be told (touchflip.go).
func TestFlipNoTouch(t *testing.T) {
	for _, tc := range []struct {
		name, file string
		balls      int
		ball       int
		stroke     float64
	}{
		// 14.1 seed 14 shot 3: ball 5 on the head cushion read 18 mm toward
		// the cue ball resting 15 mm from it, until it was struck away.
		{"14.1-s14-shot3", "testdata/flipback-14.1-s14-rendered.json.gz", 15, 5, 25.6378},
		// 10-ball seed 13 shot 9: ball 6's track taken 24 mm off by a stray
		// detection between shots.
		{"10ball-s13-shot9", "testdata/flipback-10ball-s13-rendered.json.gz", 10, 6, 73.5606},
	} {
		t.Run(tc.name, func(t *testing.T) {
			fs := loadRendered(t, tc.file)
			truthRest(t, fs, tc.ball)
			got := shotAt(t, fs, Config{Table: tab9, FPS: 60, Balls: gameBalls(tc.balls)}, tc.stroke)
			for _, e := range got.Events {
				if e.Kind == shot.Touch && e.Ball == tc.ball {
					t.Errorf("got a touch of ball %d at %.3f s; want none (it never moved); events:%s", tc.ball, e.T, fmtEvents(absEvents(got)))
				}
			}
		})
	}
}

// TestShortRestNoTouch runs the tracker on the detector's view of an 8-ball
// break (rendered bench, seed 13 shot 15, held out until then): ball 6's
// track, lost in the rack, was picked up again on another ball's detection
// 1.5 m away, which went on a frame later, and a touch of ball 6 (rule 1.19)
// was told on a legal break. A ball seen at rest for less than shortRestT is
// not told touched; at most the shot asks a person (touchflip.go).
func TestShortRestNoTouch(t *testing.T) {
	fs := loadRendered(t, "testdata/shortrest-8ball-s13-rendered.json.gz")
	got := shotAt(t, fs, Config{Table: tab9, FPS: 60, Balls: gameBalls(15)}, 111.2965)
	for _, e := range got.Events {
		if e.Kind == shot.Touch {
			t.Errorf("got a touch of ball %d at %.3f s; want none (the truth has none); events:%s", e.Ball, e.T, fmtEvents(absEvents(got)))
		}
	}
	if got.Review == nil {
		t.Errorf("got no review; want the shot asked about (a doubt of a touch)")
	}
}

// TestShortRest checks the rule of shortRest on its own: a start less than
// shortRestT after the ball came to rest is weak, one later is not.
func TestShortRest(t *testing.T) {
	for _, tc := range []struct {
		rest, start float64
		weak        bool
	}{
		{10, 10.017, true},
		{10, 10.09, true},
		{10, 10.2, false},
		{10, 14, false},
	} {
		k := &Tracker{tracks: []track{{restT: tc.rest}}}
		c := change{tr: 0, t: tc.start}
		if got := k.shortRest(&c, "ball 6") != ""; got != tc.weak {
			t.Errorf("rest at %.3f, start at %.3f: got weak %v, want %v", tc.rest, tc.start, got, tc.weak)
		}
	}
}

// TestRestTouchReader checks the other reading of a touch not told for too
// short a rest: the record with the touch when the ball was on the table at
// the stroke, the record itself when it was not (no touch can change the
// call), none (asked) when the ball is not known.
func TestRestTouchReader(t *testing.T) {
	rec := &shot.Shot{
		Before: shot.Positions{0: {500, 500}, 6: {1800, 600}},
		Events: []shot.Event{{T: 0, Kind: shot.Strike, Ball: 0}},
	}
	for _, tc := range []struct {
		ball      int
		n         int  // readings, −1: nil
		wantTouch bool // the reading has a touch of ball
	}{
		{6, 1, true},
		{8, 1, false},
		{-1, -1, false},
	} {
		got := restTouchReader(tc.ball, 0.5)(rec)
		if tc.n < 0 {
			if got != nil {
				t.Errorf("ball %d: got %d readings, want none (asked)", tc.ball, len(got))
			}
			continue
		}
		if len(got) != tc.n {
			t.Fatalf("ball %d: got %d readings, want %d", tc.ball, len(got), tc.n)
		}
		touched := false
		for _, e := range got[0].Events {
			touched = touched || e.Kind == shot.Touch && e.Ball == tc.ball
		}
		if touched != tc.wantTouch {
			t.Errorf("ball %d: got a touch in the reading %v, want %v", tc.ball, touched, tc.wantTouch)
		}
	}
	if len(rec.Events) != 1 {
		t.Errorf("the record itself got %d events, want 1 (readings are copies)", len(rec.Events))
	}
}

// truthRest returns where ball rests in the truth of fs, failing t unless it
// rests there (within 0.1 mm) throughout.
func truthRest(t *testing.T, fs []renderedFrame, ball int) table.Point {
	t.Helper()
	var rest table.Point
	seen, moved := false, 0.0
	for _, f := range fs {
		for _, x := range f.Truth {
			if int(x[0]) == ball {
				p := table.Point{X: x[1], Y: x[2]}
				if !seen {
					rest, seen = p, true
				}
				moved = max(moved, p.Dist(rest))
			}
		}
	}
	if !seen || moved > 0.1 {
		t.Fatalf("testdata: ball %d moves %.2f mm (seen %v); want it at rest throughout", ball, moved, seen)
	}
	return rest
}
