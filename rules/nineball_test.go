package rules

import (
	"strings"
	"testing"

	"github.com/cueref/cueref/shot"
)

func TestRule3_4_Break(t *testing.T) {
	tests := []struct {
		name    string
		shot    *shot.Shot
		fouls   []string
		next    string
		inHand  string
		pushOut bool
		over    string
	}{
		{"1 first and a ball pocketed", break9(), nil, "Anna", shot.InHandNone, true, "<none>"},
		{"1 first and four balls to a rail", newShot().hit(0, 1).rail(2, "foot").rail(3, "foot").rail(4, "left").rail(5, "right").rec(), nil, "Boris", shot.InHandNone, true, "<none>"},
		{"three balls to a rail", newShot().hit(0, 1).rail(2, "foot").rail(3, "foot").rail(4, "left").rec(), []string{"illegal_break@3.4"}, "Boris", shot.InHandTable, false, "<none>"},
		// Rule 3.4: the break obeys the rules of any other shot too, and the
		// contract's fouls list every violation seen: 3.8 is listed with 3.4.
		{"another ball hit first", newShot().hit(0, 2).pocket(2, "FL").rec(), []string{"illegal_break@3.4", "wrong_ball_first@3.8"}, "Boris", shot.InHandTable, false, "<none>"},
		{"scratch: ball in hand anywhere, no push-out (3.6)", newShot().hit(0, 1).pocket(2, "FL").pocket(0, "FR").rec(), []string{"cue_ball_pocketed@1.18"}, "Boris", shot.InHandTable, false, "<none>"},
		{"9 on a legal break wins", newShot().hit(0, 1).pocket(9, "FL").rec(), nil, "Anna", shot.InHandKitchen, false, "Anna:nine_pocketed"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			e := New()
			r := last(t, e, game("9ball"), tc.shot)
			if got := codes(r); !eqStrings(got, tc.fouls) {
				t.Fatalf("got fouls %v, want %v", got, tc.fouls)
			}
			s := e.Snapshot()
			if r.Next.Player != tc.next || r.Next.BallInHand != tc.inHand || s.PushOut != tc.pushOut || winner(r.GameOver) != tc.over {
				t.Fatalf("got next %+v push-out %v over %s", r.Next, s.PushOut, winner(r.GameOver))
			}
		})
	}
	t.Run("(3) 9 off the table on the break is spotted, others not", func(t *testing.T) {
		e := New()
		r := last(t, e, game("9ball"), newShot().hit(0, 1).pocket(2, "FL").off(9).off(5).rec())
		if len(r.Spot) != 1 || r.Spot[0].Ball != 9 || !e.Snapshot().Has(9) || e.Snapshot().Has(5) {
			t.Fatalf("got spot %v on_table %v", r.Spot, e.Snapshot().OnTable)
		}
	})
}

func TestRule3_6_PushOut(t *testing.T) {
	push := func() *shot.Shot { return newShot().pushOut().rec() } // no contact, no rail: allowed
	t.Run("push-out then accept", func(t *testing.T) {
		e := New()
		r := last(t, e, game("9ball"), break9(), push())
		if !*r.Legal || r.Next.Player != "Boris" || !eqStrings(r.Next.Options, []string{"accept", "pass"}) {
			t.Fatalf("got legal %v next %+v", *r.Legal, r.Next)
		}
		r = last(t, e, dec("accept"))
		if r.Next.Player != "Boris" || r.Next.BallInHand != shot.InHandNone || e.Snapshot().PushOut {
			t.Fatalf("accept: got %+v", r.Next)
		}
	})
	t.Run("push-out then pass", func(t *testing.T) {
		r := last(t, New(), game("9ball"), break9(), push(), dec("pass"))
		if r.Next.Player != "Anna" || len(r.Next.Options) != 0 {
			t.Fatalf("pass: got %+v", r.Next)
		}
	})
	t.Run("9 pocketed on a push-out is spotted, other balls stay down", func(t *testing.T) {
		e := New()
		r := last(t, e, game("9ball"), break9(), newShot().pushOut().hit(0, 5).pocket(5, "SL").pocket(9, "FR").rec())
		if r.GameOver != nil || len(r.Spot) != 1 || r.Spot[0].Ball != 9 || len(r.Counted) != 0 || e.Snapshot().Has(5) {
			t.Fatalf("got over %v spot %v counted %v", r.GameOver, r.Spot, r.Counted)
		}
	})
	t.Run("push-out with a scratch is a foul", func(t *testing.T) {
		r := last(t, New(), game("9ball"), break9(), newShot().pushOut().pocket(0, "SL").rec())
		if got := codes(r); !eqStrings(got, []string{"cue_ball_pocketed@1.18"}) || r.Next.BallInHand != shot.InHandTable || len(r.Next.Options) != 0 {
			t.Fatalf("got fouls %v next %+v", got, r.Next)
		}
	})
	t.Run("no push-out on the second shot after the break", func(t *testing.T) {
		r := last(t, New(), game("9ball"), break9(), pot(1, "SL"), newShot().pushOut().rec())
		if got := codes(r); !eqStrings(got, []string{"no_contact@1.16"}) {
			t.Fatalf("got fouls %v", got)
		}
	})
	t.Run("no push-out after a break scratch", func(t *testing.T) {
		r := last(t, New(), game("9ball"), newShot().hit(0, 1).pocket(2, "FL").pocket(0, "FR").rec(), newShot().pushOut().rec())
		if got := codes(r); !eqStrings(got, []string{"no_contact@1.16"}) {
			t.Fatalf("got fouls %v", got)
		}
	})
}

