package rules

import (
	"testing"

	"github.com/cueref/cueref/shot"
)

func game141(target int, opts ...string) *shot.Game {
	g := game("14.1", opts...)
	g.Target = target
	return g
}

// run141 plays the legal opening break (Anna) so that Boris is to shoot.
func run141(t *testing.T, g *shot.Game, recs ...shot.Record) (*Engine, shot.Ruling) {
	t.Helper()
	e := New()
	r := last(t, e, append([]shot.Record{g, break141()}, recs...)...)
	return e, r
}

func TestRule4_6_Break(t *testing.T) {
	illegal := func() *shot.Shot { return newShot().safety().hit(0, 15).rail(15, "foot").rail(0, "head").rec() }
	t.Run("legal opening break", func(t *testing.T) {
		_, r := run141(t, game141(0))
		if !*r.Legal || r.Next.Player != "Boris" || r.Score["Anna"] != 0 || r.Next.BallInHand != shot.InHandNone {
			t.Fatalf("got legal %v next %+v score %v", *r.Legal, r.Next, r.Score)
		}
	})
	t.Run("illegal break: −2, options, not a foul in a row", func(t *testing.T) {
		e := New()
		r := last(t, e, game141(0), illegal())
		if got := codes(r); !eqStrings(got, []string{"illegal_break@4.6"}) || r.Score["Anna"] != -2 || r.FoulsInRow["Anna"] != 0 {
			t.Fatalf("got fouls %v score %v fouls_in_row %v", got, r.Score, r.FoulsInRow)
		}
		if r.Next.Player != "Boris" || !eqStrings(r.Next.Options, []string{"accept", "rerack_offender"}) {
			t.Fatalf("got next %+v", r.Next)
		}
		r = last(t, e, dec("rerack_offender"), illegal())
		if r.Score["Anna"] != -4 || r.FoulsInRow["Anna"] != 0 {
			t.Fatalf("second illegal break: got score %v fouls %v", r.Score, r.FoulsInRow)
		}
		r = last(t, e, dec("accept"))
		if r.Next.Player != "Boris" || r.Next.BallInHand != shot.InHandNone || e.Snapshot().Breaking {
			t.Fatalf("accept: got %+v", r.Next)
		}
	})
	t.Run("called ball on the break is legal and scores", func(t *testing.T) {
		r := last(t, New(), game141(0), newShot().calls(3, "FR").hit(0, 15).pocket(3, "FR").rec())
		if !*r.Legal || r.Score["Anna"] != 1 || r.Turn != shot.TurnKeep {
			t.Fatalf("got legal %v score %v turn %q", *r.Legal, r.Score, r.Turn)
		}
	})
	t.Run("legal break with a scratch: −1, counted, kitchen", func(t *testing.T) {
		r := last(t, New(), game141(0), newShot().safety().hit(0, 15).rail(15, "foot").rail(11, "right").rail(0, "right").pocket(0, "HR").rec())
		if got := codes(r); !eqStrings(got, []string{"cue_ball_pocketed@1.18"}) || r.Score["Anna"] != -1 || r.FoulsInRow["Anna"] != 1 || r.Next.BallInHand != shot.InHandKitchen {
			t.Fatalf("got fouls %v score %v fouls %v next %+v", got, r.Score, r.FoulsInRow, r.Next)
		}
	})
}

func TestRule4_7_1_Scoring(t *testing.T) {
	e, r := run141(t, game141(0), newShot().calls(3, "SL").hit(0, 3).hit(3, 5).pocket(3, "SL").pocket(5, "FR").rec())
	if !eqInts(r.Counted, []int{3, 5}) || r.Score["Boris"] != 2 || r.Turn != shot.TurnKeep || e.Snapshot().Has(5) {
		t.Fatalf("got counted %v score %v turn %q", r.Counted, r.Score, r.Turn)
	}
	if !e.Snapshot().NeedCall {
		t.Errorf("14.1 always needs a call (4.2)")
	}
}

func TestRule4_8_UncalledSpotted(t *testing.T) {
	tests := []struct {
		name string
		shot *shot.Shot
	}{
		{"no call", pot(3, "SL")},
		{"called ball missed, another dropped", newShot().calls(4, "FL").hit(0, 4).hit(4, 3).pocket(3, "SL").rec()},
		{"4.7.4 safety", newShot().safety().hit(0, 3).pocket(3, "SL").rec()},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			e, r := run141(t, game141(0), tc.shot)
			if !*r.Legal || r.Score["Boris"] != 0 || r.Turn != shot.TurnPass || len(r.Spot) != 1 || r.Spot[0].Ball != 3 || !e.Snapshot().Has(3) {
				t.Fatalf("got legal %v score %v turn %q spot %v", *r.Legal, r.Score, r.Turn, r.Spot)
			}
		})
	}
}

