package tracking

import (
	"strings"
	"testing"

	"github.com/cueref/cueref/shot"
)

// TestRailShortDoubt: a cushion hit after the cue ball's first contact, told
// where the ball lay 6 mm or more from touching the cushion (a bend from
// misplaced reads along it, as on rendered seed 9's 10-ball shot 21, 8 mm),
// is in doubt: its reading drops that hit alone. A hit told at the cushion,
// or one before the first contact, raises nothing.
func TestRailShortDoubt(t *testing.T) {
	k, err := New(Config{Table: tab9, FPS: 60})
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		name   string
		gapAt  float64 // the hit's contact point off the left cushion line (mm)
		before bool    // the hit comes before the first contact
		want   bool
	}{
		{"8 mm short after the first contact", 8.4, false, true},
		{"at the cushion", 0.5, false, false},
		{"5 mm short", 5, false, false},
		{"8 mm short before the first contact", 8.4, true, false},
	} {
		tr := 0.8
		if tc.before {
			tr = 0.2
		}
		rec := &shot.Shot{Events: []shot.Event{
			{T: 0, Kind: shot.Strike, Ball: 0},
			{T: 0.5, Kind: shot.Contact, A: 0, B: 3, At: &shot.Point{1000, 500}},
			{T: 0.9, Kind: shot.RailHit, Ball: 3, Rail: "foot", At: &shot.Point{tab9.L, 300}},
		}}
		rec.Events = append(rec.Events, shot.Event{T: tr, Kind: shot.RailHit, Ball: 7, Rail: "left", At: &shot.Point{2074, tc.gapAt}})
		sortEvents(rec.Events)
		why, alts := k.railShortDoubt(rec)
		if got := why != ""; got != tc.want {
			t.Errorf("%s: doubt %q; want raised %v", tc.name, why, tc.want)
			continue
		}
		if !tc.want {
			continue
		}
		if !strings.Contains(why, "ball 7") || len(alts) != 1 {
			t.Fatalf("%s: doubt %q with %d readings; want it to name ball 7, one reading", tc.name, why, len(alts))
		}
		var rails []int
		for _, e := range alts[0].Events {
			if e.Kind == shot.RailHit {
				rails = append(rails, e.Ball)
			}
		}
		if len(rails) != 1 || rails[0] != 3 || len(rec.Events) != 4 {
			t.Errorf("%s: reading's cushion hits by balls %v (record %d events); want ball 3's alone, the record untouched", tc.name, rails, len(rec.Events))
		}
	}
}
