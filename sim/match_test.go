package sim

import (
	"bytes"
	"fmt"
	"sort"
	"strings"
	"testing"

	"github.com/cueref/cueref/rules"
	"github.com/cueref/cueref/shot"
	"github.com/cueref/cueref/table"
)

var players = [2]string{"Anna", "Boris"}

// Every game plays to a game over through the rules engine, with every record
// accepted and every shot record consistent with its motion.
func TestPlayMatchToGameOver(t *testing.T) {
	cases := []struct {
		game   string
		racks  int // 14.1 racks until the target is reached
		target int
		reason []string
	}{
		{"8ball", 1, 0, []string{"eight_pocketed", "eight_pocketed_early", "eight_with_foul", "eight_wrong_pocket", "eight_with_last_ball", "eight_off_table", "stalemate"}},
		{"9ball", 1, 0, []string{"nine_pocketed", "three_fouls"}},
		{"10ball", 1, 0, []string{"ten_pocketed", "three_fouls"}},
		{"14.1", 20, 25, []string{"target_reached"}},
	}
	for _, tc := range cases {
		for seed := int64(1); seed <= 3; seed++ {
			m, err := PlayMatch(MatchConfig{Game: tc.game, Racks: tc.racks, Seed: seed, Table: tb9, Players: players, Target: tc.target})
			if err != nil {
				t.Fatalf("%s seed %d: %v", tc.game, seed, err)
			}
			last := m.Rulings[len(m.Rulings)-1]
			if last.GameOver == nil {
				t.Fatalf("%s seed %d: no game over after %d records", tc.game, seed, len(m.Records))
			}
			ok := false
			for _, r := range tc.reason {
				ok = ok || last.GameOver.Reason == r
			}
			if !ok {
				t.Errorf("%s seed %d: game over %q, want one of %v", tc.game, seed, last.GameOver.Reason, tc.reason)
			}
			checkShots(t, tb9, m)
			w := "nobody"
			if last.GameOver.Winner != nil {
				w = *last.GameOver.Winner
			}
			t.Logf("%-6s seed %d: %3d shots, game over %s (%s), score %v", tc.game, seed, len(m.Shots), last.GameOver.Reason, w, last.Score)
		}
	}
}

// checkShots verifies each shot record against its motion and the contract:
// strike first, stop last, events in time order, contacts and rails with at,
// before = the motion's layout, after = the balls at rest on the bed.
func checkShots(t *testing.T, tb table.Table, m *Match) {
	t.Helper()
	for i, s := range m.Shots {
		if m.Records[s.Index] != shot.Record(s.Record) {
			t.Fatalf("shot %d: index %d is not its record", i, s.Index)
		}
		ev := s.Record.Events
		if len(ev) < 2 || ev[0].Kind != shot.Strike || ev[len(ev)-1].Kind != shot.Stop {
			t.Fatalf("shot %d: events do not run strike … stop: %v", i, ev)
		}
		for k, e := range ev {
			if k > 0 && e.T < ev[k-1].T {
				t.Fatalf("shot %d: event %d out of order", i, k)
			}
			if (e.Kind == shot.Contact || e.Kind == shot.RailHit) && e.At == nil {
				t.Fatalf("shot %d: %s event without at", i, e.Kind)
			}
		}
		if len(s.Record.Before) != len(s.Before) {
			t.Fatalf("shot %d: before has %d balls, layout %d", i, len(s.Record.Before), len(s.Before))
		}
		for b, q := range s.Motion.After() {
			st, _ := s.Motion.Ball(b, s.Motion.Duration()+1)
			if st.Pos.Dist(q) > 1e-9 || !st.OnBed {
				t.Fatalf("shot %d: ball %d after %v, motion at rest %v", i, b, q, st.Pos)
			}
		}
		// The ruling's spots are on the table at the next shot (unless a decision
		// or a new rack comes between).
		if i+1 < len(m.Shots) && m.Shots[i+1].Index == s.Index+1 && m.Shots[i+1].Intent != "break" {
			r := m.Rulings[s.Index]
			for _, pl := range r.Spot {
				if pl.Ball == 0 && r.Next.BallInHand != shot.InHandNone {
					continue
				}
				got, ok := m.Shots[i+1].Before[pl.Ball]
				if !ok || got.Dist(pl.At.P()) > 0.01 {
					t.Fatalf("shot %d: ball %d spotted at %v, next shot has it at %v (present %v)", i, pl.Ball, pl.At, got, ok)
				}
			}
		}
		// The record round-trips through the strict decoder.
		line, err := shot.Encode(s.Record)
		if err != nil {
			t.Fatal(err)
		}
		if _, err := shot.Decode(line, i+1); err != nil {
			t.Fatalf("shot %d does not decode: %v\n%s", i, err, line)
		}
	}
}

