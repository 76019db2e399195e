package tracking

import (
	"fmt"
	"testing"

	"github.com/cueref/cueref/rules"
	"github.com/cueref/cueref/shot"
)

// rb builds a shot record for the readings' tests: a stroke at 0, then the
// events in the order given, 0.1 s apart, and a stop.
type rb struct{ s *shot.Shot }

func newRec() *rb {
	return &rb{s: &shot.Shot{Before: shot.Positions{}, After: shot.Positions{}, Events: []shot.Event{{Kind: shot.Strike}}}}
}

func (r *rb) add(e shot.Event) *rb {
	e.T = 0.1 * float64(len(r.s.Events))
	r.s.Events = append(r.s.Events, e)
	return r
}
func (r *rb) hit(a, b int) *rb { return r.add(shot.Event{Kind: shot.Contact, A: a, B: b}) }
func (r *rb) rail(b int, s string) *rb {
	return r.add(shot.Event{Kind: shot.RailHit, Ball: b, Rail: s})
}
func (r *rb) pocket(b int, p string) *rb {
	return r.add(shot.Event{Kind: shot.Pocketed, Ball: b, Pocket: p})
}
func (r *rb) at(b int, x, y float64) *rb {
	r.s.Before[b] = shot.Point{x, y}
	r.s.After[b] = shot.Point{x, y}
	return r
}
func (r *rb) to(b int, x, y float64) *rb { r.s.After[b] = shot.Point{x, y}; return r }
func (r *rb) calls(b int, p string) *rb  { r.s.Call = &shot.Call{Ball: &b, Pocket: p}; return r }
func (r *rb) pushOut() *rb               { r.s.Call = &shot.Call{PushOut: true}; return r }
func (r *rb) rec() *shot.Shot {
	r.s.Events = append(r.s.Events, shot.Event{T: 9, Kind: shot.Stop})
	return r.s
}
func lost(r *rb, b int) *rb { delete(r.s.After, b); return r }
func players(g string) *shot.Game {
	return &shot.Game{Game: g, Players: []string{"Anna", "Boris"}, Table: "9ft"}
}
func layout(r *rb, balls ...int) *rb {
	for i, b := range balls {
		r.at(b, 300+100*float64(i), 400)
	}
	return r
}

// nineUp is a 9-ball match after a legal break that pocketed the 2: Anna
// shoots again, the 1 is the lowest ball.
func nineUp() []shot.Record {
	brk := newRec().hit(0, 1).rail(3, "foot").rail(4, "foot").rail(5, "left").rail(6, "right").pocket(2, "FL")
	brk.s.Before[0] = shot.Point{400, 635}
	return []shot.Record{players("9ball"), brk.rec()}
}

// engineAfter is a rules engine that has applied records (a match's state, as
// nineUp gives it), the judge of the tests' doubts.
func engineAfter(t *testing.T, records []shot.Record) *rules.Engine {
	t.Helper()
	e := rules.New()
	for i, r := range records {
		if got := e.Apply(i+1, r); got.Kind == shot.KindError {
			t.Fatalf("setup record %d: %s", i+1, got.Error)
		}
	}
	return e
}

// nineBreak is a 9-ball match before its break.
func nineBreak() []shot.Record { return []shot.Record{players("9ball")} }

// straightUp is a 14.1 match after a legal opening safety: any ball is on.
func straightUp() []shot.Record {
	brk := newRec().hit(0, 15).rail(15, "foot").rail(11, "right").rail(0, "right").rail(0, "head")
	brk.s.Before[0] = shot.Point{400, 635}
	brk.s.Call = &shot.Call{Safety: true}
	return []shot.Record{players("14.1"), brk.rec()}
}

