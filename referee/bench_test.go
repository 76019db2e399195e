package referee

import (
	"context"
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/cueref/cueref/journal"
	"github.com/cueref/cueref/sim"
	"github.com/cueref/cueref/table"
)

func benchMatch(b *testing.B) *sim.Match {
	m, err := sim.PlayMatch(sim.MatchConfig{Game: "9ball", Racks: 5, Seed: 3, Table: table.MustNew("9ft"),
		Players: [2]string{"Anna", "Boris"}, Race: 3})
	if err != nil {
		b.Fatal(err)
	}
	return m
}

// BenchmarkLiveMatch: journal (fsync) + judge + fan out, per record, for a
// simulated 9-ball match fed as the daemon feeds it.
func BenchmarkLiveMatch(b *testing.B) {
	m := benchMatch(b)
	var total time.Duration
	records := 0
	for i := 0; i < b.N; i++ {
		dir := b.TempDir()
		var rec recorder
		ref, err := New(Config{StateDir: dir, Outputs: []Output{&rec}, Log: quiet()})
		if err != nil {
			b.Fatal(err)
		}
		ctx, cancel := context.WithCancel(context.Background())
		go ref.Run(ctx)
		start := time.Now()
		playThrough(b, ref, &rec, m)
		total += time.Since(start)
		records += len(m.Records)
		cancel()
		<-ref.Done()
	}
	b.ReportMetric(float64(total.Microseconds())/float64(records), "µs/record")
	b.ReportMetric(float64(len(m.Records)), "records/match")
}

// BenchmarkRestore: New over the journal of a finished match (open, decode,
// replay through a fresh engine).
func BenchmarkRestore(b *testing.B) {
	m := benchMatch(b)
	dir := b.TempDir()
	f, _ := os.Create(filepath.Join(dir, journal.FileName))
	m.WriteJSONL(f)
	f.Close()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		ref, err := New(Config{StateDir: dir, Log: quiet()})
		if err != nil {
			b.Fatal(err)
		}
		ref.journal.Close()
	}
	b.ReportMetric(float64(b.Elapsed().Microseconds())/float64(b.N*len(m.Records)), "µs/record")
	b.ReportMetric(float64(len(m.Records)), "records/match")
}

// BenchmarkMalformedCommand: the round trip of a refused command through Do.
func BenchmarkMalformedCommand(b *testing.B) {
	ref, err := New(Config{StateDir: b.TempDir(), Log: quiet()})
	if err != nil {
		b.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	defer func() { cancel(); <-ref.Done() }()
	go ref.Run(ctx)
	data := []byte(`{"type":"decision","choice":"surrender","id":"x"}`)
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		if res := ref.Do(ctx, "bench", data); res.OK {
			b.Fatal("accepted")
		}
	}
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N)/1000, "µs/command")
}
