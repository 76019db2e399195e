package sim

import (
	"testing"

	"github.com/cueref/cueref/shot"
)

// With Lag set, the match opens with lag records the rules engine accepts; the
// winner breaks the first rack, and each lag ball's events agree with its motion.
func TestLag(t *testing.T) {
	winners := map[string]int{}
	for seed := int64(0); seed < 12; seed++ {
		m, err := PlayMatch(MatchConfig{Game: "9ball", Racks: 1, Seed: seed, Table: tb9, Players: players, Lag: true})
		if err != nil {
			t.Fatalf("seed %d: %v", seed, err)
		}
		if len(m.Lags) == 0 {
			t.Fatalf("seed %d: no lag", seed)
		}
		for _, lg := range m.Lags {
			line, err := shot.Encode(lg.Record)
			if err != nil {
				t.Fatal(err)
			}
			if _, err := shot.Decode(line, 1); err != nil {
				t.Fatalf("seed %d: lag record does not decode: %v\n%s", seed, err, line)
			}
		}
		last := m.Lags[len(m.Lags)-1]
		r := m.Rulings[last.Index]
		w, ok := r.LagWinner()
		if !ok {
			t.Logf("seed %d: no winner after %d lags", seed, len(m.Lags))
			continue
		}
		winners[w]++
		first := m.Shots[0]
		if first.Intent != "break" || first.Shooter != w {
			t.Fatalf("seed %d: first shot %s by %s, want the break by the lag winner %s", seed, first.Intent, first.Shooter, w)
		}
		for i, name := range players {
			lb := last.Record.Balls[name]
			foot := false
			for _, e := range lb.Events {
				foot = foot || (e.Kind == shot.RailHit && e.Rail == "foot")
			}
			end, _ := last.Motion.Ball(i, last.Motion.Duration()+1)
			if (lb.Rest == nil) != end.Gone {
				t.Fatalf("seed %d %s: rest %v but motion gone=%v", seed, name, lb.Rest, end.Gone)
			}
			if !foot && lb.Rest != nil {
				t.Logf("seed %d %s: lag ball did not reach the foot rail", seed, name)
			}
		}
		t.Logf("seed %d: %s", seed, r.Text)
	}
	if winners[players[0]] == 0 || winners[players[1]] == 0 {
		t.Errorf("lag winners %v: want both players to win some", winners)
	}
}
