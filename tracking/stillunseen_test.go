package tracking

import (
	"testing"

	"github.com/cueref/cueref/shot"
	"github.com/cueref/cueref/table"
)

// TestStillUnseenAppeared: ball 7, not on the table at the stroke (its track
// lost at rest before it), ends a 9-ball shot under a track that moved (a
// false detection's path that jumped onto it). Judged by the rules in the
// match's state, the doubt is asked when nothing says where 7 was (the cue
// ball may have met it first), and when its track's events decide the ruling
// (the only cushion after the first contact is 7's); it is not asked when 7
// ends where it rested before the shot (the previous record, or a track taken
// for lifted there before the stroke), and its events do not matter.
func TestStillUnseenAppeared(t *testing.T) {
	const why = "ball 7 moved in the shot, not on the table at the stroke"
	nine := []int{0, 1, 3, 4, 5, 6, 8, 9}
	spot := table.Point{X: 900, Y: 900}
	// A legal shot: the 1 met first, then a cushion; 7's track has a cushion
	// hit of its own.
	legal := func() *shot.Shot {
		return layout(newRec(), nine...).hit(0, 1).rail(1, "foot").rail(7, "left").to(7, 900.5, 900.3).rec()
	}
	// 7's cushion is the only one after the first contact.
	onlyRail := func() *shot.Shot {
		return layout(newRec(), nine...).hit(0, 1).rail(7, "left").to(7, 900.5, 900.3).rec()
	}
	lifted := track{used: true, confirmed: true, gone: true, lifted: true, ball: 7, rest: spot, goneT: -1}
	tests := []struct {
		name      string
		rec       *shot.Shot
		lastAfter shot.Positions
		others    []track // tracks besides the one ending as 7
		want      string
	}{
		{"nothing says where 7 rested", legal(), nil, nil, why},
		{"7 rested elsewhere in the last record", legal(), shot.Positions{7: {600, 300}}, nil, why},
		{"7 rested there in the last record", legal(), shot.Positions{7: shot.FromP(spot)}, nil, ""},
		{"a track of 7 lifted there before the stroke", legal(), nil, []track{lifted}, ""},
		{"rested there, but its cushion decides the shot", onlyRail(), shot.Positions{7: shot.FromP(spot)}, nil, why},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			e := engineAfter(t, nineUp())
			k := &Tracker{beforeID: map[int]int{}, lastAfter: tt.lastAfter}
			k.cfg.Judge, k.cfg.Sigma = e, 1.5
			k.tracks = append([]track{{used: true, confirmed: true, moved: true, ball: 7, rest: spot}}, tt.others...)
			if got := k.appeared(tt.rec); got != tt.want {
				t.Errorf("got %q, want %q", got, tt.want)
			}
		})
	}
}

// TestStillReading: the readings of a ball that stood still unseen drop its
// events and put it where it rested, or give them to a ball that went; a
// first contact with it makes any first ball a reading; the record is left
// as it was.
func TestStillReading(t *testing.T) {
	at := table.Point{X: 900, Y: 900}
	rec := layout(newRec(), 0, 1, 3).hit(0, 1).hit(1, 7).rail(7, "left").pocket(3, "FL").to(7, 900, 900).rec()
	delete(rec.After, 3)
	alts := stillReading(rec, 7, at, -1)
	if len(alts) != 2 {
		t.Fatalf("got %d readings, want 2 (still, and 7's events as 3's)", len(alts))
	}
	for i, a := range alts {
		if got, want := a.Before[7], shot.FromP(at); got != want {
			t.Errorf("reading %d: 7 before at %v, want %v", i, got, want)
		}
	}
	for _, e := range alts[0].Events {
		if names(e, 7) {
			t.Errorf("still reading keeps 7's event %+v", e)
		}
	}
	var rails3, contacts13 int
	for _, e := range alts[1].Events {
		if names(e, 7) {
			t.Errorf("renamed reading keeps 7's event %+v", e)
		}
		if e.Kind == shot.RailHit && e.Ball == 3 {
			rails3++
		}
		if e.Kind == shot.Contact && e.A+e.B == 4 {
			contacts13++
		}
	}
	if rails3 != 1 || contacts13 != 1 {
		t.Errorf("renamed reading: got %d cushions of 3 and %d contacts 1–3, want 1 and 1", rails3, contacts13)
	}
	if _, ok := rec.Before[7]; ok {
		t.Error("the reading changed the record's before")
	}
	first := layout(newRec(), 0, 1, 3).hit(0, 7).hit(7, 1).to(7, 900, 900).rec()
	if got := len(stillReading(first, 7, at, -1)); got < 3 {
		t.Errorf("first contact with the still ball: got %d readings, want the still one and every other first ball", got)
	}
}
