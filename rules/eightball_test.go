package rules

import (
	"testing"

	"github.com/cueref/cueref/shot"
)

func dec(c string) *shot.Decision { return &shot.Decision{Choice: c} }

// breakPots is a legal 8-ball break pocketing the given balls.
func breakPots(balls ...int) *shot.Shot {
	s := newShot().from(0, 400, 635).hit(0, 1)
	pk := []string{"FL", "FR", "SL", "SR", "HL", "HR"}
	for i, b := range balls {
		s.pocket(b, pk[i%6])
	}
	return s.rec()
}

func TestRule2_6_Break(t *testing.T) {
	t.Run("legal break pocketing a ball keeps the table, table open (2.3, 2.8)", func(t *testing.T) {
		r := last(t, New(), game("8ball"), breakPots(3, 12))
		if !*r.Legal || r.Turn != shot.TurnKeep || r.Next.Player != "Anna" || r.Groups != nil || !eqInts(r.Counted, []int{3, 12}) {
			t.Fatalf("got legal %v turn %q next %s groups %v counted %v", *r.Legal, r.Turn, r.Next.Player, r.Groups, r.Counted)
		}
	})
	t.Run("legal break with four balls to a rail, nothing pocketed", func(t *testing.T) {
		r := last(t, New(), game("8ball"), break8Miss())
		if !*r.Legal || r.Turn != shot.TurnPass || r.Next.Player != "Boris" || r.Next.BallInHand != shot.InHandNone {
			t.Fatalf("got legal %v turn %q next %+v", *r.Legal, r.Turn, r.Next)
		}
	})
	illegal := func() *shot.Shot {
		return newShot().from(0, 400, 635).hit(0, 1).rail(2, "foot").rail(3, "foot").rail(4, "left").rec()
	}
	t.Run("three balls to a rail: illegal break and the incoming player's options", func(t *testing.T) {
		r := last(t, New(), game("8ball"), illegal())
		if got := codes(r); !eqStrings(got, []string{"illegal_break@2.6"}) {
			t.Fatalf("got fouls %v", got)
		}
		if r.Next.Player != "Boris" || !eqStrings(r.Next.Options, []string{"accept", "rerack", "rerack_offender"}) {
			t.Fatalf("got next %+v", r.Next)
		}
	})
	for _, tc := range []struct {
		choice, next string
		breaking     bool
	}{{"accept", "Boris", false}, {"rerack", "Boris", true}, {"rerack_offender", "Anna", true}} {
		t.Run("illegal break then "+tc.choice, func(t *testing.T) {
			e := New()
			r := last(t, e, game("8ball"), illegal(), dec(tc.choice))
			s := e.Snapshot()
			if r.Next.Player != tc.next || s.Breaking != tc.breaking || len(r.Next.Options) != 0 {
				t.Fatalf("got next %+v breaking %v", r.Next, s.Breaking)
			}
			if tc.breaking && (len(s.OnTable) != 15 || r.Next.BallInHand != shot.InHandKitchen) {
				t.Fatalf("re-rack: got on_table %v in hand %q", s.OnTable, r.Next.BallInHand)
			}
			if !tc.breaking && r.Next.BallInHand != shot.InHandNone {
				t.Fatalf("accept: got in hand %q, want none (table as it lies)", r.Next.BallInHand)
			}
		})
	}
	t.Run("scratch on the break: balls stay down, open table, kitchen", func(t *testing.T) {
		e := New()
		r := last(t, e, game("8ball"), newShot().from(0, 400, 635).hit(0, 1).pocket(3, "FL").pocket(0, "FR").rec())
		if got := codes(r); !eqStrings(got, []string{"cue_ball_pocketed@1.18"}) {
			t.Fatalf("got fouls %v", got)
		}
		if r.Next.Player != "Boris" || r.Next.BallInHand != shot.InHandKitchen || r.Groups != nil || e.Snapshot().Has(3) || len(r.Spot) != 0 {
			t.Fatalf("got next %+v groups %v", r.Next, r.Groups)
		}
	})
	t.Run("object ball off the table on the break: accept or kitchen", func(t *testing.T) {
		e := New()
		r := last(t, e, game("8ball"), newShot().from(0, 400, 635).hit(0, 1).rail(2, "foot").rail(3, "foot").rail(4, "left").rail(5, "right").off(6).rec())
		if got := codes(r); !eqStrings(got, []string{"object_ball_off_table@2.13"}) {
			t.Fatalf("got fouls %v", got)
		}
		if r.Next.Player != "Boris" || r.Next.BallInHand != shot.InHandKitchen || !eqStrings(r.Next.Options, []string{"accept"}) || e.Snapshot().Has(6) {
			t.Fatalf("got next %+v", r.Next)
		}
		r = last(t, e, dec("accept"))
		if r.Next.BallInHand != shot.InHandNone {
			t.Fatalf("accept: got in hand %q", r.Next.BallInHand)
		}
	})
	t.Run("8 on the break: breaker re-racks or spots the 8", func(t *testing.T) {
		e := New()
		r := last(t, e, game("8ball"), breakPots(8))
		if r.Next.Player != "Anna" || !eqStrings(r.Next.Options, []string{"rerack", "spot_eight"}) || r.GameOver != nil {
			t.Fatalf("got next %+v game_over %v", r.Next, r.GameOver)
		}
		r = last(t, e, dec("spot_eight"))
		fs := t9.FootSpot()
		if len(r.Spot) != 1 || r.Spot[0].Ball != 8 || r.Spot[0].At != (shot.Point{fs.X, fs.Y}) {
			t.Fatalf("got spot %v, want the 8 on the foot spot", r.Spot)
		}
		if r.Next.Player != "Anna" || r.Next.BallInHand != shot.InHandNone || !e.Snapshot().Has(8) {
			t.Fatalf("got next %+v", r.Next)
		}
		e = New()
		r = last(t, e, game("8ball"), breakPots(8), dec("rerack"))
		if s := e.Snapshot(); !s.Breaking || s.Next != "Anna" || len(s.OnTable) != 15 {
			t.Fatalf("rerack: got breaking %v next %s", s.Breaking, s.Next)
		}
	})
	t.Run("8 and the cue ball on the break: opponent re-breaks or spots the 8 with the kitchen", func(t *testing.T) {
		e := New()
		r := last(t, e, game("8ball"), newShot().from(0, 400, 635).hit(0, 1).pocket(8, "FL").pocket(0, "FR").rec())
		if r.Next.Player != "Boris" || !eqStrings(r.Next.Options, []string{"rerack", "spot_eight"}) || r.GameOver != nil {
			t.Fatalf("got next %+v game_over %v", r.Next, r.GameOver)
		}
		r = last(t, e, dec("spot_eight"))
		if r.Next.Player != "Boris" || r.Next.BallInHand != shot.InHandKitchen || len(r.Spot) != 1 {
			t.Fatalf("got next %+v spot %v", r.Next, r.Spot)
		}
		e = New()
		last(t, e, game("8ball"), newShot().from(0, 400, 635).hit(0, 1).pocket(8, "FL").pocket(0, "FR").rec(), dec("rerack"))
		if s := e.Snapshot(); !s.Breaking || s.Next != "Boris" {
			t.Fatalf("rerack: got breaking %v next %s, want Boris to break", s.Breaking, s.Next)
		}
	})
	t.Run("options eight_break_wins and eight_break_loses", func(t *testing.T) {
		r := last(t, New(), game("8ball", OptEightBreakWins), breakPots(8))
		if winner(r.GameOver) != "Anna:eight_pocketed" {
			t.Fatalf("got %s", winner(r.GameOver))
		}
		r = last(t, New(), game("8ball", OptEightBreakLoses), newShot().hit(0, 1).pocket(8, "FL").pocket(0, "FR").rec())
		if winner(r.GameOver) != "Boris:eight_with_foul" {
			t.Fatalf("got %s", winner(r.GameOver))
		}
	})
	t.Run("8 off the table on the break loses (2.13)", func(t *testing.T) {
		r := last(t, New(), game("8ball"), newShot().hit(0, 1).pocket(3, "FL").off(8).rec())
		if winner(r.GameOver) != "Boris:eight_off_table" {
			t.Fatalf("got %s", winner(r.GameOver))
		}
	})
}

