package tracking

import (
	"math"
	"testing"

	"github.com/cueref/cueref/shot"
	"github.com/cueref/cueref/table"
)

// TestLostAtCushionCarriedOff: cueref bench --racks 2 --seed 12, 9ball shot
// 41. The cue ball, struck at 7.5 m/s, runs off the right cushion and the left
// one into the SR pocket. The detector reads it in one frame out of two or
// three; its track is lost 26 mm off the right cushion, and the ball is read
// again 0.13 s later 1 m back across the bed on a new track without a number,
// which runs off the left cushion into SR. The lost track was told off the
// table (heading into the cushion at jump speed) and the new one dropped as a
// phantom: cue_ball_off_table for cue_ball_pocketed. The new track is the
// ball going on (onward.go): the cue ball is pocketed in SR, and nothing is
// off the table.
func TestLostAtCushionCarriedOff(t *testing.T) {
	fs := loadRendered(t, "testdata/fastlost-9ball-s12-rendered.json.gz")
	const stroke = 343.7788
	// The truth: the cue ball stays on the bed until it drops into SR.
	for i := range fs {
		p, on := truthOf(&fs[i], 0)
		switch {
		case fs[i].T < 344.28 && !on:
			t.Fatalf("testdata: cue ball off the bed at %.4f s; want it on the bed up to 344.28 s", fs[i].T)
		case fs[i].T > 344.29 && fs[i].T < 344.32 && p.Dist(tab9.Pocket(table.SR).Center) > 2*tab9.BallR:
			t.Fatalf("testdata: cue ball at %v at %.4f s; want it in SR's mouth", p, fs[i].T)
		case fs[i].T > 344.32 && on:
			t.Fatalf("testdata: cue ball on the bed at %.4f s; want it gone into SR", fs[i].T)
		}
	}
	got := shotAt(t, fs, Config{Table: tab9, FPS: 60, Balls: gameBalls(9)}, stroke)
	pocketed := false
	for _, e := range got.Events {
		if e.Kind == shot.OffTable {
			t.Errorf("got off_table of ball %d at %.4f s, want none (the cue ball went on off the cushion):%s", e.Ball, e.T, fmtEvents(got.Events))
		}
		if e.Kind == shot.Pocketed && e.Ball == 0 && e.Pocket == string(table.SR) && math.Abs(e.T-0.5057) < 0.05 {
			pocketed = true
		}
	}
	if !pocketed {
		t.Errorf("got no pocket of the cue ball in SR at 0.51 s:%s", fmtEvents(got.Events))
	}
}

// TestOnwardImage checks the unfolded way on of a ball lost at a cushion: a
// ball lost at (1468, 1215) heading into the right cushion at 7.5 m/s,
// steeply, is where a track is born dt later when, mirrored about the
// cushions it met, that place lies on its heading about as far as its speed
// takes it.
func TestOnwardImage(t *testing.T) {
	k := &Tracker{tab: tab9, R: tab9.BallR}
	from := table.Point{X: 1468, Y: 1215}
	u := table.Point{X: -0.22, Y: 0.976}
	u = u.Scale(1 / u.Len())
	const v = 7500.0
	tests := []struct {
		name string
		p    table.Point
		dt   float64
		want bool
	}{
		{"off the right cushion, back across the bed", table.Point{X: 1362, Y: 210}, 0.1333, true},
		{"off the right cushion, just after", table.Point{X: 1440, Y: 1000}, 0.04, true},
		{"off the right cushion and the left", table.Point{X: 1330, Y: 300}, 0.2, true},
		{"too far for the time", table.Point{X: 1362, Y: 210}, 0.05, false},
		{"too near for the time", table.Point{X: 1440, Y: 1000}, 0.2, false},
		{"wide of the way", table.Point{X: 800, Y: 210}, 0.1333, false},
		{"behind the ball", table.Point{X: 1600, Y: 800}, 0.1, false},
	}
	for _, tc := range tests {
		got, _, _ := k.onwardImage(from, u, v, tc.dt, tc.p)
		if got != tc.want {
			t.Errorf("%s: onwardImage(%v, dt %.3f) = %v, want %v", tc.name, tc.p, tc.dt, got, tc.want)
		}
	}
	// The cushion met first on the way to the first place: the right one,
	// about 26 mm / (7.5 m/s × 0.976) after the ball was lost.
	_, _, img := k.onwardImage(from, u, v, 0.1333, table.Point{X: 1362, Y: 210})
	hit, rail := k.firstCushion(from, u, v, img)
	want := (tab9.W - tab9.BallR - from.Y) / (v * u.Y)
	if rail != table.Right || math.Abs(hit-want) > 1e-6 {
		t.Errorf("firstCushion = %.4f s %q, want %.4f s %q", hit, rail, want, table.Right)
	}
}