// TestReadingsJudged: for each doubt kind, the record told and the doubt's
// other readings (readings.go), judged by the rules in a match's state as the
// live referee and the bench judge them (rules.Engine.Alike). Each kind has a
// case where a reading changes the ruling (the review is kept) and one where
// none does (the review is dropped).
func TestReadingsJudged(t *testing.T) {
	nine := []int{0, 1, 3, 4, 5, 6, 7, 8, 9}
	tests := []struct {
		name  string
		setup []shot.Record
		rec   *shot.Shot
		read  func(*shot.Shot) []*shot.Shot
		alike bool
	}{
		// No cushion seen after the first contact, a ball near one.
		{"rail: no_rail hinges on it", nineUp(), layout(newRec(), nine...).hit(0, 1).rec(),
			func(s *shot.Shot) []*shot.Shot { return railReading(s, 1) }, false},
		{"rail: a break failed on its first ball anyway", nineBreak(), layout(newRec(), 0, 1, 2, 3, 4, 5, 6, 7, 8, 9).hit(0, 3).rec(),
			func(s *shot.Shot) []*shot.Shot { return railReading(s, 3) }, true},
		// No contact of the cue ball seen, a ball rested beside it.
		{"contact: no_contact hinges on it", nineUp(), layout(newRec(), nine...).rec(),
			func(s *shot.Shot) []*shot.Shot { return contactReading(s, 1) }, false},
		{"contact: a push-out needs none", nineUp(), layout(newRec(), nine...).pushOut().rec(),
			func(s *shot.Shot) []*shot.Shot { return contactReading(s, 1) }, true},
		// A ball moved in the shot, on the table after it, not at the stroke.
		{"appeared: named the ball met first at the stroke", nineUp(),
			layout(newRec(), 0, 1, 3, 4, 5, 6, 8, 9).hit(0, 1).rail(1, "foot").hit(1, 7).to(7, 900, 900).rec(),
			func(s *shot.Shot) []*shot.Shot { return appearedReading(s, 7, 1) }, false},
		{"appeared: on the path of the ball met first, lost", nineUp(),
			lost(layout(newRec(), 0, 1, 3, 4, 5, 6, 8, 9).hit(0, 1).rail(1, "foot").hit(1, 7).to(7, 900, 900), 1).rec(),
			func(s *shot.Shot) []*shot.Shot { return appearedReading(s, 7, -1) }, false},
		{"appeared: a ball met later, but the first ball may be any (9-ball)", nineUp(),
			layout(newRec(), 0, 1, 3, 4, 5, 6, 8, 9).hit(0, 1).rail(1, "foot").hit(1, 7).to(7, 900, 900).rec(),
			func(s *shot.Shot) []*shot.Shot { return appearedReading(s, 7, -1) }, false},
		{"appeared: nothing set it moving, the cue ball may have", nineUp(),
			layout(newRec(), 0, 1, 3, 4, 6, 8, 9).hit(0, 1).rail(1, "foot").to(5, 900, 900).rec(),
			func(s *shot.Shot) []*shot.Shot { return appearedReading(s, 5, -1) }, false},
		{"appeared: any ball is on (14.1)", straightUp(),
			lost(layout(newRec(), 0, 1, 2, 3, 4, 5, 6, 7, 8).hit(0, 5).rail(5, "foot").hit(5, 12).to(12, 900, 900), 5).rec(),
			func(s *shot.Shot) []*shot.Shot { return appearedReading(s, 12, 7) }, true},
		// A ball gone, then read on the table.
		{"gone: the pot keeps the turn", nineUp(), layout(newRec(), nine...).hit(0, 1).pocket(1, "FR").rec(),
			func(s *shot.Shot) []*shot.Shot { return goneReading(s, 1, shot.Pocketed) }, false},
		{"gone: a ball already off the table", nineUp(), lost(layout(newRec(), 0, 1, 2, 3, 4, 5, 6, 7, 8, 9).hit(0, 1).rail(1, "foot").pocket(2, "FR"), 2).rec(),
			func(s *shot.Shot) []*shot.Shot { return goneReading(s, 2, shot.Pocketed) }, true},
		// A ball that may have been rolling at the stroke.
		{"moving: a legal shot would be a foul", nineUp(), layout(newRec(), nine...).hit(0, 1).rail(1, "foot").rec(),
			func(s *shot.Shot) []*shot.Shot { return movingReading(s, 5) }, false},
		{"moving: another ball was rolling already", nineUp(), layout(newRec(), nine...).add(shot.Event{Kind: shot.Moving, Ball: 3}).hit(0, 1).rail(1, "foot").rec(),
			func(s *shot.Shot) []*shot.Shot { return movingReading(s, 5) }, true},
		// A ball that started with another near: a contact or a touch.
		{"touch: a legal shot would be a foul", nineUp(), layout(newRec(), nine...).hit(0, 1).rail(1, "foot").rec(),
			func(s *shot.Shot) []*shot.Shot { return touchReader(5, 1, 0.25)(s) }, false},
		{"touch: the shot is a touch foul already", nineUp(), layout(newRec(), nine...).hit(0, 1).rail(1, "foot").add(shot.Event{Kind: shot.Touch, Ball: 5}).rec(),
			func(s *shot.Shot) []*shot.Shot { return touchReader(5, 1, 0.25)(s) }, true},
		// A deciding ball's number contested by another ball's.
		{"contested: the called ball, or another", straightUp(),
			layout(newRec(), 0, 1, 2, 3, 9).calls(9, "FL").hit(0, 9).pocket(9, "FL").rec(),
			func(s *shot.Shot) []*shot.Shot { return contestedReading(s, 9, 1) }, false},
		{"contested: any ball is on (14.1)", straightUp(),
			layout(newRec(), 0, 1, 2, 3, 9).hit(0, 9).rail(9, "foot").rec(),
			func(s *shot.Shot) []*shot.Shot { return contestedReading(s, 9, 1) }, true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			e := engineAfter(t, tt.setup)
			before := fmt.Sprint(tt.rec.Events, tt.rec.Before, tt.rec.After)
			alts := tt.read(tt.rec)
			if len(alts) == 0 {
				t.Fatal("no other reading written")
			}
			if got := fmt.Sprint(tt.rec.Events, tt.rec.Before, tt.rec.After); got != before {
				t.Fatalf("the reading changed the record:\ngot  %s\nwant %s", got, before)
			}
			if got := e.Alike(tt.rec, alts); got != tt.alike {
				t.Errorf("alike: got %v, want %v (review kept: %v)", got, tt.alike, !tt.alike)
			}
		})
	}
}

