package trackbench

import (
	"strings"
	"testing"

	"github.com/cueref/cueref/rules"
	"github.com/cueref/cueref/shot"
	"github.com/cueref/cueref/sim"
)

// rec builds a shot record struck at start: a strike, evs a tenth of a second
// apart, a stop.
func rec(start float64, call *shot.Call, evs ...shot.Event) *shot.Shot {
	s := &shot.Shot{Start: &start, Call: call, Before: shot.Positions{0: {400, 635}}, After: shot.Positions{},
		Events: []shot.Event{{Kind: shot.Strike}}}
	for i, e := range append(evs, shot.Event{Kind: shot.Stop}) {
		e.T = 0.1 * float64(i+1)
		s.Events = append(s.Events, e)
	}
	return s
}

func hit(a, b int) shot.Event { return shot.Event{Kind: shot.Contact, A: a, B: b} }
func rail(b int) shot.Event   { return shot.Event{Kind: shot.RailHit, Ball: b, Rail: "foot"} }
func pocket(b int, p string) shot.Event {
	return shot.Event{Kind: shot.Pocketed, Ball: b, Pocket: p}
}

// TestJudge: the bench's judge rules on a tracked shot and its other
// readings in the true match's state before the shot, with the true call.
// Two candidate first balls of which one is the lowest in 9-ball must be
// asked; two legal ones (8-ball's open table, 14.1), or two equally wrong
// ones, need not. The true shot's call counts (8-ball's combination). A shot no true stroke matches is
// always asked.
func TestJudge(t *testing.T) {
	const at = 10.0 // the true stroke of the shot judged
	call5 := &shot.Call{Ball: new(int), Pocket: "FR"}
	*call5.Ball = 5
	breaks := map[string]*shot.Shot{
		"9ball": rec(1, nil, hit(0, 1), rail(3), pocket(2, "FL")),
		"8ball": rec(1, nil, hit(0, 1), rail(2), rail(3), rail(4), rail(5)),
		"14.1":  rec(1, &shot.Call{Safety: true}, hit(0, 15), rail(15), rail(11), rail(0), rail(0)),
	}
	tests := []struct {
		name  string
		game  string
		call  *shot.Call // the true shot's
		start float64    // the tracked shot's stroke
		got   *shot.Shot
		alts  []*shot.Shot
		want  bool
	}{
		{"9-ball: the 1 or the 3", "9ball", nil, at,
			rec(at, nil, hit(0, 1), rail(1)), []*shot.Shot{rec(at, nil, hit(0, 3), rail(3))}, false},
		{"9-ball: the 3 or the 1", "9ball", nil, at,
			rec(at, nil, hit(0, 3), rail(3)), []*shot.Shot{rec(at, nil, hit(0, 1), rail(3))}, false},
		{"9-ball: the 3 or the 5, both wrong", "9ball", nil, at,
			rec(at, nil, hit(0, 3), rail(3)), []*shot.Shot{rec(at, nil, hit(0, 5), rail(3))}, true},
		{"8-ball, open table: the 3 or the 12", "8ball", nil, at,
			rec(at, nil, hit(0, 3), rail(0)), []*shot.Shot{rec(at, nil, hit(0, 12), rail(0))}, true},
		{"14.1: any ball is on", "14.1", call5, at,
			rec(at, nil, hit(0, 9), rail(9)), []*shot.Shot{rec(at, nil, hit(0, 2), rail(9)), rec(at, nil, hit(0, 13), rail(9))}, true},
		{"14.1: the called 5 or the 7 pocketed", "14.1", call5, at,
			rec(at, nil, hit(0, 5), pocket(5, "FR")), []*shot.Shot{rec(at, nil, hit(0, 7), pocket(7, "FR"))}, false},
		// Called, the 5 scores straight in or off the 12: uncalled, only straight in (2.3).
		{"8-ball: the called 5, straight in or in off the 12", "8ball", call5, at,
			rec(at, nil, hit(0, 5), pocket(5, "FR")), []*shot.Shot{rec(at, nil, hit(0, 12), hit(12, 5), pocket(5, "FR"))}, true},
		{"no true stroke near", "9ball", nil, at + 1,
			rec(at+1, nil, hit(0, 3), rail(3)), []*shot.Shot{rec(at+1, nil, hit(0, 5), rail(3))}, false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			truth := rec(at, tt.call, hit(0, 1))
			m := &sim.Match{
				Records: []shot.Record{&shot.Game{Game: tt.game, Players: []string{"Anna", "Boris"}, Table: "9ft"}, breaks[tt.game], truth},
				Shots:   []*sim.ShotSim{{Index: 1, Record: breaks[tt.game]}, {Index: 2, Record: truth}},
			}
			mr := &MatchRun{r: &run{rep: &Report{}}, m: m, strikes: []float64{1, at}}
			j := &judge{mr: mr, e: rules.New()}
			for range 2 { // asked twice about one shot, it answers the same
				if got := j.Alike(tt.got, tt.alts); got != tt.want {
					t.Fatalf("Alike: got %v, want %v", got, tt.want)
				}
			}
			if got, want := mr.r.rep.DoubtsJudged, 2; got != want {
				t.Errorf("doubts judged: got %d, want %d", got, want)
			}
			if got, want := mr.r.rep.DoubtsAlike, map[bool]int{true: 2}[tt.want]; got != want {
				t.Errorf("doubts found alike: got %d, want %d", got, want)
			}
			if tt.got.Call != nil {
				t.Errorf("the tracked record was given call %+v", tt.got.Call)
			}
		})
	}
}

