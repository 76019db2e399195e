package rules

import (
	"math"
	"strings"
	"testing"

	"github.com/cueref/cueref/shot"
	"github.com/cueref/cueref/table"
)

func lagBall(rest *shot.Point, evs ...shot.Event) shot.LagBall {
	return shot.LagBall{Events: evs, Rest: rest}
}

func lr(r string) shot.Event    { return shot.Event{Kind: shot.RailHit, Rail: r} }
func lkind(k string) shot.Event { return shot.Event{Kind: k} }

func TestRule1_5_Lag(t *testing.T) {
	good := func(x float64) shot.LagBall { return lagBall(pt(x, 300), lr("foot")) }
	jaws := pt(10, 10) // behind the HL jaw line, beyond the head-rail nose
	tests := []struct {
		name  string
		anna  shot.LagBall
		boris shot.LagBall
		want  string // winner or "" for re-lag
	}{
		{"closest to the head rail wins", good(200), good(300), "Anna"},
		{"closest wins (Boris)", good(500), good(60), "Boris"},
		{"(1) crossed into the opponent's half", lagBall(pt(100, 300), lr("foot"), lkind(shot.Cross)), good(600), "Boris"},
		{"(2) did not reach the foot rail", lagBall(pt(100, 300)), good(600), "Boris"},
		{"(3) pocketed", lagBall(nil, lr("foot"), shot.Event{Kind: shot.Pocketed, Pocket: "HL"}), good(600), "Boris"},
		{"(4) off the table", lagBall(nil, lr("foot"), lkind(shot.OffTable)), good(600), "Boris"},
		{"(4) no rest position", lagBall(nil, lr("foot")), good(600), "Boris"},
		{"(5) touched a long rail", lagBall(pt(100, 300), lr("foot"), lr("left")), good(600), "Boris"},
		{"(6) stopped in the corner jaws beyond the head-rail nose", lagBall(jaws, lr("foot")), good(600), "Boris"},
		{"(7) foot rail twice", lagBall(pt(100, 300), lr("foot"), lr("head"), lr("foot")), good(600), "Boris"},
		{"both lose: re-lag", lagBall(pt(100, 300)), lagBall(pt(100, 900)), ""},
		{"tie: re-lag", good(250), good(250.5), ""},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			e := New()
			r := last(t, e, game("9ball"), &shot.Lag{Balls: map[string]shot.LagBall{"Anna": tc.anna, "Boris": tc.boris}})
			got, ok := r.LagWinner()
			if tc.want == "" {
				if ok || string(r.Winner) != "null" {
					t.Fatalf("got winner %s, want null (re-lag); notes %v", r.Winner, r.Notes)
				}
				if len(r.Next.Options) != 0 {
					t.Errorf("re-lag: got options %v, want none", r.Next.Options)
				}
				if !e.Snapshot().LagDue {
					t.Errorf("after a re-lag a lag must still be due")
				}
				return
			}
			if got != tc.want {
				t.Fatalf("got winner %q, want %q (notes %v)", got, tc.want, r.Notes)
			}
			if r.Next.Player != tc.want || !eqStrings(r.Next.Options, []string{"break", "pass"}) {
				t.Errorf("got next %+v, want %s with break/pass", r.Next, tc.want)
			}
		})
	}
}

func TestRule1_5_LagErrors(t *testing.T) {
	e := New()
	runRecs(t, e, game("9ball"))
	before := e.Snapshot()
	r := e.Apply(2, &shot.Lag{Balls: map[string]shot.LagBall{"Anna": lagBall(pt(100, 300), lr("foot")), "Carl": lagBall(pt(200, 300), lr("foot"))}})
	if r.Kind != shot.KindError || !strings.Contains(r.Error, "Carl") {
		t.Fatalf("lag with an unknown player: got kind %q error %q, want an error naming Carl", r.Kind, r.Error)
	}
	if mustJSON(e.Snapshot()) != mustJSON(before) {
		t.Errorf("rejected lag changed the state")
	}
	runRecs(t, e, break9())
	r = e.Apply(4, &shot.Lag{Balls: map[string]shot.LagBall{"Anna": lagBall(pt(100, 300), lr("foot")), "Boris": lagBall(pt(200, 300), lr("foot"))}})
	if r.Kind != shot.KindError {
		t.Fatalf("lag after the first shot: got kind %q, want error", r.Kind)
	}
}

