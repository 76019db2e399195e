package tracking

import (
	"math"
	"testing"

	"github.com/cueref/cueref/shot"
	"github.com/cueref/cueref/table"
)

// TestStruckHomeRendered runs the tracker on the detector's view of a 14.1
// safety (bench seed 7, rendered, shot 29): ball 2 rests 12.6 mm off the left
// cushion; the cue ball, rolling at about 660 mm/s, strikes it nearly full
// into the cushion, ball 2 meets the cushion 20 ms later, comes back into the
// cue ball 20 ms after that and stops within a millimetre of its old spot
// (railhome.go). The detections show ball 2 away from its spot for three
// frames, by no more than its detections jump about while it rests, and the
// tracker never sees it start. The shot is legal only by that cushion hit
// (rule 1.17: after the contact a ball must reach a cushion); dropping the
// contact as one with a ball that never moved dropped the cushion hit too,
// and the shot was called a foul. The truth (the fixture's frames) gives when
// and where: the tracker must tell the contact 0-2 and ball 2's left cushion
// hit after it, each within 30 ms of the truth's time.
func TestStruckHomeRendered(t *testing.T) {
	fs := loadRendered(t, "testdata/railhome-14.1-s7-rendered.json.gz")
	// The truth: ball 2's rest, the first frame showing it off it (towards
	// the left cushion, y = 0), its nearest to the cushion, and its rest
	// at the end.
	var rest, last table.Point
	haveRest := false
	moved, nearest, nearT := -1.0, math.Inf(1), 0.0
	for _, f := range fs {
		for _, x := range f.Truth {
			if x[0] != 2 {
				continue
			}
			p := table.Point{X: x[1], Y: x[2]}
			last = p
			switch {
			case !haveRest:
				rest, haveRest = p, true
			case moved < 0 && p.Dist(rest) > 1:
				moved = f.T
			}
			if moved >= 0 && p.Y < nearest {
				nearest, nearT = p.Y, f.T
			}
		}
	}
	if moved < 0 || rest.Y-nearest < 5 || last.Dist(rest) > 1 {
		t.Fatalf("testdata: ball 2 rests at (%.1f, %.1f), leaves it at %.3f s, %.1f mm nearest the left cushion at %.3f s, ends at (%.1f, %.1f); want it driven 5 mm or more towards the cushion and back within 1 mm",
			rest.X, rest.Y, moved, nearest, nearT, last.X, last.Y)
	}
	// The contact came in the frame interval before ball 2 was first seen
	// off its spot, the cushion hit before its nearest frame.
	contactT, railT := moved-1.0/60, nearT
	var struck *shot.Shot
	for _, s := range renderedShots(t, fs) {
		if *s.Start < contactT && *s.Start > contactT-1 {
			struck = s
		}
	}
	if struck == nil {
		t.Fatalf("no shot struck within 1 s before the contact at %.3f s", contactT)
	}
	es := absEvents(struck)
	contact, rail := -1.0, -1.0
	for _, e := range es {
		switch {
		case e.Kind == shot.Contact && contact < 0 && e.A+e.B == 2 && e.A*e.B == 0:
			contact = e.T
		case e.Kind == shot.RailHit && contact >= 0 && e.Ball == 2 && e.Rail == string(table.Left):
			rail = e.T
		}
	}
	if math.Abs(contact-contactT) > 0.03+1.0/60 {
		t.Errorf("contact 0-2 at %.4f s; want within 30 ms of %.4f–%.4f s (truth); events:%s", contact, contactT, moved, fmtEvents(es))
	}
	if rail < 0 || math.Abs(rail-railT) > 0.03+1.0/60 {
		t.Errorf("ball 2's left cushion hit after the contact at %.4f s; want within 30 ms of %.4f s (truth); events:%s", rail, railT, fmtEvents(es))
	}
}

// TestStruckHome checks what struckHome asks of a contact with a ball at rest
// (track 2, still) by a cushion before it keeps it: a cushion hit of that
// ball derived from the contact, and a second contact of the pair (the
// re-kiss that stopped it) between rekissMin and rekissWin later, both
// standing.
func TestStruckHome(t *testing.T) {
	contact := pevent{t: 10, kind: shot.Contact, a: 1, b: 2, still: 2, seq: 3}
	rail := pevent{t: 10.02, kind: shot.RailHit, a: 2, rail: table.Left, after: 3, seq: 4}
	again := pevent{t: 10.05, kind: shot.Contact, a: 2, b: 1, still: -1, seq: 5}
	mod := func(e pevent, f func(*pevent)) pevent { f(&e); return e }
	tests := []struct {
		name   string
		events []pevent
		want   bool
	}{
		{"cushion hit and re-kiss", []pevent{contact, rail, again}, true},
		{"no re-kiss", []pevent{contact, rail}, false},
		{"no cushion hit", []pevent{contact, again}, false},
		{"cushion hit cancelled", []pevent{contact, mod(rail, func(e *pevent) { e.cancel = true }), again}, false},
		{"cushion hit of the striker", []pevent{contact, mod(rail, func(e *pevent) { e.a = 1 }), again}, false},
		{"cushion hit not from this contact", []pevent{contact, mod(rail, func(e *pevent) { e.after = 0 }), again}, false},
		{"re-kiss too late", []pevent{contact, rail, mod(again, func(e *pevent) { e.t = 10 + rekissWin + 0.01 })}, false},
		{"re-kiss of another pair", []pevent{contact, rail, mod(again, func(e *pevent) { e.b = 3 })}, false},
		{"not a contact with a still ball", []pevent{mod(contact, func(e *pevent) { e.still = -1 }), rail, again}, false},
	}
	for _, tc := range tests {
		k, err := New(Config{Table: tab9, FPS: 60})
		if err != nil {
			t.Fatal(err)
		}
		k.events = append(k.events[:0], tc.events...)
		if got := k.struckHome(&k.events[0]); got != tc.want {
			t.Errorf("%s: struckHome got %v, want %v", tc.name, got, tc.want)
		}
	}
}