// TestRulingsExtraShot: a tracked shot that matches no true stroke is ruled
// in the true state at its time, as the live referee would rule it, and
// counts as a ruling the truth never made; flagged, it is a review that
// catches an error.
func TestRulingsExtraShot(t *testing.T) {
	for _, tc := range []struct {
		name                 string
		review               *shot.Review
		unflagged, differing int
	}{
		{"unflagged", nil, 1, 0},
		{"asked", &shot.Review{Reason: "asked"}, 0, 1},
	} {
		t.Run(tc.name, func(t *testing.T) {
			brk := rec(1, nil, hit(0, 1), rail(3), pocket(2, "FL"))
			truth := rec(10, nil, hit(0, 1), pocket(1, "FR"))
			m := &sim.Match{
				Records: []shot.Record{&shot.Game{Game: "9ball", Players: []string{"Anna", "Boris"}, Table: "9ft"}, brk, truth},
				Rulings: make([]shot.Ruling, 3),
				Shots:   []*sim.ShotSim{{Index: 1, Record: brk}, {Index: 2, Record: truth}},
			}
			// The true rulings, from the true records.
			e := rules.New()
			for i, r := range m.Records {
				m.Rulings[i] = e.Apply(i+1, r)
			}
			extra := rec(6, nil) // the cue ball "moved" alone between the two
			extra.Review = tc.review
			r := &run{rep: &Report{}}
			if err := r.rulings("9ball", m, []float64{1, 10}, []*shot.Shot{brk, truth}, []int{-1, -1}, []*shot.Shot{extra}); err != nil {
				t.Fatal(err)
			}
			if got, want := r.rep.RulingN, 3; got != want {
				t.Errorf("shots ruled: got %d, want %d", got, want)
			}
			if got, want := r.rulOK, 2; got != want {
				t.Errorf("rulings alike: got %d, want %d", got, want)
			}
			if got := r.rep.RulingUnflagged; got != tc.unflagged {
				t.Errorf("unflagged: got %d, want %d", got, tc.unflagged)
			}
			if got := r.rep.ReviewsDiffering; got != tc.differing {
				t.Errorf("reviews differing: got %d, want %d", got, tc.differing)
			}
			if len(r.rep.Disagreements) != 1 || !strings.Contains(r.rep.Disagreements[0], "where none was played, ruled foul") {
				t.Errorf("disagreements %q; want one, the extra shot ruled a foul", r.rep.Disagreements)
			}
		})
	}
}