// TestReadingsUnknown: a doubt whose other readings cannot be written out
// offers none, so that it is asked.
func TestReadingsUnknown(t *testing.T) {
	rec := layout(newRec(), 0, 1, 3).hit(0, 1).pocket(3, "FR").rec()
	// The 10, met by the cue ball, was not on the table at the stroke.
	stray := layout(newRec(), 0, 1, 3).hit(0, 10).hit(10, 1).hit(1, 7).to(7, 900, 900).to(10, 800, 800).rec()
	tests := []struct {
		name string
		alts []*shot.Shot
	}{
		{"rail doubt on no known ball", railReading(rec, -1)},
		{"contact doubt on the cue ball", contactReading(rec, 0)},
		{"appeared as the cue ball", appearedReading(rec, 0, -1)},
		{"gone with no such event", goneReading(rec, 1, shot.Pocketed)},
		{"contested by an unknown ball", contestedReading(rec, 1, -1)},
		{"contested by the cue ball", contestedReading(rec, 1, 0)},
		{"moving, no number", movingReading(rec, -1)},
		{"appeared with another ball from nowhere", appearedReading(stray, 7, -1)},
		{"rail doubt with a ball from nowhere", railReading(stray, 1)},
		{"contested with a ball from nowhere", contestedReading(stray, 1, 3)},
	}
	for _, tt := range tests {
		if tt.alts != nil {
			t.Errorf("%s: got %d readings, want none", tt.name, len(tt.alts))
		}
	}
	if touchReader(5, -1, 0) != nil || touchReader(-1, 3, 0) != nil {
		t.Error("touch with a ball unknown: got a reader, want none")
	}
}

// TestSwapped: two balls named the other way round throughout, a ball the
// record does not name taking the other's place.
func TestSwapped(t *testing.T) {
	rec := newRec().at(0, 1, 1).at(3, 2, 2).hit(0, 3).rail(3, "foot").hit(3, 5).to(5, 7, 7).rec()
	got := swapped(rec, 3, 5)
	want := "[{0.0 strike 0} {0.1 contact 0-5} {0.2 rail 5} {0.3 contact 5-3} {9.0 stop 0}] before map[0:[1 1] 5:[2 2]] after map[0:[1 1] 3:[7 7] 5:[2 2]]"
	if s := brief(got); s != want {
		t.Errorf("got  %s\nwant %s", s, want)
	}
	if s := brief(swapped(rec, 3, 11)); s != "[{0.0 strike 0} {0.1 contact 0-11} {0.2 rail 11} {0.3 contact 11-5} {9.0 stop 0}] before map[0:[1 1] 11:[2 2]] after map[0:[1 1] 5:[7 7] 11:[2 2]]" {
		t.Errorf("with a ball not named: got %s", s)
	}
}