// TestOffHeldNotPhantom: a ball told off the table by a cushion holds its
// number for phantom, so that a track without a number, going from the table
// later in the shot, is a false detection's and its events are dropped. But a
// track born moving just after that ball was last seen may be the ball going
// on (carriedOff could not tell): it is no phantom, and its events, told
// unidentified, ask a person. One born later, or a ball pocketed rather than
// off the table, holds its number as before.
func TestOffHeldNotPhantom(t *testing.T) {
	tests := []struct {
		name    string
		born    float64 // the nameless track's birth; the ball was last seen at 10.0 s
		kind    string  // the gone ball's event
		phantom bool
	}{
		{"born just after the ball went off the table", 10.13, shot.OffTable, false},
		{"born long after", 10.8, shot.OffTable, true},
		{"born before it was last seen", 9.9, shot.OffTable, true},
		{"the ball was pocketed", 10.13, shot.Pocketed, true},
	}
	for _, tc := range tests {
		k := &Tracker{tab: tab9, R: tab9.BallR, phase: inShot, strikeT: 9.8}
		k.inPlay[0], k.inPlay[5] = true, true
		k.tracks = []track{
			{used: true, confirmed: true, ball: 0, gone: true, goneT: 10.0, last: sample{t: 10.0}},
			{used: true, confirmed: true, ball: 5, last: sample{t: 10.5}},
			{used: true, confirmed: true, ball: -1, gone: true, goneT: 10.4, moved: true, born: tc.born, last: sample{t: 10.4}},
		}
		k.events = []pevent{{t: 10.0, kind: tc.kind, a: 0, ids: [2]int{0, -1}}}
		if got := k.phantom(2); got != tc.phantom {
			t.Errorf("%s: phantom = %v, want %v", tc.name, got, tc.phantom)
		}
	}
}

