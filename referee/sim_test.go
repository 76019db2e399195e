package referee

import (
	"bytes"
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"reflect"
	"runtime"
	"testing"

	"github.com/cueref/cueref/journal"
	"github.com/cueref/cueref/shot"
	"github.com/cueref/cueref/sim"
	"github.com/cueref/cueref/table"
)

// playThrough feeds a simulated match into a running referee the way run does:
// shots on Shots(), everything else as commands.
func playThrough(t testing.TB, ref *Referee, rec *recorder, m *sim.Match) {
	for i, r := range m.Records {
		if s, ok := r.(*shot.Shot); ok {
			rec.mu.Lock()
			n := len(rec.rulings)
			rec.mu.Unlock()
			ref.Shots() <- s
			for {
				rec.mu.Lock()
				done := len(rec.rulings) > n
				rec.mu.Unlock()
				if done {
					break
				}
				runtime.Gosched()
			}
			continue
		}
		data, err := shot.Encode(r)
		if err != nil {
			t.Fatal(err)
		}
		if res := ref.Do(context.Background(), "sim", data); !res.OK || res.Seq != i+1 {
			t.Fatalf("record %d %s: got %+v, want ok seq %d", i+1, data, res, i+1)
		}
	}
}

// Whole simulated matches: the referee's rulings are the ground truth's (the
// simulator's own pass through the rules engine), and a restart resumes them.
func TestSimulatedMatches(t *testing.T) {
	for _, g := range []string{"8ball", "9ball", "10ball", "14.1"} {
		t.Run(g, func(t *testing.T) {
			m, err := sim.PlayMatch(sim.MatchConfig{Game: g, Racks: 2, Seed: 7, Table: table.MustNew("9ft"),
				Players: [2]string{"Anna", "Boris"}, Race: 2, Target: 30})
			if err != nil {
				t.Fatal(err)
			}
			dir := t.TempDir()
			var rec recorder
			ref, stop := started(t, dir, &rec)
			playThrough(t, ref, &rec, m)
			if len(rec.rulings) != len(m.Rulings) {
				t.Fatalf("got %d rulings, want %d", len(rec.rulings), len(m.Rulings))
			}
			for i := range m.Rulings {
				got, _ := json.Marshal(rec.rulings[i])
				want, _ := json.Marshal(m.Rulings[i])
				if !bytes.Equal(got, want) {
					t.Fatalf("ruling %d:\ngot  %s\nwant %s", i+1, got, want)
				}
			}
			live, _ := ref.Status(context.Background())
			stop()
			// The journal is the shot log itself.
			data, _ := os.ReadFile(filepath.Join(dir, journal.FileName))
			var log bytes.Buffer
			m.WriteJSONL(&log)
			if !bytes.Equal(data, log.Bytes()) {
				t.Errorf("the journal differs from the simulator's shot log")
			}
			again, err := New(Config{StateDir: dir, Log: quiet()})
			if err != nil {
				t.Fatal(err)
			}
			defer again.journal.Close()
			restored, _ := again.Status(context.Background())
			if !reflect.DeepEqual(restored, live) {
				t.Errorf("after restart:\ngot  %+v\nwant %+v", restored, live)
			}
			t.Logf("%s: %d records, %d shots, match over %v", g, len(m.Records), len(m.Shots), live.State.MatchOver != nil)
		})
	}
}
