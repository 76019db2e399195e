package rules

import (
	"testing"

	"github.com/cueref/cueref/shot"
)

// TestAlike: a shot read with another first ball gets the same ruling when
// both balls are legal to hit first (or both are fouls alike), a different
// one when only one is. Alike leaves the state as it was: the next record
// gets the ruling it gets on an engine never asked.
func TestAlike(t *testing.T) {
	tests := []struct {
		name  string
		setup []shot.Record
		rec   *shot.Shot
		alts  []*shot.Shot
		want  bool
	}{
		{"9-ball: the 1 or the 3 first", []shot.Record{game("9ball"), break9()},
			plain(1), []*shot.Shot{plain(3)}, false},
		{"9-ball: the 3 or the 5 first, both wrong", []shot.Record{game("9ball"), break9()},
			plain(3), []*shot.Shot{plain(5)}, true},
		{"8-ball, open table: the 3 or the 12 first", []shot.Record{game("8ball"), break8Miss()},
			plain(3), []*shot.Shot{plain(12)}, true},
		{"8-ball, open table: the 3, the 12 or the 8 first", []shot.Record{game("8ball", "eight_first_open_foul"), break8Miss()},
			plain(3), []*shot.Shot{plain(12), plain(8)}, false},
		{"14.1: any ball is on", []shot.Record{game("14.1"), break141()},
			plain(5), []*shot.Shot{plain(11), plain(2)}, true},
		{"14.1: the call scores only on a pot", []shot.Record{game("14.1"), break141()},
			newShot().calls(5, "FR").hit(0, 5).pocket(5, "FR").rec(), []*shot.Shot{newShot().calls(5, "FR").hit(0, 5).rail(5, "foot").rec()}, false},
		{"no game: never alike", nil, plain(1), []*shot.Shot{plain(1)}, false},
		{"no other reading", []shot.Record{game("9ball"), break9()}, plain(1), nil, true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			e, fresh := New(), New()
			runRecs(t, e, tt.setup...)
			runRecs(t, fresh, tt.setup...)
			if got := e.Alike(tt.rec, tt.alts); got != tt.want {
				t.Fatalf("Alike: got %v, want %v", got, tt.want)
			}
			if got, want := mustJSON(e.Snapshot()), mustJSON(fresh.Snapshot()); got != want {
				t.Fatalf("state after Alike:\ngot  %s\nwant %s", got, want)
			}
			got, want := e.Apply(9, tt.rec), fresh.Apply(9, tt.rec)
			if mustJSON(got) != mustJSON(want) {
				t.Errorf("ruling after Alike:\ngot  %s\nwant %s", mustJSON(got), mustJSON(want))
			}
		})
	}
}

// TestSameRuling: rulings that differ only in their words are the same;
// any difference in what is decided is not, and an error is like nothing.
func TestSameRuling(t *testing.T) {
	e := New()
	runRecs(t, e, game("9ball"), break9())
	no := false
	twoFouls := func(r *shot.Ruling) {
		r.Fouls = []shot.FoulCall{{Code: "no_rail", Rule: "3.9"}, {Code: "wrong_ball_first", Rule: "3.8"}}
	}
	tests := []struct {
		name string
		a, b func(r *shot.Ruling) // changes to the ruling of a legal shot; nil none
		want bool
	}{
		{"itself", nil, nil, true},
		{"other words", nil, func(r *shot.Ruling) { r.Seq, r.Text, r.Notes = 4, "x", []string{"y"} }, true},
		{"fouls in another order", twoFouls, func(r *shot.Ruling) { twoFouls(r); r.Fouls[0], r.Fouls[1] = r.Fouls[1], r.Fouls[0] }, true},
		{"not legal", nil, func(r *shot.Ruling) { r.Legal = &no }, false},
		{"a foul more", twoFouls, func(r *shot.Ruling) { twoFouls(r); r.Fouls = r.Fouls[:1] }, false},
		{"another player next", nil, func(r *shot.Ruling) { r.Next.Player = "Carl" }, false},
		{"ball in hand", nil, func(r *shot.Ruling) { r.Next.BallInHand = shot.InHandTable }, false},
		{"a ball counted", nil, func(r *shot.Ruling) { r.Counted = []int{1} }, false},
		{"game over", nil, func(r *shot.Ruling) { w := "Anna"; r.GameOver = &shot.Outcome{Winner: &w, Reason: "nine_pocketed"} }, false},
		{"an error", nil, func(r *shot.Ruling) { r.Kind, r.Error = shot.KindError, "x" }, false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			a, b := e.Try(3, plain(1)), e.Try(3, plain(1))
			for _, c := range []struct {
				f func(*shot.Ruling)
				r *shot.Ruling
			}{{tt.a, &a}, {tt.b, &b}} {
				if c.f != nil {
					c.f(c.r)
				}
			}
			if got := SameRuling(a, b); got != tt.want {
				t.Errorf("SameRuling: got %v, want %v", got, tt.want)
			}
		})
	}
}

// TestCueInHand: the cue ball is in hand for a break and after a foul, not
// after a legal shot, and not known before a game.
func TestCueInHand(t *testing.T) {
	tests := []struct {
		name      string
		setup     []shot.Record
		in, known bool
	}{
		{"no game", nil, false, true},
		{"9-ball break", []shot.Record{game("9ball")}, true, true},
		{"after a legal 9-ball break", []shot.Record{game("9ball"), break9()}, false, true},
		{"after a foul", []shot.Record{game("9ball"), break9(), newShot().hit(0, 3).rail(3, "foot").rec()}, true, true},
		{"after a legal shot", []shot.Record{game("9ball"), break9(), plain(1)}, false, true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			e := New()
			runRecs(t, e, tt.setup...)
			if in, known := e.CueInHand(); in != tt.in || known != tt.known {
				t.Errorf("CueInHand: got %v, %v; want %v, %v", in, known, tt.in, tt.known)
			}
		})
	}
}