func TestRule1_6_LagThenBreakOrPass(t *testing.T) {
	lag := &shot.Lag{Balls: map[string]shot.LagBall{"Anna": lagBall(pt(400, 300), lr("foot")), "Boris": lagBall(pt(100, 900), lr("foot"))}}
	for _, tc := range []struct{ choice, breaker string }{{"break", "Boris"}, {"pass", "Anna"}} {
		e := New()
		r := last(t, e, game("9ball"), lag, &shot.Decision{Choice: tc.choice})
		if r.Next.Player != tc.breaker || r.Next.BallInHand != shot.InHandKitchen {
			t.Errorf("%s: got next %+v, want %s in the kitchen", tc.choice, r.Next, tc.breaker)
		}
		if s := e.Snapshot(); !s.Breaking || s.Breaker != tc.breaker {
			t.Errorf("%s: got breaking %v breaker %q", tc.choice, s.Breaking, s.Breaker)
		}
	}
	// A decision not on offer is an error and changes nothing.
	e := New()
	runRecs(t, e, game("9ball"), lag)
	before := mustJSON(e.Snapshot())
	if r := e.Apply(3, &shot.Decision{Choice: "rerack"}); r.Kind != shot.KindError {
		t.Fatalf("got kind %q, want error for a choice not in options", r.Kind)
	}
	if mustJSON(e.Snapshot()) != before {
		t.Errorf("rejected decision changed the state")
	}
}

func TestRule1_7_Kitchen(t *testing.T) {
	hs := t9.HeadString() // 635
	tests := []struct {
		name string
		shot *shot.Shot
		want []string
	}{
		{"break from inside the kitchen", newShot().from(0, hs-1, 635).hit(0, 1).pocket(2, "FL").rec(), nil},
		{"break from the head string itself (rule 1.14: outside)", newShot().from(0, hs, 635).hit(0, 1).pocket(2, "FL").rec(), []string{"cue_ball_outside_kitchen@1.7"}},
		{"break from outside", newShot().from(0, 900, 635).hit(0, 1).pocket(2, "FL").rec(), []string{"cue_ball_outside_kitchen@1.7"}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			r := last(t, New(), game("9ball"), tc.shot)
			if got := codes(r); !eqStrings(got, tc.want) {
				t.Fatalf("got fouls %v, want %v", got, tc.want)
			}
		})
	}
}

func TestRule1_7_KitchenFirstContact(t *testing.T) {
	// 9-ball: Anna scratches so Boris... use 14.1 where a scratch gives ball in hand
	// in the kitchen (rule 4.10), and every ball is legal.
	setup := func() *Engine {
		e := New()
		runRecs(t, e, game("14.1"), break141(), scratch(11)) // Boris scratches: Anna in hand in the kitchen
		if s := e.Snapshot(); s.BallInHand != shot.InHandKitchen || s.Next != "Anna" {
			t.Fatalf("setup: got in hand %q next %q", s.BallInHand, s.Next)
		}
		return e
	}
	hs := t9.HeadString()
	tests := []struct {
		name string
		shot *shot.Shot
		want []string
	}{
		{"ball in the kitchen hit directly", newShot().from(0, 300, 635).from(3, 500, 300).hitAt(0, 3, 480, 330).rail(3, "left").rec(), []string{"kitchen_first_contact@1.7"}},
		{"ball on the head string hit directly (rule 1.14: playable)", newShot().from(0, 300, 635).from(3, hs, 300).hitAt(0, 3, hs-20, 330).rail(3, "left").rec(), nil},
		{"ball in the kitchen after the cue ball came back off the foot rail", newShot().from(0, 300, 635).from(3, 500, 300).rail(0, "foot").hitAt(0, 3, 520, 330).rail(3, "left").rec(), nil},
		{"ball straddling: cue ball centre past the head string at the contact", newShot().from(0, 300, 635).from(3, 620, 300).hitAt(0, 3, 640, 330).rail(3, "left").rec(), nil},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			e := setup()
			r := e.Apply(9, tc.shot)
			if got := codes(r); !eqStrings(got, tc.want) {
				t.Fatalf("got fouls %v, want %v (notes %v)", got, tc.want, r.Notes)
			}
		})
	}
}

// oneFoul9 sets up 9-ball after a legal break (Anna keeps the table), plays s and
// returns the ruling.
func oneFoul9(t *testing.T, s *shot.Shot) shot.Ruling {
	t.Helper()
	e := New()
	runRecs(t, e, game("9ball"), break9())
	return e.Apply(3, s)
}