func TestRule4_11_Fouls(t *testing.T) {
	_, r := run141(t, game141(0), foulNoRail(3))
	if r.Score["Boris"] != -1 || r.Next.Player != "Anna" || r.Next.BallInHand != shot.InHandNone {
		t.Fatalf("got score %v next %+v", r.Score, r.Next)
	}
	_, r = run141(t, game141(0), newShot().calls(3, "SL").hit(0, 3).pocket(3, "SL").pocket(0, "FR").rec())
	if r.Score["Boris"] != -1 || r.Next.BallInHand != shot.InHandKitchen || len(r.Spot) != 1 || r.Spot[0].Ball != 3 {
		t.Fatalf("scratch (4.10, 4.13): got score %v next %+v spot %v", r.Score, r.Next, r.Spot)
	}
	e, r := run141(t, game141(0), newShot().hit(0, 3).rail(3, "foot").off(7).rec())
	// The contract's foul-code table gives object_ball_off_table rules 1.23, 2.13
	// and 3.11; in 14.1 the general 1.23 is cited (4.9 governs the spotting).
	if got := codes(r); !eqStrings(got, []string{"object_ball_off_table@1.23"}) || r.Score["Boris"] != -1 || !e.Snapshot().Has(7) {
		t.Fatalf("off the table (4.9): got %v score %v", got, r.Score)
	}
}

func TestRule4_12_ThreeFouls(t *testing.T) {
	e, _ := run141(t, game141(0))
	steps := []struct {
		s        *shot.Shot
		score    int
		row      int
		warning  bool
		breaking bool
	}{
		{foulNoRail(3), -1, 1, false, false},
		{plain(3), -1, 1, false, false}, // Anna
		{foulNoRail(3), -2, 2, true, false},
		{plain(3), -2, 2, true, false}, // Anna
		{foulNoRail(3), -18, 0, false, true},
	}
	for i, st := range steps {
		r := e.Apply(10+i, st.s)
		s := e.Snapshot()
		if r.Score["Boris"] != st.score || r.FoulsInRow["Boris"] != st.row || (r.Warning != "") != st.warning || s.Breaking != st.breaking {
			t.Fatalf("step %d: got score %v row %v warning %q breaking %v", i, r.Score, r.FoulsInRow, r.Warning, s.Breaking)
		}
		if i == 4 {
			if !eqStrings(codes(r), []string{"no_rail@1.17", "three_fouls@4.12"}) || r.Next.Player != "Boris" || r.Next.BallInHand != shot.InHandKitchen || len(s.OnTable) != 15 {
				t.Fatalf("third foul: got %v next %+v on_table %v", codes(r), r.Next, s.OnTable)
			}
		}
	}
}

func TestRule4_13_TargetAndNegative(t *testing.T) {
	_, r := run141(t, game141(2), foulNoRail(3), callPot(4, "FL"), callPot(5, "FR"))
	if r.Score["Boris"] != -1 || r.Score["Anna"] != 2 {
		t.Fatalf("got %v", r.Score)
	}
	if winner(r.GameOver) != "Anna:target_reached" || winner(r.MatchOver) != "Anna:target_reached" {
		t.Fatalf("got game_over %s match_over %s", winner(r.GameOver), winner(r.MatchOver))
	}
}

// clearTo14 pockets balls 1..14 on one called shot, with the 15th ball and the cue
// ball left at the given places.
func clearTo14(ball15, cue shot.Point, extra ...int) *shot.Shot {
	s := newShot().calls(1, "FR").hit(0, 1)
	pk := []string{"FL", "FR", "SL", "SR", "HL", "HR"}
	for b := 1; b <= 14; b++ {
		s.pocket(b, pk[b%6])
	}
	for _, b := range extra {
		s.pocket(b, "FL")
	}
	if len(extra) == 0 {
		s.to(15, ball15[0], ball15[1])
	}
	s.to(0, cue[0], cue[1])
	return s.rec()
}