func TestRule3_7_NineSpottedOnFoul(t *testing.T) {
	e := New()
	r := last(t, e, game("9ball"), break9(), newShot().hit(0, 1).hit(1, 9).pocket(9, "FR").pocket(0, "SL").rec())
	if r.GameOver != nil || len(r.Spot) != 1 || r.Spot[0].Ball != 9 || !e.Snapshot().Has(9) {
		t.Fatalf("got over %v spot %v", r.GameOver, r.Spot)
	}
	r = last(t, New(), game("9ball"), break9(), newShot().hit(0, 3).hit(3, 4).pocket(4, "FR").rec())
	if *r.Legal || len(r.Counted) != 0 || len(r.Spot) != 0 {
		t.Fatalf("wrong ball first: got legal %v counted %v spot %v (4 stays down)", *r.Legal, r.Counted, r.Spot)
	}
}

func TestRule3_8_LowestFirstCombination(t *testing.T) {
	r := last(t, New(), game("9ball"), break9(), newShot().hit(0, 1).hit(1, 9).pocket(9, "FR").rec())
	if winner(r.GameOver) != "Anna:nine_pocketed" || !eqInts(r.Counted, []int{9}) {
		t.Fatalf("got %s", winner(r.GameOver))
	}
}

func TestRule3_12_ThreeFouls(t *testing.T) {
	e := New()
	runRecs(t, e, game("9ball"), break9())
	// Anna fouls, Boris plays a legal miss, Anna fouls, Boris misses, Anna fouls.
	seqs := []struct {
		s        *shot.Shot
		annaRow  int
		warning  bool
		gameOver string
	}{
		{foulNoRail(1), 1, false, "<none>"},
		{plain(1), 1, false, "<none>"},
		{foulNoRail(1), 2, true, "<none>"},
		{plain(1), 2, true, "<none>"},
		{foulNoRail(1), 3, false, "Boris:three_fouls"},
	}
	for i, st := range seqs {
		r := e.Apply(10+i, st.s)
		if r.FoulsInRow["Anna"] != st.annaRow || (r.Warning != "") != st.warning || winner(r.GameOver) != st.gameOver {
			t.Fatalf("step %d: got fouls_in_row %v warning %q over %s", i, r.FoulsInRow, r.Warning, winner(r.GameOver))
		}
		if st.warning && !strings.Contains(r.Warning, "Anna") {
			t.Errorf("warning must name Anna: %q", r.Warning)
		}
		if i == 4 && !eqStrings(codes(r), []string{"no_rail@3.9", "three_fouls@3.12"}) {
			t.Errorf("got fouls %v", codes(r))
		}
	}
}

func TestRule3_12_LegalShotClearsCount(t *testing.T) {
	e := New()
	runRecs(t, e, game("9ball"), break9(), foulNoRail(1), plain(1), foulNoRail(1), plain(1))
	r := last(t, e, plain(1)) // Anna's legal miss
	if r.FoulsInRow["Anna"] != 0 || r.Warning != "" {
		t.Fatalf("got %v %q", r.FoulsInRow, r.Warning)
	}
	if r := last(t, New(), game("9ball", OptNoThreeFoul), break9(), foulNoRail(1), plain(1), foulNoRail(1), plain(1), foulNoRail(1)); r.GameOver != nil {
		t.Fatalf("no_three_foul: got %s", winner(r.GameOver))
	}
}