func TestGeneralFouls(t *testing.T) {
	tests := []struct {
		name string
		shot *shot.Shot
		want []string
	}{
		{"Rule1_12_BallsMoving", newShot().moving(5).hit(0, 1).rail(1, "foot").rec(), []string{"balls_moving@1.12"}},
		{"Rule1_16_NoContact", newShot().rail(0, "foot").rec(), []string{"no_contact@1.16"}},
		{"Rule1_17_NoRail", foulNoRail(1), []string{"no_rail@3.9"}},
		{"Rule1_17_PocketIsEnough", newShot().hit(0, 1).hit(1, 3).pocket(3, "SL").rec(), nil},
		{"Rule1_17_CueBallRailIsEnough", newShot().hit(0, 1).rail(0, "left").rec(), nil},
		{"Rule1_17_RailBeforeContactIsNotEnough", newShot().rail(0, "left").hit(0, 1).rec(), []string{"no_rail@3.9"}},
		{"Rule1_18_Scratch", scratch(1), []string{"cue_ball_pocketed@1.18"}},
		{"Rule1_19_Touch", newShot().hit(0, 1).rail(1, "foot").touch(4).rec(), []string{"touched_ball@1.19"}},
		{"Rule1_20_DoubleHit", newShot().dbl().hit(0, 1).rail(1, "foot").rec(), []string{"double_hit@1.20"}},
		{"Rule1_23_CueBallOffTable", newShot().hit(0, 1).rail(1, "foot").off(0).rec(), []string{"cue_ball_off_table@1.23"}},
		{"Rule3_11_ObjectBallOffTable", newShot().hit(0, 1).rail(1, "foot").off(5).rec(), []string{"object_ball_off_table@3.11"}},
		{"Rule3_8_WrongBallFirst", newShot().hit(0, 3).rail(3, "foot").rec(), []string{"wrong_ball_first@3.8"}},
		{"Rule1_24_SeveralViolationsOneFoul", newShot().dbl().hit(0, 3).rail(3, "foot").pocket(0, "SL").rec(), []string{"double_hit@1.20", "wrong_ball_first@3.8", "cue_ball_pocketed@1.18"}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			r := oneFoul9(t, tc.shot)
			if r.Kind != "shot" {
				t.Fatalf("got kind %q (%s)", r.Kind, r.Error)
			}
			if got := codes(r); !eqStrings(got, tc.want) {
				t.Fatalf("got fouls %v, want %v", got, tc.want)
			}
			wantLegal := len(tc.want) == 0
			if *r.Legal != wantLegal {
				t.Errorf("got legal %v, want %v", *r.Legal, wantLegal)
			}
			if !wantLegal {
				// One foul (rule 1.24): the count goes up by one, ball in hand anywhere (3.7).
				if r.FoulsInRow["Anna"] != 1 {
					t.Errorf("got fouls_in_row %d, want 1 (rule 1.24)", r.FoulsInRow["Anna"])
				}
				if r.Next.Player != "Boris" || r.Next.BallInHand != shot.InHandTable || r.Turn != shot.TurnPass {
					t.Errorf("got turn %q next %+v, want pass to Boris with ball in hand anywhere", r.Turn, r.Next)
				}
			}
		})
	}
}

func TestRule1_31_FrozenBall(t *testing.T) {
	// The 1 frozen to the foot rail at the stroke.
	fx := t9.L - t9.BallR
	base := func() *sb { return newShot().from(0, 1800, 635).from(1, fx, 635).from(3, 1500, 300) }
	tests := []struct {
		name string
		shot *shot.Shot
		want []string
	}{
		{"(1) a ball pocketed", base().hit(0, 1).hit(1, 3).pocket(3, "FL").rec(), nil},
		{"(2) cue ball to a rail", base().hit(0, 1).rail(0, "left").rec(), nil},
		{"(3) the frozen ball to another rail", base().hit(0, 1).rail(1, "right").rec(), nil},
		{"(4) another ball to a rail", base().hit(0, 1).hit(0, 3).rail(3, "left").rec(), nil},
		{"only back to its own rail: fails", base().hit(0, 1).rail(1, "foot").rec(), []string{"frozen_ball_rail@1.31"}},
		{"own rail after touching another ball: counts", base().hit(0, 1).hit(1, 3).rail(1, "foot").rec(), nil},
		{"nothing to a rail: both violations listed", base().hit(0, 1).rec(), []string{"no_rail@3.9", "frozen_ball_rail@1.31"}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			r := oneFoul9(t, tc.shot)
			if got := codes(r); !eqStrings(got, tc.want) {
				t.Fatalf("got fouls %v, want %v (notes %v)", got, tc.want, r.Notes)
			}
		})
	}
}