// The same seed gives a byte-identical shot log; another seed another log.
func TestPlayMatchDeterministic(t *testing.T) {
	logOf := func(seed int64) []byte {
		m, err := PlayMatch(MatchConfig{Game: "9ball", Racks: 3, Seed: seed, Table: tb9, Players: players})
		if err != nil {
			t.Fatal(err)
		}
		var b bytes.Buffer
		if err := m.WriteJSONL(&b); err != nil {
			t.Fatal(err)
		}
		return b.Bytes()
	}
	a, b, c := logOf(42), logOf(42), logOf(43)
	if !bytes.Equal(a, b) {
		t.Fatalf("seed 42 twice: shot logs differ (%d and %d bytes)", len(a), len(b))
	}
	if bytes.Equal(a, c) {
		t.Fatalf("seeds 42 and 43 gave the same shot log")
	}
	// The log replays through a fresh rules engine to the same rulings.
	m, _ := PlayMatch(MatchConfig{Game: "9ball", Racks: 3, Seed: 42, Table: tb9, Players: players})
	e := rules.New()
	rd := shot.NewReader(bytes.NewReader(a))
	for i := 0; ; i++ {
		ln, err := rd.Next()
		if err != nil {
			break
		}
		if ln.Err != nil {
			t.Fatalf("line %d: %v", ln.N, ln.Err)
		}
		r := e.Apply(ln.N, ln.Record)
		got, _ := r.MarshalJSON()
		want, _ := m.Rulings[i].MarshalJSON()
		if !bytes.Equal(got, want) {
			t.Fatalf("line %d: replayed ruling\n%s\nwant\n%s", ln.N, got, want)
		}
	}
}

func TestPlayMatchRejectsBadConfig(t *testing.T) {
	cases := []struct {
		name string
		cfg  MatchConfig
	}{
		{"unknown game", MatchConfig{Game: "snooker", Racks: 1, Table: tb9, Players: players}},
		{"no racks", MatchConfig{Game: "9ball", Racks: 0, Table: tb9, Players: players}},
		{"custom table", MatchConfig{Game: "9ball", Racks: 1, Table: table.Custom(3000, 1500), Players: players}},
		{"same players", MatchConfig{Game: "9ball", Racks: 1, Table: tb9, Players: [2]string{"A", "A"}}},
	}
	for _, tc := range cases {
		if _, err := PlayMatch(tc.cfg); err == nil || !strings.HasPrefix(err.Error(), "sim: ") {
			t.Errorf("%s: error %v, want a sim: error", tc.name, err)
		}
	}
}

// Two hundred racks across the four games: every rack finishes through the rules
// engine, and the camera-visible fouls all occur. Prints the counts per foul code.
func TestTwoHundredRacks(t *testing.T) {
	if testing.Short() {
		t.Skip("200 racks: skipped with -short")
	}
	games := []string{"8ball", "9ball", "10ball", "14.1"}
	fouls := map[string]int{}
	intents := map[string]int{}
	racks, shots, offTable, pocketed := 0, 0, 0, 0
	gameOvers := map[string]int{}
	for gi, g := range games {
		for seed := int64(0); seed < 10; seed++ {
			n := 5 // 4 games × 10 matches × 5 racks = 200
			m, err := PlayMatch(MatchConfig{Game: g, Racks: n, Seed: 1000*int64(gi) + seed, Table: tb9, Players: players, Target: 1000})
			if err != nil {
				t.Fatalf("%s seed %d: %v", g, seed, err)
			}
			last := m.Rulings[len(m.Rulings)-1]
			for _, r := range m.Rulings {
				for _, f := range r.Fouls {
					fouls[f.Code]++
				}
				if r.GameOver != nil && r.Kind == "shot" {
					gameOvers[g+" "+r.GameOver.Reason]++
				}
			}
			switch {
			case g == "14.1" && last.Rack > n:
				racks += n
			case g != "14.1" && last.GameOver != nil && last.Rack == n:
				racks += n
			default:
				t.Errorf("%s seed %d: stopped at rack %d (game over %v) after %d shots, want %d racks done", g, seed, last.Rack, last.GameOver, len(m.Shots), n)
			}
			for _, s := range m.Shots {
				shots++
				intents[s.Intent]++
				for _, e := range s.Record.Events {
					switch e.Kind {
					case shot.OffTable:
						offTable++
					case shot.Pocketed:
						pocketed++
					}
				}
			}
		}
	}
	t.Logf("%d racks, %d shots, %d balls pocketed, %d off the table (1 per %.0f shots)", racks, shots, pocketed, offTable, float64(shots)/float64(max(offTable, 1)))
	t.Logf("fouls: %s", sortedCounts(fouls))
	t.Logf("intents: %s", sortedCounts(intents))
	t.Logf("game overs: %s", sortedCounts(gameOvers))
	if racks != 200 {
		t.Errorf("%d racks done, want 200", racks)
	}
	for _, code := range []string{shot.CueBallPocketed, shot.WrongBallFirst, shot.NoRail, shot.NoContact} {
		if fouls[code] == 0 {
			t.Errorf("no %s foul in %d shots", code, shots)
		}
	}
	if fouls[shot.ObjectBallOffTable]+fouls[shot.CueBallOffTable] == 0 {
		t.Errorf("no ball off the table in %d shots", shots)
	}
}

func sortedCounts(m map[string]int) string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	var b strings.Builder
	for _, k := range keys {
		fmt.Fprintf(&b, "%s=%d ", k, m[k])
	}
	return b.String()
}

// BenchmarkRack reports racks and shots simulated per wall-clock second (9-ball,
// players, physics and the rules engine together).
func BenchmarkRack(b *testing.B) {
	racks, shots := 0, 0
	seed := int64(0)
	for b.Loop() {
		seed++
		m, err := PlayMatch(MatchConfig{Game: "9ball", Racks: 1, Seed: seed, Table: tb9, Players: players})
		if err != nil {
			b.Fatal(err)
		}
		racks++
		shots += len(m.Shots)
	}
	b.ReportMetric(float64(racks)/b.Elapsed().Seconds(), "racks/s")
	b.ReportMetric(float64(shots)/b.Elapsed().Seconds(), "shots/s")
}