func TestRule1_29_BreakOrderAndRace(t *testing.T) {
	win := func() *shot.Shot { return newShot().hit(0, 1).pocket(9, "FL").rec() } // 9 on the break
	tests := []struct {
		opt  string
		want []string // breakers of racks 2, 3 when the breaker wins each rack
	}{
		{"", []string{"Anna", "Anna"}},
		{OptBreakAlternate, []string{"Boris", "Anna"}},
		{OptBreakLoser, []string{"Boris", "Anna"}},
		{OptBreakTrailing, []string{"Boris", "Anna"}},
	}
	for _, tc := range tests {
		t.Run("order "+tc.opt, func(t *testing.T) {
			g := game("9ball")
			if tc.opt != "" {
				g.Options = []string{tc.opt}
			}
			e := New()
			runRecs(t, e, g)
			for i, want := range tc.want {
				r := e.Apply(2+i, win())
				if r.Next.Player != want {
					t.Fatalf("after rack %d: got breaker %s, want %s", i+1, r.Next.Player, want)
				}
			}
		})
	}
	t.Run("race to 2", func(t *testing.T) {
		g := game("9ball")
		g.Race = 2
		e := New()
		runRecs(t, e, g)
		r := e.Apply(2, win())
		if r.MatchOver != nil || r.Rack != 1 {
			t.Fatalf("rack 1: got match_over %v rack %d", r.MatchOver, r.Rack)
		}
		r = e.Apply(3, win())
		if r.Rack != 2 || winner(r.MatchOver) != "Anna:nine_pocketed" || r.Racks["Anna"] != 2 {
			t.Fatalf("rack 2: got match_over %s rack %d racks %v", winner(r.MatchOver), r.Rack, r.Racks)
		}
		if r := e.Apply(4, win()); r.Kind != shot.KindError {
			t.Fatalf("shot after match over: got kind %q", r.Kind)
		}
	})
}

func TestRule5_4_Break10(t *testing.T) {
	bad := func() *shot.Shot { return newShot().hit(0, 1).rail(2, "foot").rec() }
	t.Run("illegal break: accept means the kitchen", func(t *testing.T) {
		e := New()
		r := last(t, e, game("10ball"), bad())
		if got := codes(r); !eqStrings(got, []string{"illegal_break@5.4"}) || r.Next.Player != "Boris" || !eqStrings(r.Next.Options, []string{"accept", "rerack"}) || r.Next.BallInHand != shot.InHandKitchen {
			t.Fatalf("got fouls %v next %+v", got, r.Next)
		}
		r = last(t, e, dec("accept"))
		if r.Next.Player != "Boris" || r.Next.BallInHand != shot.InHandKitchen {
			t.Fatalf("accept: got %+v", r.Next)
		}
	})
	t.Run("illegal break: rerack and break himself", func(t *testing.T) {
		e := New()
		last(t, e, game("10ball"), bad(), dec("rerack"))
		if s := e.Snapshot(); !s.Breaking || s.Next != "Boris" || len(s.OnTable) != 10 {
			t.Fatalf("got %v %s %v", s.Breaking, s.Next, s.OnTable)
		}
	})
	t.Run("10 on a legal break wins (5.1, 5.6)", func(t *testing.T) {
		r := last(t, New(), game("10ball"), newShot().hit(0, 1).pocket(10, "FL").rec())
		if winner(r.GameOver) != "Anna:ten_pocketed" {
			t.Fatalf("got %s", winner(r.GameOver))
		}
		r = last(t, New(), game("10ball", OptTenBreakSpotted), newShot().hit(0, 1).pocket(10, "FL").rec())
		if r.GameOver != nil || len(r.Spot) != 1 || r.Spot[0].Ball != 10 || r.Turn != shot.TurnKeep {
			t.Fatalf("ten_break_spotted: got %s spot %v", winner(r.GameOver), r.Spot)
		}
	})
}

func TestRule5_5_1_LowestFirst10(t *testing.T) {
	brk := newShot().hit(0, 1).pocket(2, "FL").rec()
	r := last(t, New(), game("10ball"), brk, newShot().hit(0, 4).rail(4, "foot").rec())
	if got := codes(r); !eqStrings(got, []string{"wrong_ball_first@5.5.1"}) || r.Next.BallInHand != shot.InHandTable {
		t.Fatalf("got %v %+v", got, r.Next)
	}
	// 5.5.2: any legally pocketed ball keeps the inning, no call needed.
	r = last(t, New(), game("10ball"), newShot().hit(0, 1).pocket(2, "FL").rec(), newShot().hit(0, 1).hit(1, 6).pocket(6, "SR").rec())
	if r.Turn != shot.TurnKeep || !eqInts(r.Counted, []int{6}) {
		t.Fatalf("got %q %v", r.Turn, r.Counted)
	}
}