func TestRule2_7_OpenTable(t *testing.T) {
	t.Run("8 first on an open table: no foul, nothing counts, inning over", func(t *testing.T) {
		e := New()
		r := last(t, e, game("8ball"), break8Miss(), newShot().hit(0, 8).hit(8, 3).pocket(3, "SL").rec())
		if !*r.Legal || r.Turn != shot.TurnPass || len(r.Counted) != 0 || r.Groups != nil || r.Next.Player != "Anna" || r.Next.BallInHand != shot.InHandNone {
			t.Fatalf("got legal %v turn %q counted %v groups %v next %+v", *r.Legal, r.Turn, r.Counted, r.Groups, r.Next)
		}
		if e.Snapshot().Has(3) {
			t.Errorf("the 3 stays down")
		}
	})
	t.Run("eight_first_open_foul makes it a foul", func(t *testing.T) {
		r := last(t, New(), game("8ball", OptEightOpenFoul), break8Miss(), newShot().hit(0, 8).rail(8, "foot").rec())
		if got := codes(r); !eqStrings(got, []string{"wrong_ball_first@2.9"}) {
			t.Fatalf("got fouls %v", got)
		}
	})
	t.Run("LegalFirst on an open table is every ball but the 8", func(t *testing.T) {
		e := New()
		runRecs(t, e, game("8ball"), break8Miss())
		if lf := e.Snapshot().LegalFirst; len(lf) != 14 || containsInt(lf, 8) {
			t.Fatalf("got %v", lf)
		}
	})
}