func TestRule1_26_Spotting(t *testing.T) {
	tb := t9
	fs := tb.FootSpot()
	y := tb.W / 2
	D := 2 * tb.BallR
	near := func(a shot.Point, x, y float64) bool { return math.Abs(a[0]-x) < 0.01 && math.Abs(a[1]-y) < 0.01 }
	t.Run("free foot spot: lowest on it, the rest behind towards the foot rail", func(t *testing.T) {
		got := spotBalls(tb, []int{9, 3}, shot.Positions{}, nil)
		if len(got) != 2 || got[0].Ball != 3 || !near(got[0].At, fs.X, y) || got[1].Ball != 9 || !near(got[1].At, fs.X+D, y) {
			t.Fatalf("got %v, want 3 on the foot spot (%.1f) and 9 frozen behind it", got, fs.X)
		}
	})
	t.Run("object ball on the foot spot: frozen behind it", func(t *testing.T) {
		got := spotBalls(tb, []int{9}, shot.Positions{5: {fs.X, y}}, nil)
		if len(got) != 1 || !near(got[0].At, fs.X+D, y) {
			t.Fatalf("got %v, want the 9 at x=%.2f", got, fs.X+D)
		}
	})
	t.Run("object ball off the string partly in the way", func(t *testing.T) {
		dy := 30.0
		got := spotBalls(tb, []int{9}, shot.Positions{5: {fs.X, y + dy}}, nil)
		want := fs.X + math.Sqrt(D*D-dy*dy)
		if !near(got[0].At, want, y) || tb.Overlaps(got[0].At.P(), table.Point{X: fs.X, Y: y + dy}) {
			t.Fatalf("got %v, want x=%.2f frozen to the 5", got, want)
		}
	})
	t.Run("cue ball in the way: close but not frozen", func(t *testing.T) {
		cue := table.Point{X: fs.X, Y: y}
		got := spotBalls(tb, []int{9}, shot.Positions{0: {fs.X, y}}, &cue)
		want := fs.X + D + CueGap
		if !near(got[0].At, want, y) || tb.Frozen(got[0].At.P(), cue) {
			t.Fatalf("got %v, want x=%.2f, not frozen to the cue ball", got, want)
		}
	})
	t.Run("no room to the foot rail: in front of the foot spot, lowest in front", func(t *testing.T) {
		// Balls across the string behind the foot spot up to the rail.
		block := shot.Positions{}
		for i, x := 0, fs.X; x < tb.L; i, x = i+1, x+D {
			block[1+i] = shot.Point{x, y}
		}
		got := spotBalls(tb, []int{12, 14}, block, nil)
		if len(got) != 2 || got[0].Ball != 12 || got[1].Ball != 14 {
			t.Fatalf("got %v", got)
		}
		if !near(got[1].At, fs.X-D, y) || !near(got[0].At, fs.X-2*D, y) {
			t.Fatalf("got %v, want 14 at %.2f and 12 in front at %.2f", got, fs.X-D, fs.X-2*D)
		}
	})
}

func TestRule1_25_Settle(t *testing.T) {
	t.Run("hanging ball falls between shots: put back", func(t *testing.T) {
		e := New()
		r := last(t, e, game("9ball"), break9(), &shot.Settle{Ball: 5, Pocket: "FR", From: pt(2490, 1240)})
		if len(r.Restore) != 1 || r.Restore[0].Ball != 5 || r.Restore[0].At != (shot.Point{2490, 1240}) {
			t.Fatalf("got restore %v", r.Restore)
		}
		s := e.Snapshot()
		if !s.Has(5) || s.Layout[5] != (shot.Point{2490, 1240}) || s.Next != "Anna" {
			t.Fatalf("ball 5 must stay on the table at from; got on_table %v layout %v next %s", s.OnTable, s.Layout[5], s.Next)
		}
	})
	t.Run("ball moves by itself during the stroke: restore and replay", func(t *testing.T) {
		e := New()
		runRecs(t, e, game("9ball"), break9())
		s := newShot().from(0, 1500, 600).from(4, 2490, 1240).settle(4, "FR").hit(0, 1).to(0, 1700, 700).rec()
		r := e.Apply(3, s)
		if !r.Replay || r.Turn != shot.TurnKeep || len(r.Fouls) != 0 || r.Next.Player != "Anna" {
			t.Fatalf("got replay %v turn %q fouls %v next %s", r.Replay, r.Turn, r.Fouls, r.Next.Player)
		}
		if !e.Snapshot().Has(4) {
			t.Errorf("ball 4 must be back on the table")
		}
		found := false
		for _, p := range r.Restore {
			if p.Ball == 0 && p.At == (shot.Point{1500, 600}) {
				found = true
			}
		}
		if !found {
			t.Errorf("cue ball not restored: %v", r.Restore)
		}
	})
}

