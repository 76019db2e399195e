package tracking

import (
	"slices"
	"testing"

	"github.com/cueref/cueref/shot"
)

// TestNoRailCalledUnflagged runs the tracker on the detector's view (cueref
// bench, rendered, seed 3) of two legal shots the tracker told as no_rail
// fouls (no cushion or pocketing after the cue ball's first contact, rules 1.17
// and 3.9) with no review:
//   - 9-ball: ball 8 is pocketed 0.28 s after the stroke; a second later the
//     detector reads an 8 beside the cue ball at rest, the trial believes it,
//     and the pocketing is taken back;
//   - 10-ball: the cue ball kisses ball 1 too thinly to stir it, meets the
//     right cushion 57 ms later and hits ball 1 again: told cushion first.
//
// The truth (checked here: ball 8 off the bed after the pocketing; the kiss
// before the cushion is the simulator's) makes both legal: the record must
// hold a cushion or an object ball pocketed after its first contact of the
// cue ball, or ask for a review.
func TestNoRailCalledUnflagged(t *testing.T) {
	cases := []struct {
		file   string
		stroke float64 // s, the tracked stroke
	}{
		{"testdata/backghost-9ball-s3-rendered.json.gz", 317.0588},
		{"testdata/kissrail-10ball-s3-rendered.json.gz", 13.6238},
	}
	for _, c := range cases {
		fs := loadRendered(t, c.file)
		if c.stroke > 300 {
			wantGoneInTruth(t, fs, 8, 317.45, "pocketed at 317.34 s")
		}
		got := shotStruckAt(t, fs, c.stroke)
		fi := firstOf(got)
		if fi < 0 {
			t.Errorf("%s: no first contact of the cue ball: %s", c.file, fmtEvents(absEvents(got)))
			continue
		}
		legal := false
		for _, e := range got.Events[fi+1:] {
			if e.Kind == shot.RailHit || e.Kind == shot.Pocketed && e.Ball > 0 {
				legal = true
			}
		}
		if !legal && got.Review == nil {
			t.Errorf("%s: no cushion or pocketing after the first contact and no review: %s; want one or a review", c.file, fmtEvents(absEvents(got)))
		}
	}
}

// TestRailOrderReading checks the other reading of a railOrderDoubt: the cue
// ball's first contact moved to just before its cushion hit told last before
// it, the other events kept in place; none without such a cushion hit.
func TestRailOrderReading(t *testing.T) {
	ev := func(tt float64, kind string, ball, a, b int) shot.Event {
		return shot.Event{T: tt, Kind: kind, Ball: ball, A: a, B: b}
	}
	rec := &shot.Shot{
		Before: shot.Positions{0: {}, 1: {}, 4: {}},
		Events: []shot.Event{
			ev(0, shot.Strike, 0, 0, 0),
			ev(0.7, shot.RailHit, 0, 0, 0),
			ev(1.6, shot.RailHit, 0, 0, 0),
			ev(1.64, shot.Contact, 0, 0, 1),
			ev(2.4, shot.Contact, 0, 1, 4),
		},
	}
	got := railOrderReading(rec)
	if len(got) != 1 {
		t.Fatalf("got %d readings, want 1", len(got))
	}
	var kinds []string
	for _, e := range got[0].Events {
		kinds = append(kinds, e.Kind)
	}
	want := []string{shot.Strike, shot.RailHit, shot.Contact, shot.RailHit, shot.Contact}
	if !slices.Equal(kinds, want) || got[0].Events[2].T >= 1.6 || got[0].Events[2].B != 1 {
		t.Errorf("got %s, want the 0-1 contact just before the cushion at 1.6 s", fmtEvents(got[0].Events))
	}
	if rec.Events[3].Kind != shot.Contact {
		t.Errorf("rec changed: %s", fmtEvents(rec.Events))
	}
	noRail := &shot.Shot{Before: rec.Before, Events: []shot.Event{rec.Events[0], rec.Events[3]}}
	if got := railOrderReading(noRail); got != nil {
		t.Errorf("no cushion before the first contact: got %d readings, want none", len(got))
	}
}

// TestRailNext: camera model at 30 fps, seed 39, 10-ball shot 145, a safety.
// The cue ball met the foot cushion and then the 9, 31 mm off it, 47 ms
// later; the 9's start, seen three frames late, was paired with the cue
// ball's way into the cushion and the contact told before it: no cushion
// after the contact went unseen, a no_rail foul called legal, unasked. The
// order is asked (railNextDoubt).
func TestRailNext(t *testing.T) {
	wantAsked(t, "testdata/railnext-10ball-30fps-s39-norender.json.gz", 10, 967.8642, "cue ball cushion 19 ms after the first contact")
}

// TestRailNextReading checks the other reading of a railNextDoubt: the cue
// ball's first contact moved to just after its first cushion hit after it,
// the other events kept in place; none without such a cushion hit.
func TestRailNextReading(t *testing.T) {
	ev := func(tt float64, kind string, ball, a, b int) shot.Event {
		return shot.Event{T: tt, Kind: kind, Ball: ball, A: a, B: b}
	}
	rec := &shot.Shot{
		Before: shot.Positions{0: {}, 1: {}, 4: {}},
		Events: []shot.Event{
			ev(0, shot.Strike, 0, 0, 0),
			ev(1.6, shot.Contact, 0, 0, 1),
			ev(1.62, shot.RailHit, 0, 0, 0),
			ev(2.4, shot.Contact, 0, 1, 4),
		},
	}
	got := railNextReading(rec)
	if len(got) != 1 {
		t.Fatalf("got %d readings, want 1", len(got))
	}
	var kinds []string
	for _, e := range got[0].Events {
		kinds = append(kinds, e.Kind)
	}
	want := []string{shot.Strike, shot.RailHit, shot.Contact, shot.Contact}
	if !slices.Equal(kinds, want) || got[0].Events[2].T <= 1.62 || got[0].Events[2].B != 1 {
		t.Errorf("got %s, want the 0-1 contact just after the cushion at 1.62 s", fmtEvents(got[0].Events))
	}
	if rec.Events[1].Kind != shot.Contact {
		t.Errorf("rec changed: %s", fmtEvents(rec.Events))
	}
	noRail := &shot.Shot{Before: rec.Before, Events: []shot.Event{rec.Events[0], rec.Events[1], rec.Events[3]}}
	if got := railNextReading(noRail); got != nil {
		t.Errorf("no cushion after the first contact: got %d readings, want none", len(got))
	}
}
