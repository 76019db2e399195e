package tracking

import (
	"fmt"
	"strings"
	"testing"

	"github.com/cueref/cueref/shot"
	"github.com/cueref/cueref/table"
)

// fakeJudge answers alike and keeps what it was asked.
type fakeJudge struct {
	alike bool
	recs  []*shot.Shot
	alts  [][]*shot.Shot
}

func (j *fakeJudge) Alike(rec *shot.Shot, alts []*shot.Shot) bool {
	j.recs = append(j.recs, rec)
	j.alts = append(j.alts, alts)
	return j.alike
}

// keyJudge judges readings by a key of the shot alone: one whose key differs
// from the record's gets another ruling.
type keyJudge func(*shot.Shot) int

func (f keyJudge) Alike(rec *shot.Shot, alts []*shot.Shot) bool {
	for _, a := range alts {
		if f(a) != f(rec) {
			return false
		}
	}
	return true
}

// firstBall is the cue ball's first partner in s, or −1.
func firstBall(s *shot.Shot) int {
	if i := firstOf(s); i >= 0 {
		return s.Events[i].A + s.Events[i].B
	}
	return -1
}

// TestJudgeTwoFirstContacts: the cue ball meets balls 6 and 7 at once. The
// doubt is flagged without a judge and with a judge that finds the readings
// differ; a judge that finds them alike drops it. The judge is offered the
// record as tracked and the one reading the other ball first.
func TestJudgeTwoFirstContacts(t *testing.T) {
	P := func(x, y float64) table.Point { return table.Point{X: x, Y: y} }
	R := tab9.BallR
	w := newToy(tab9, map[int]table.Point{0: P(635, 635), 6: P(1500, 635-R-0.1), 7: P(1500, 635+R+0.1)})
	w.run(0.6)
	w.strike(0, P(1600, 0))
	w.settle()
	frames := defaultCamera(7).frames(w, 0.004, w.t)
	tests := []struct {
		name       string
		judge      *fakeJudge // nil: no judge
		wantReview bool
	}{
		{"no judge", nil, true},
		{"the ruling differs", &fakeJudge{alike: false}, true},
		{"the ruling is alike", &fakeJudge{alike: true}, false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			cfg := Config{Table: tab9, SlideDecel: toyDecel}
			if tt.judge != nil {
				cfg.Judge = tt.judge
			}
			shots, _, _ := runConfig(t, cfg, frames, nil)
			if len(shots) != 1 {
				t.Fatalf("got %d shots, want 1", len(shots))
			}
			s := shots[0]
			if got := s.Review != nil; got != tt.wantReview {
				t.Fatalf("review %+v: got flagged %v, want %v", s.Review, got, tt.wantReview)
			}
			if s.Review != nil && !strings.Contains(s.Review.Reason, "two candidate first contacts") {
				t.Errorf("review reason %q, want two candidate first contacts", s.Review.Reason)
			}
			if tt.judge == nil {
				return
			}
			if len(tt.judge.recs) != 1 || len(tt.judge.alts[0]) != 1 {
				t.Fatalf("judge asked %d times with %v readings, want once with 1", len(tt.judge.recs), tt.judge.alts)
			}
			got, alt := firstBall(tt.judge.recs[0]), firstBall(tt.judge.alts[0][0])
			if got+alt != 13 || got == alt {
				t.Errorf("first ball %d, other reading %d: want 6 and 7", got, alt)
			}
		})
	}
}

// TestFirstAlts: the other readings of a doubtful first ball. A later
// contact of the cue ball with the candidate swaps balls and points with the
// first; without one the first contact changes ball and loses its point.
func TestFirstAlts(t *testing.T) {
	at := func(x float64) *shot.Point { return &shot.Point{x, 0} }
	rec := &shot.Shot{
		Before: shot.Positions{0: {0, 0}, 3: {100, 0}, 5: {200, 0}, 9: {300, 0}},
		Events: []shot.Event{
			{T: 0, Kind: shot.Strike},
			{T: 0.100, Kind: shot.Contact, A: 0, B: 3, At: at(1)},
			{T: 0.102, Kind: shot.Contact, A: 5, B: 0, At: at(2)},
			{T: 0.300, Kind: shot.Contact, A: 3, B: 9, At: at(3)},
			{T: 2, Kind: shot.Stop},
		},
		Review: &shot.Review{Reason: "x"},
	}
	tests := []struct {
		balls []int
		want  []string // each reading's contacts
	}{
		{[]int{3, 5}, []string{"0-5@2 3-0@1 3-9@3"}},
		{[]int{5}, []string{"0-5@2 3-0@1 3-9@3"}},
		{[]int{9}, []string{"0-9@- 5-0@2 3-9@3"}},
		{[]int{3}, nil},
		{anyFirst(rec), []string{"0-5@2 3-0@1 3-9@3", "0-9@- 5-0@2 3-9@3"}},
		{[]int{5, 0}, nil}, // the cue ball is no candidate: no reading is offered
	}
	for _, tt := range tests {
		t.Run(fmt.Sprint(tt.balls), func(t *testing.T) {
			alts := firstAlts(rec, tt.balls)
			var got []string
			for _, a := range alts {
				if a.Review != nil {
					t.Errorf("reading %v keeps the review", a.Events)
				}
				var cs []string
				for _, e := range a.Events {
					if e.Kind == shot.Contact {
						p := "-"
						if e.At != nil {
							p = fmt.Sprint(e.At[0])
						}
						cs = append(cs, fmt.Sprintf("%d-%d@%s", e.A, e.B, p))
					}
				}
				got = append(got, strings.Join(cs, " "))
			}
			if fmt.Sprint(got) != fmt.Sprint(tt.want) {
				t.Errorf("got %q, want %q", got, tt.want)
			}
		})
	}
	if rec.Events[1].B != 3 || rec.Events[2].A != 5 || rec.Review == nil {
		t.Errorf("firstAlts changed the record: %v", rec.Events)
	}
}