func TestRule4_7_3_Rerack(t *testing.T) {
	pos := t9.Rack(5)
	hs, cs := t9.HeadSpot(), t9.CenterSpot()
	at := func(r shot.Ruling, b int) (shot.Point, bool) {
		for _, p := range r.Spot {
			if p.Ball == b {
				return p.At, true
			}
		}
		return shot.Point{}, false
	}
	t.Run("fourteen racked, apex empty, 15th and cue ball stay", func(t *testing.T) {
		e, r := run141(t, game141(0), clearTo14(shot.Point{1000, 300}, shot.Point{800, 600}))
		if r.Score["Boris"] != 14 || r.Turn != shot.TurnKeep || r.Next.BallInHand != shot.InHandNone || len(r.Spot) != 14 {
			t.Fatalf("got score %v turn %q next %+v spot %d", r.Score, r.Turn, r.Next, len(r.Spot))
		}
		s := e.Snapshot()
		if len(s.OnTable) != 15 || s.Breaking || s.Layout[15] != (shot.Point{1000, 300}) || s.Layout[0] != (shot.Point{800, 600}) {
			t.Fatalf("got on_table %v breaking %v", s.OnTable, s.Breaking)
		}
		for b := 1; b <= 14; b++ {
			p, ok := at(r, b)
			if !ok || p == shot.FromP(pos[0]) {
				t.Fatalf("ball %d: got %v %v, must be racked off the apex", b, p, ok)
			}
		}
		if p, _ := at(r, 1); p != shot.FromP(pos[14]) {
			t.Errorf("the 1 goes on the right back corner (4.4): got %v want %v", p, pos[14])
		}
		if p, _ := at(r, 5); p != shot.FromP(pos[10]) {
			t.Errorf("the 5 goes on the left back corner (4.4): got %v want %v", p, pos[10])
		}
	})
	t.Run("15th ball in the rack area goes to the head spot", func(t *testing.T) {
		_, r := run141(t, game141(0), clearTo14(shot.FromP(pos[7]), shot.Point{1000, 600}))
		if p, ok := at(r, 15); !ok || p != shot.FromP(hs) {
			t.Fatalf("got %v %v, want the head spot", p, ok)
		}
	})
	t.Run("15th in the rack, cue ball on the head spot: centre spot", func(t *testing.T) {
		_, r := run141(t, game141(0), clearTo14(shot.FromP(pos[7]), shot.FromP(hs)))
		if p, ok := at(r, 15); !ok || p != shot.FromP(cs) {
			t.Fatalf("got %v %v, want the centre spot", p, ok)
		}
	})
	t.Run("cue ball in the rack, 15th past the head string: kitchen", func(t *testing.T) {
		e, r := run141(t, game141(0), clearTo14(shot.Point{1200, 300}, shot.FromP(pos[3])))
		if r.Next.BallInHand != shot.InHandKitchen {
			t.Fatalf("got %+v", r.Next)
		}
		if _, ok := e.Snapshot().Layout[0]; ok {
			t.Errorf("cue ball in hand must leave the layout")
		}
	})
	t.Run("cue ball in the rack, 15th in the kitchen: cue ball on the head spot", func(t *testing.T) {
		_, r := run141(t, game141(0), clearTo14(shot.Point{300, 300}, shot.FromP(pos[3])))
		if p, ok := at(r, 0); !ok || p != shot.FromP(hs) || r.Next.BallInHand != shot.InHandNone {
			t.Fatalf("got %v %v next %+v", p, ok, r.Next)
		}
	})
	t.Run("both in the rack: fifteen racked, kitchen", func(t *testing.T) {
		e, r := run141(t, game141(0), clearTo14(shot.FromP(pos[7]), shot.FromP(pos[3])))
		if p, ok := at(r, 15); !ok || r.Next.BallInHand != shot.InHandKitchen || len(r.Spot) != 15 || e.Snapshot().Breaking {
			t.Fatalf("got %v %v next %+v spots %d", p, ok, r.Next, len(r.Spot))
		}
	})
	t.Run("15th pocketed with the 14th: fifteen racked, play on", func(t *testing.T) {
		e, r := run141(t, game141(0), clearTo14(shot.Point{}, shot.Point{800, 600}, 15))
		if r.Score["Boris"] != 15 || len(r.Spot) != 15 || r.Next.Player != "Boris" || r.Next.BallInHand != shot.InHandNone || e.Snapshot().Breaking {
			t.Fatalf("got score %v spots %d next %+v", r.Score, len(r.Spot), r.Next)
		}
		if p, _ := at(r, 2); p != shot.FromP(pos[0]) {
			t.Errorf("full rack: the apex must be filled; got the 2 at %v", p)
		}
	})
}