func TestRule5_5_4_ThreeFouls10(t *testing.T) {
	e := New()
	runRecs(t, e, game("10ball"), newShot().hit(0, 1).pocket(2, "FL").rec())
	var r shot.Ruling
	for i, s := range []*shot.Shot{foulNoRail(1), plain(1), foulNoRail(1), plain(1), foulNoRail(1)} {
		r = e.Apply(3+i, s)
	}
	if winner(r.GameOver) != "Boris:three_fouls" || !eqStrings(codes(r), []string{"no_rail@1.17", "three_fouls@5.5.4"}) {
		t.Fatalf("got %s %v", winner(r.GameOver), codes(r))
	}
}

func TestRule5_6_TenSpottedOnFoul(t *testing.T) {
	e := New()
	r := last(t, e, game("10ball"), newShot().hit(0, 1).pocket(2, "FL").rec(), newShot().hit(0, 3).hit(3, 10).pocket(10, "FR").rec())
	if r.GameOver != nil || len(r.Spot) != 1 || r.Spot[0].Ball != 10 {
		t.Fatalf("got %s spot %v", winner(r.GameOver), r.Spot)
	}
}

func TestRule5_5_3_NoSafetySpotOfLegalPot(t *testing.T) {
	r := last(t, New(), game("10ball"), newShot().hit(0, 1).pocket(2, "FL").rec(), newShot().safety().hit(0, 1).hit(1, 3).pocket(3, "SL").rec())
	if r.Turn != shot.TurnKeep || !eqInts(r.Counted, []int{3}) || len(r.Spot) != 0 {
		t.Fatalf("got turn %q counted %v spot %v", r.Turn, r.Counted, r.Spot)
	}
}

func TestRacks_2_4_3_3_4_4_5_3(t *testing.T) {
	fs := shot.FromP(t9.FootSpot())
	check := func(game string, n int) shot.Positions {
		t.Helper()
		p, err := Rack(game, "9ft")
		if err != nil || len(p) != n {
			t.Fatalf("%s: got %d balls, err %v", game, len(p), err)
		}
		for a, pa := range p {
			for b, pb := range p {
				if a < b && t9.Overlaps(pa.P(), pb.P()) {
					t.Fatalf("%s: balls %d and %d overlap", game, a, b)
				}
			}
		}
		return p
	}
	p8 := check("8ball", 15)
	pos := t9.Rack(5)
	if p8[8] != shot.FromP(pos[4]) {
		t.Errorf("2.4: the 8 must be in the centre of the triangle")
	}
	var corners []int
	for b, p := range p8 {
		if p == shot.FromP(pos[10]) || p == shot.FromP(pos[14]) {
			corners = append(corners, b)
		}
	}
	if len(corners) != 2 || groupOf(corners[0]) == groupOf(corners[1]) {
		t.Errorf("2.4: back corners must hold a solid and a stripe, got %v", corners)
	}
	p9 := check("9ball", 9)
	if p9[1] != fs || p9[9] != shot.FromP(t9.Diamond()[4]) {
		t.Errorf("3.3: the 1 on the foot spot and the 9 in the centre")
	}
	p10 := check("10ball", 10)
	if p10[1] != fs || p10[10] != shot.FromP(t9.Rack(4)[4]) {
		t.Errorf("5.3: the 1 on the foot spot and the 10 in the middle of the row of three")
	}
	p14 := check("14.1", 15)
	if p14[1] != shot.FromP(pos[14]) || p14[5] != shot.FromP(pos[10]) || p14[1][1] < p14[5][1] {
		t.Errorf("4.4: the 1 on the right corner and the 5 on the left")
	}
	if _, err := Rack("snooker", "9ft"); err == nil {
		t.Errorf("unknown game must be an error")
	}
}

func TestRule1_23_OffTableSpottedIn10Ball(t *testing.T) {
	e := New()
	r := last(t, e, game("10ball"), newShot().hit(0, 1).pocket(2, "FL").rec(), newShot().hit(0, 1).rail(1, "foot").off(6).rec())
	if got := codes(r); !eqStrings(got, []string{"object_ball_off_table@1.23"}) || len(r.Spot) != 1 || r.Spot[0].Ball != 6 || !e.Snapshot().Has(6) {
		t.Fatalf("got fouls %v spot %v", got, r.Spot)
	}
}