func TestRule2_8_Groups(t *testing.T) {
	tests := []struct {
		name   string
		shot   *shot.Shot
		groups map[string]string
		turn   string
	}{
		{"called solid pocketed", callPot(3, "SL"), map[string]string{"Boris": Solids, "Anna": Stripes}, shot.TurnKeep},
		{"uncalled obvious stripe (2.3)", pot(12, "FR"), map[string]string{"Boris": Stripes, "Anna": Solids}, shot.TurnKeep},
		{"called ball in the wrong pocket: no group", newShot().calls(3, "SL").hit(0, 3).pocket(3, "SR").rec(), nil, shot.TurnPass},
		{"solid hit to pocket a called stripe", newShot().calls(12, "FL").hit(0, 3).hit(3, 12).pocket(12, "FL").rec(), map[string]string{"Boris": Stripes, "Anna": Solids}, shot.TurnKeep},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			r := last(t, New(), game("8ball"), break8Miss(), tc.shot)
			if mustJSON(r.Groups) != mustJSON(tc.groups) || r.Turn != tc.turn {
				t.Fatalf("got groups %v turn %q, want %v %q", r.Groups, r.Turn, tc.groups, tc.turn)
			}
		})
	}
	t.Run("wrong group first after groups are set (2.9)", func(t *testing.T) {
		r := last(t, New(), game("8ball"), break8Miss(), callPot(3, "SL"), newShot().hit(0, 12).rail(12, "foot").rec())
		if got := codes(r); !eqStrings(got, []string{"wrong_ball_first@2.9"}) || r.Next.BallInHand != shot.InHandTable {
			t.Fatalf("got fouls %v next %+v", got, r.Next)
		}
	})
	t.Run("opponent's ball pocketed with own called ball: only own counted", func(t *testing.T) {
		r := last(t, New(), game("8ball"), break8Miss(), callPot(3, "SL"), newShot().calls(4, "FL").hit(0, 4).hit(4, 12).pocket(4, "FL").pocket(12, "FR").rec())
		if !eqInts(r.Counted, []int{4}) || !eqInts(r.Pocketed, []int{4, 12}) || r.Turn != shot.TurnKeep {
			t.Fatalf("got counted %v pocketed %v turn %q", r.Counted, r.Pocketed, r.Turn)
		}
	})
}