func TestRefereeFoulAndUndo(t *testing.T) {
	e := New()
	runRecs(t, e, game("9ball"), break9())
	r := e.Apply(3, pot(1, "SL"))
	if r.Next.Player != "Anna" {
		t.Fatalf("setup: got next %s", r.Next.Player)
	}
	r = e.Apply(4, &shot.Foul{Code: "feet_off_floor"})
	if r.Kind != "foul" || *r.Legal || len(r.Fouls) != 1 || r.Fouls[0].Code != "referee" || r.Fouls[0].Entered != "feet_off_floor" || r.Fouls[0].Rule != "1.11" {
		t.Fatalf("got kind %q legal %v fouls %v", r.Kind, *r.Legal, r.Fouls)
	}
	if r.Next.Player != "Boris" || r.Next.BallInHand != shot.InHandTable || len(r.Counted) != 0 || r.FoulsInRow["Anna"] != 1 {
		t.Fatalf("re-judged shot: got next %+v counted %v fouls_in_row %v", r.Next, r.Counted, r.FoulsInRow)
	}
	// The 1 stays down (rule 3.7); the state is as if the foul had been seen.
	if e.Snapshot().Has(1) {
		t.Errorf("the 1 must stay down")
	}
	// A foul after a decision or nothing is an error.
	e2 := New()
	runRecs(t, e2, game("9ball"))
	if r := e2.Apply(2, &shot.Foul{Code: "feet_off_floor"}); r.Kind != shot.KindError {
		t.Fatalf("foul with no shot: got kind %q", r.Kind)
	}
	// Undo takes the shot back (with its entered foul).
	r = e.Apply(5, &shot.Undo{})
	if r.Kind != "undo" || r.Next.Player != "Anna" || !e.Snapshot().Has(1) || r.FoulsInRow["Anna"] != 0 {
		t.Fatalf("undo: got kind %q next %s has1 %v", r.Kind, r.Next.Player, e.Snapshot().Has(1))
	}
	r = e.Apply(6, &shot.Undo{})
	if r.Next.Player != "Anna" || !e.Snapshot().Breaking {
		t.Fatalf("second undo must take back the break")
	}
	if r := e.Apply(7, &shot.Undo{}); r.Kind != shot.KindError {
		t.Fatalf("undo with nothing to undo: got kind %q", r.Kind)
	}
}

func TestErrorsLeaveStateUnchanged(t *testing.T) {
	e := New()
	if r := e.Apply(1, break9()); r.Kind != shot.KindError || !strings.Contains(r.Error, "no game") {
		t.Fatalf("shot before any game: got %q %q", r.Kind, r.Error)
	}
	if r := e.Apply(1, &shot.Game{Game: "9ball", Players: []string{"A", "B"}, Rules: "bogus"}); r.Kind != shot.KindError {
		t.Fatalf("unknown profile: got %q", r.Kind)
	}
	if r := e.Apply(1, &shot.Game{Game: "9ball", Players: []string{"A", "B"}, Options: []string{"bogus"}}); r.Kind != shot.KindError {
		t.Fatalf("unknown option: got %q", r.Kind)
	}
	runRecs(t, e, game("9ball"), break9())
	before := mustJSON(e.Snapshot())
	for i, rec := range []shot.Record{&shot.Decision{Choice: "accept"}, &shot.Settle{Ball: 2}, &shot.Call{PushOut: true}} {
		_ = i
		if rec.Type() == "call" {
			// push-out is allowed here (right after a legal break): use a ball that is gone instead.
			b := 2
			rec = &shot.Call{Ball: &b, Pocket: "FL"}
		}
		r := e.Apply(10+i, rec)
		if r.Kind != shot.KindError {
			t.Fatalf("%s: got kind %q, want error", rec.Type(), r.Kind)
		}
		if r.Next.Player != "Anna" || len(r.OnTable) != 8 {
			t.Errorf("error ruling must carry the state: got next %q on_table %v", r.Next.Player, r.OnTable)
		}
		if mustJSON(e.Snapshot()) != before {
			t.Fatalf("%s: rejected record changed the state", rec.Type())
		}
	}
	r := e.Reject(20, &shot.Error{Line: 20, Msg: "not valid JSON"})
	if r.Kind != shot.KindError || r.Seq != 20 || !strings.Contains(r.Error, "not valid JSON") || mustJSON(e.Snapshot()) != before {
		t.Fatalf("Reject: got %+v", r)
	}
}