// brief writes a record's events and positions compactly.
func brief(s *shot.Shot) string {
	var evs []string
	for _, e := range s.Events {
		switch e.Kind {
		case shot.Contact:
			evs = append(evs, fmt.Sprintf("{%.1f contact %d-%d}", e.T, e.A, e.B))
		case shot.RailHit:
			evs = append(evs, fmt.Sprintf("{%.1f rail %d}", e.T, e.Ball))
		default:
			evs = append(evs, fmt.Sprintf("{%.1f %s %d}", e.T, e.Kind, e.Ball))
		}
	}
	return fmt.Sprintf("%v before %v after %v", evs, s.Before, s.After)
}

// TestRaiseHides: a doubt raised while the shot already has one is not told;
// the one told then stands for both and offers no other reading, so it is
// asked whatever the judge would say of it alone.
func TestRaiseHides(t *testing.T) {
	rec := layout(newRec(), 0, 1, 3).hit(0, 1).pocket(1, "FR").rec()
	read := func(s *shot.Shot) []*shot.Shot { return goneReading(s, 1, shot.Pocketed) }
	tests := []struct {
		name     string
		second   bool
		wantRead bool
	}{
		{"one doubt", false, true},
		{"a second hidden behind it", true, false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			k := &Tracker{}
			k.raise("first", read)
			if tt.second {
				k.raise("second", nil)
			}
			if k.reviewWhy != "first" {
				t.Errorf("review %q, want %q", k.reviewWhy, "first")
			}
			if got := len(k.whyReading(rec)) > 0; got != tt.wantRead {
				t.Errorf("readings offered: got %v, want %v", got, tt.wantRead)
			}
		})
	}
}

// TestAppearedJudged: a ball moved in the shot and on the table after it,
// not at the stroke, is asked without a judge and with one that finds a
// reading differs, and not with one that finds them all alike; the judge is
// offered the doubt's readings.
func TestAppearedJudged(t *testing.T) {
	rec := layout(newRec(), 0, 1, 3).hit(0, 1).rail(1, "foot").hit(1, 7).to(7, 900, 900).rec()
	tests := []struct {
		name  string
		judge *fakeJudge // nil: none
		want  string
	}{
		{"no judge", nil, "ball 7 moved in the shot, not on the table at the stroke"},
		{"a reading differs", &fakeJudge{alike: false}, "ball 7 moved in the shot, not on the table at the stroke"},
		{"all alike", &fakeJudge{alike: true}, ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			k := &Tracker{tracks: []track{{used: true, confirmed: true, moved: true, ball: 7}}, beforeID: map[int]int{}}
			if tt.judge != nil {
				k.cfg.Judge = tt.judge
			}
			if got := k.appeared(rec); got != tt.want {
				t.Errorf("got %q, want %q", got, tt.want)
			}
			if tt.judge != nil && (len(tt.judge.alts) != 1 || len(tt.judge.alts[0]) == 0) {
				t.Errorf("judge asked %d times, want once with the readings", len(tt.judge.alts))
			}
		})
	}
}

// TestReadAsBy: the other side of a contest over track 0's number 5 is the
// one other track read as 5 in the shot; none known with two such tracks, or
// with one read so before the stroke only.
func TestReadAsBy(t *testing.T) {
	tr := func(ball, readAs int, at float64) track {
		x := track{used: true, ball: ball}
		x.cst.contestB, x.cst.contestT = readAs, at
		return x
	}
	tests := []struct {
		name   string
		tracks []track
		want   int
	}{
		{"one", []track{tr(5, 5, 2), tr(9, 5, 2), tr(3, 0, 0)}, 9},
		{"two", []track{tr(5, 5, 2), tr(9, 5, 2), tr(3, 5, 2)}, -1},
		{"before the stroke", []track{tr(5, 5, 2), tr(9, 5, 0.5)}, -1},
		{"none", []track{tr(5, 5, 2), tr(9, 0, 0)}, -1},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			k := &Tracker{tracks: tt.tracks, strikeT: 1}
			if got := k.readAsBy(0); got != tt.want {
				t.Errorf("got %d, want %d", got, tt.want)
			}
		})
	}
}