func TestRule2_10_NoCall(t *testing.T) {
	e := New()
	r := last(t, e, game("8ball"), break8Miss(), newShot().noCall().hit(0, 3).pocket(3, "SL").rec())
	if !*r.Legal || r.Turn != shot.TurnPass || len(r.Counted) != 0 || r.Groups != nil || e.Snapshot().Has(3) {
		t.Fatalf("got legal %v turn %q counted %v groups %v", *r.Legal, r.Turn, r.Counted, r.Groups)
	}
}

func TestRule2_11_BallInHand(t *testing.T) {
	r := last(t, New(), game("8ball"), break8Miss(), foulNoRail(3))
	if r.Next.BallInHand != shot.InHandTable || r.Next.Player != "Anna" {
		t.Fatalf("got %+v", r.Next)
	}
	r = last(t, New(), game("8ball", OptKitchenBallInHand), break8Miss(), foulNoRail(3))
	if r.Next.BallInHand != shot.InHandKitchen {
		t.Fatalf("kitchen_ball_in_hand: got %+v", r.Next)
	}
}

func TestRule2_13_ObjectBallOffTableNotSpotted(t *testing.T) {
	e := New()
	r := last(t, e, game("8ball"), break8Miss(), newShot().hit(0, 3).rail(3, "foot").off(5).rec())
	if got := codes(r); !eqStrings(got, []string{"object_ball_off_table@2.13"}) || len(r.Spot) != 0 || e.Snapshot().Has(5) {
		t.Fatalf("got fouls %v spot %v", got, r.Spot)
	}
}

// onTheEight: Anna clears 1–6 on the break and calls and pockets the 7: she has
// the solids and is on the 8.
func onTheEight(t *testing.T) *Engine {
	e := New()
	r := last(t, e, game("8ball"), breakPots(1, 2, 3, 4, 5, 6), callPot(7, "FL"))
	if r.Groups["Anna"] != Solids || r.Next.Player != "Anna" {
		t.Fatalf("setup: got groups %v next %s", r.Groups, r.Next.Player)
	}
	if lf := e.Snapshot().LegalFirst; !eqInts(lf, []int{8}) {
		t.Fatalf("setup: legal first %v, want [8]", lf)
	}
	return e
}

