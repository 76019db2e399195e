package tracking

import (
	"testing"

	"github.com/cueref/cueref/shot"
	"github.com/cueref/cueref/table"
)

// TestHitBackRendered: rendered bench, 9-ball seed 19 shot 13, a safety where
// the cue ball, resting 10 mm from ball 8, was struck away from it, straight
// into the foot cushion, and touched no ball (rule 1.16: the cue ball must hit
// a ball; the truth rules no_contact). The arm and the cue hid ball 8 at the
// stroke: it was taken off the table, hit by the cue ball leaving, and a
// contact 0-8 told to explain it; ball 8 was seen again at its place 0.6 s
// later and the off_table withdrawn, but the contact stayed, a
// wrong_ball_first foul, unflagged. The truth (checked here) has ball 8 never
// moving: no contact may be told in the shot, and nothing of ball 8.
func TestHitBackRendered(t *testing.T) {
	fs := loadRendered(t, "testdata/hitback-9ball-s19-rendered.json.gz")
	const stroke = 109.2892
	var at8 table.Point
	for i, f := range fs {
		has8 := false
		for _, x := range f.Truth {
			if int(x[0]) != 8 {
				continue
			}
			p := table.Point{X: x[1], Y: x[2]}
			has8 = true
			if i == 0 {
				at8 = p
			} else if p.Dist(at8) > 0.5 {
				t.Fatalf("testdata: ball 8 in the truth at %v at %.3f s, want it at rest at %v", p, f.T, at8)
			}
		}
		if !has8 {
			t.Fatalf("testdata: no ball 8 in the truth at %.3f s", f.T)
		}
	}
	got := shotStruckAt(t, fs, stroke)
	for _, e := range absEvents(got) {
		if e.Kind == shot.Contact || e.Ball == 8 {
			t.Errorf("event%s told; want no contact (truth: the cue ball touched no ball) and nothing of ball 8; events:%s", fmtEvents([]shot.Event{e}), fmtEvents(absEvents(got)))
		}
	}
}

// TestHitBack: ball 8 rests 10 mm beyond the cue ball (+x) and a contact 0-8
// at the stroke was told only to explain ball 8's vanishing (forGone); ball 8
// is back at its rest point and never left it. Struck away from it (its first
// reads behind its rest along the line of centres, see cueWentAway), the cue
// ball never touched it: the contact is dropped. Struck across the line of
// centres, a thin touch cannot be told from a miss: the contact stands and
// the shot asks a person (hitBackDoubt). A contact not told for a vanishing,
// or whose ball came back elsewhere, is left alone.
func TestHitBack(t *testing.T) {
	from := table.Point{X: 1000, Y: 600}
	at8 := from.Add(table.Point{X: 2*tab9.BallR + 10})
	for _, tc := range []struct {
		name      string
		way       table.Point // the cue ball's way, mm a frame
		forGone   bool
		back      table.Point // where ball 8 is back, off its rest point
		drop, ask bool
	}{
		{"struck away", table.Point{X: -20}, true, table.Point{X: 0.5}, true, false},
		{"struck across", table.Point{Y: 20}, true, table.Point{X: 0.5}, false, true},
		{"not told for a vanishing", table.Point{X: -20}, false, table.Point{X: 0.5}, false, false},
		{"back elsewhere", table.Point{Y: 20}, true, table.Point{X: 40}, false, false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			k, err := New(Config{Table: tab9, FPS: 60})
			if err != nil {
				t.Fatal(err)
			}
			const t0 = 10.0
			rest := at8.Add(tc.back)
			var slog []sample
			for j := 0; j < 30; j++ {
				slog = append(slog, sample{t: t0 + 0.6 + float64(j)*k.dt, p: rest})
			}
			k.tracks = []track{
				{used: true, confirmed: true, ball: 0, rest: table.Point{X: 300, Y: 1100}},
				{used: true, confirmed: true, ball: 8, rest: rest, slog: slog},
			}
			k.before = map[int]table.Point{0: from, 1: at8}
			k.strikeTr, k.strikeT = 0, t0
			for j := 1; j <= frozenCueFrames; j++ {
				k.cueIn = append(k.cueIn, sample{t: t0 + float64(j)*k.dt, p: from.Add(tc.way.Scale(float64(j)))})
			}
			k.events = []pevent{{t: t0, kind: shot.Contact, a: 0, b: 1, forGone: tc.forGone, still: -1, sides: [2]side{{tr: -1}, {tr: -1}}}}
			rec := &shot.Shot{Events: []shot.Event{{T: 0, Kind: shot.Strike, Ball: 0}, {T: 0, Kind: shot.Contact, A: 0, B: 8}}}
			k.dropHitBack()
			if got := k.events[0].cancel; got != tc.drop {
				t.Errorf("contact dropped = %v, want %v", got, tc.drop)
			}
			why, alts := k.hitBackDoubt(rec)
			if got := why != ""; got != tc.ask {
				t.Errorf("doubt %q, want one: %v", why, tc.ask)
			}
			if tc.ask && (len(alts) != 1 || len(alts[0].Events) != 1) {
				t.Errorf("alternative readings %v, want one without the contact", alts)
			}
		})
	}
}