func TestSnapshotIsDeepCopy(t *testing.T) {
	e := New()
	runRecs(t, e, game("8ball"), break8Miss())
	s := e.Snapshot()
	s.OnTable[0] = 99
	s.Score["Anna"] = 1000
	s.Layout[0] = shot.Point{1, 1}
	s2 := e.Snapshot()
	if s2.OnTable[0] == 99 || s2.Score["Anna"] == 1000 {
		t.Fatalf("Snapshot shares memory with the engine")
	}
}

func TestRule4_2_LiveCallRecord(t *testing.T) {
	three := 3
	e, _ := run141(t, game141(0))
	r := last(t, e, &shot.Call{Ball: &three, Pocket: "SL"})
	if r.Kind != "call" || r.Call == nil || *r.Call.Ball != 3 {
		t.Fatalf("got %+v", r)
	}
	r = last(t, e, pot(3, "SL")) // the shot itself carries no call
	if r.Score["Boris"] != 1 || r.Turn != shot.TurnKeep {
		t.Fatalf("the live call must apply to the next shot: got score %v turn %q", r.Score, r.Turn)
	}
	r = last(t, e, pot(4, "SL")) // the call was used up
	if r.Score["Boris"] != 1 || r.Turn != shot.TurnPass {
		t.Fatalf("a live call applies to one shot only: got score %v turn %q", r.Score, r.Turn)
	}
	if r := e.Apply(99, &shot.Call{Ball: &three, Pocket: "SL"}); r.Kind != shot.KindError {
		t.Fatalf("calling a ball that is not on the table: got %q", r.Kind)
	}
}

func TestRefereeFoulAfterSettle(t *testing.T) {
	e := New()
	runRecs(t, e, game("9ball"), break9(), pot(1, "SL"), &shot.Settle{Ball: 5, Pocket: "FR", From: pt(2490, 1240)})
	r := last(t, e, &shot.Foul{Code: "not_tip"})
	if r.Kind != "foul" || r.Next.Player != "Boris" || r.Fouls[0].Rule != "1.3" {
		t.Fatalf("got %+v", r)
	}
	if s := e.Snapshot(); s.Layout[5] != (shot.Point{2490, 1240}) || s.Has(1) {
		t.Fatalf("the settle after the shot must be kept: layout %v", s.Layout[5])
	}
	// Undo now takes back the re-judged shot and the settle with it.
	r = last(t, e, &shot.Undo{})
	if r.Next.Player != "Anna" || !e.Snapshot().Has(1) {
		t.Fatalf("undo: got next %s", r.Next.Player)
	}
}

func TestUndoIsExact(t *testing.T) {
	e := New()
	runRecs(t, e, game141(0))
	recs := []shot.Record{
		&shot.Lag{Balls: map[string]shot.LagBall{"Anna": lagBall(pt(100, 300), lr("foot")), "Boris": lagBall(pt(200, 900), lr("foot"))}},
		dec("break"), break141(), callPot(3, "SL"), foulNoRail(4), scratch(5), newShot().safety().hit(0, 6).pocket(6, "FL").rec(),
	}
	var snaps []string
	for i, r := range recs {
		snaps = append(snaps, mustJSON(e.Snapshot()))
		if ru := e.Apply(i+2, r); ru.Kind == shot.KindError {
			t.Fatalf("record %d: %s", i, ru.Error)
		}
	}
	for i := len(recs) - 1; i >= 0; i-- {
		if r := e.Apply(100+i, &shot.Undo{}); r.Kind != "undo" {
			t.Fatalf("undo %d: got %q %s", i, r.Kind, r.Error)
		}
		if got := mustJSON(e.Snapshot()); got != snaps[i] {
			t.Fatalf("undo of record %d: state differs\n got %s\nwant %s", i, got, snaps[i])
		}
	}
}