// TestCarriedOff joins a ball lost at a cushion to the nameless track born
// on its way off it: the track takes its number, the lost track ends, and the
// cushion hit between them is told. With two tracks on the way the best is
// taken and the shot asks a person; with none on it (born too late to be the
// ball), nothing is joined and lostByRail decides.
func TestCarriedOff(t *testing.T) {
	on := table.Point{X: 1362, Y: 210}
	tests := []struct {
		name   string
		born   []float64     // the nameless tracks' births
		at     []table.Point // and where
		joined int           // the track that takes the ball, −1 none
		doubts int
	}{
		{"one on the way", []float64{10.133}, []table.Point{on}, 1, 0},
		{"two on the way", []float64{10.133, 10.12}, []table.Point{on, {X: 1390, Y: 330}}, 1, 1},
		{"born too late", []float64{10.5}, []table.Point{on}, -1, 0},
	}
	for _, tc := range tests {
		k := &Tracker{tab: tab9, R: tab9.BallR, phase: inShot, strikeT: 9.8}
		k.inPlay[0] = true
		lost := table.Point{X: 1468, Y: 1215}
		k.tracks = []track{{used: true, confirmed: true, moving: true, moved: true, ball: 0, last: sample{t: 10.0, p: lost},
			fit: path{t0: 10.0, a: lost, b: table.Point{X: -1650, Y: 7320}, n: 2, lo: 9.9, hi: 10.0}}}
		for j, b := range tc.born {
			k.tracks = append(k.tracks, track{used: true, confirmed: true, moved: true, moving: true, ball: -1, born: b, bornAt: tc.at[j], last: sample{t: b + 0.1, p: tc.at[j]}})
		}
		_, gap := tab9.NearestRail(lost)
		got := k.carriedOff(0, gap)
		if got != (tc.joined >= 0) {
			t.Errorf("%s: carriedOff = %v, want %v", tc.name, got, tc.joined >= 0)
			continue
		}
		if len(k.doubts) != tc.doubts {
			t.Errorf("%s: got %d doubts, want %d", tc.name, len(k.doubts), tc.doubts)
		}
		if tc.joined < 0 {
			if !k.tracks[0].used {
				t.Errorf("%s: the lost track ended, want it kept for lostByRail", tc.name)
			}
			continue
		}
		if b := k.tracks[tc.joined].ball; b != 0 || k.tracks[0].used {
			t.Errorf("%s: track %d holds ball %d (lost track used %v), want ball 0 and the lost track ended", tc.name, tc.joined, b, k.tracks[0].used)
		}
		want := 10.0 + (tab9.W-tab9.BallR-lost.Y)/7320
		if len(k.events) != 1 || k.events[0].kind != shot.RailHit || k.events[0].rail != table.Right || math.Abs(k.events[0].t-want) > 1e-3 || k.events[0].ids[0] != 0 {
			t.Errorf("%s: got events %+v, want the cue ball's right cushion hit at %.4f", tc.name, k.events, want)
		}
	}
}

// TestMetFromRestNotPhantom: rendered 8-ball, seed 64, shot 47 (see
// metFromRest). A nameless track resting since long before the stroke and
// set off by the cue ball meeting it is a ball, though every number in play
// is held; one that rested only a moment, or started with no contact, or
// was not on the table at the stroke, is still a phantom.
func TestMetFromRestNotPhantom(t *testing.T) {
	tests := []struct {
		name     string
		restT    float64 // when the nameless track came to rest; the stroke is at 100 s
		startT   float64 // when it started
		contactT float64 // when the cue ball met it (0: no contact)
		atStroke bool
		phantom  bool
	}{
		{"rested minutes, met", 20, 100.56, 100.5597, true, false},
		{"rested a moment", 99.8, 100.56, 100.5597, true, true},
		{"started with no contact", 20, 100.56, 0, true, true},
		{"met long before it started", 20, 100.56, 100.3, true, true},
		{"not on the table at the stroke", 20, 100.56, 100.5597, false, true},
	}
	for _, tc := range tests {
		k := &Tracker{tab: tab9, R: tab9.BallR, dt: 1.0 / 60, phase: inShot, strikeT: 100, strikeTr: 0, before: map[int]table.Point{0: {X: 2285, Y: 944}}}
		k.inPlay[0], k.inPlay[14] = true, true
		k.tracks = []track{
			{used: true, confirmed: true, moving: true, moved: true, ball: 0, last: sample{t: 101}},
			{used: true, confirmed: true, ball: 14, gone: true, goneT: 40, last: sample{t: 40}}, // an earlier rack's
			{used: true, confirmed: true, ball: -1, gone: true, goneT: 100.7, moved: true, restT: tc.restT, startT: tc.startT, last: sample{t: 100.7}},
		}
		if tc.atStroke {
			k.before[2] = table.Point{X: 2500, Y: 188}
		}
		if tc.contactT > 0 {
			k.events = []pevent{{t: tc.contactT, kind: shot.Contact, a: 0, b: 2, ids: [2]int{0, -1}}}
		}
		if got := k.phantom(2); got != tc.phantom {
			t.Errorf("%s: phantom = %v, want %v", tc.name, got, tc.phantom)
		}
	}
}