func TestRule2_15_Losses(t *testing.T) {
	tests := []struct {
		name string
		shot *shot.Shot
		want string
	}{
		{"8 in the called pocket wins", callPot(8, "FR"), "Anna:eight_pocketed"},
		{"8 uncalled and obvious wins (2.3)", pot(8, "FR"), "Anna:eight_pocketed"},
		{"(4) 8 in another pocket than called", newShot().calls(8, "FR").hit(0, 8).pocket(8, "FL").rec(), "Boris:eight_wrong_pocket"},
		{"(1) 8 with a scratch", newShot().calls(8, "FR").hit(0, 8).pocket(8, "FR").pocket(0, "SL").rec(), "Boris:eight_with_foul"},
		{"(3) 8 off the table", newShot().hit(0, 8).off(8).rec(), "Boris:eight_off_table"},
		{"2.14: foul on the 8 without pocketing it is no loss", scratch(8), "<none>"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			e := onTheEight(t)
			r := e.Apply(9, tc.shot)
			if got := winner(r.GameOver); got != tc.want {
				t.Fatalf("got %s, want %s (fouls %v)", got, tc.want, codes(r))
			}
			if tc.want == "<none>" && (r.Next.Player != "Boris" || r.Next.BallInHand != shot.InHandTable) {
				t.Fatalf("got next %+v", r.Next)
			}
			if tc.want != "<none>" {
				w := *r.GameOver.Winner
				if r.Racks[w] != 1 {
					t.Errorf("got racks %v", r.Racks)
				}
				// 8-ball breaks alternate (2.5): Anna broke rack 1, Boris breaks rack 2.
				if r.Next.Player != "Boris" || r.Next.BallInHand != shot.InHandKitchen {
					t.Errorf("got next %+v, want Boris to break", r.Next)
				}
			}
		})
	}
	early := func(s *shot.Shot) shot.Ruling {
		e := New()
		runRecs(t, e, game("8ball"), breakPots(1, 2, 3, 4, 5), callPot(6, "FL"))
		return e.Apply(9, s)
	}
	if got := winner(early(newShot().hit(0, 7).hit(7, 8).pocket(7, "FL").pocket(8, "FR").rec()).GameOver); got != "Boris:eight_with_last_ball" {
		t.Errorf("(2) 8 with the last ball: got %s", got)
	}
	if got := winner(early(newShot().hit(0, 7).hit(7, 8).pocket(8, "FR").rec()).GameOver); got != "Boris:eight_pocketed_early" {
		t.Errorf("(5) 8 before the group: got %s", got)
	}
	r := last(t, New(), game("8ball"), break8Miss(), newShot().hit(0, 3).hit(3, 8).pocket(8, "FR").rec())
	if got := winner(r.GameOver); got != "Anna:eight_pocketed_early" {
		t.Errorf("(5) 8 on an open table: got %s", got)
	}
}

func TestRule2_16_Stalemate(t *testing.T) {
	e := New()
	runRecs(t, e, game("8ball"), break8Miss())
	var r shot.Ruling
	for i := 0; i < 6; i++ {
		r = e.Apply(10+i, foulNoRail(3))
		if i < 5 && r.GameOver != nil {
			t.Fatalf("foul %d: game over too early: %s (no three-foul loss in 8-ball)", i+1, winner(r.GameOver))
		}
	}
	if winner(r.GameOver) != "null:stalemate" || r.FoulsInRow["Anna"] != 3 || r.FoulsInRow["Boris"] != 3 {
		t.Fatalf("got %s fouls %v", winner(r.GameOver), r.FoulsInRow)
	}
	if r.Racks["Anna"] != 0 || r.Racks["Boris"] != 0 || r.Next.Player != "Anna" || !e.Snapshot().Breaking {
		t.Fatalf("stalemate: got racks %v next %s; want no rack and Anna (the breaker) to break again", r.Racks, r.Next.Player)
	}
	// no_stalemate option
	e = New()
	runRecs(t, e, game("8ball", OptNoStalemate), break8Miss())
	for i := 0; i < 7; i++ {
		r = e.Apply(10+i, foulNoRail(3))
	}
	if r.GameOver != nil {
		t.Fatalf("no_stalemate: got %s", winner(r.GameOver))
	}
}

func TestRule2_6_OffTableBreakWithoutDecision(t *testing.T) {
	brk := func() *shot.Shot {
		return newShot().from(0, 400, 635).hit(0, 1).rail(2, "foot").rail(3, "foot").rail(4, "left").rail(5, "right").off(6).to(0, 1200, 600).rec()
	}
	// From the kitchen: ball in hand in the kitchen was taken.
	e := New()
	r := last(t, e, game("8ball"), brk(), newShot().from(0, 300, 635).from(2, 1500, 600).hit(0, 2).rail(2, "foot").rec())
	if len(r.Fouls) != 0 || r.Shooter != "Boris" {
		t.Fatalf("kitchen: got fouls %v shooter %s", codes(r), r.Shooter)
	}
	// From where the cue ball lay: the table was accepted, no kitchen foul.
	e = New()
	r = last(t, e, game("8ball"), brk(), newShot().from(0, 1200, 600).from(2, 1500, 600).hit(0, 2).rail(2, "foot").rec())
	if len(r.Fouls) != 0 {
		t.Fatalf("accepted table: got fouls %v", codes(r))
	}
}
