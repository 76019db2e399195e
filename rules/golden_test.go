package rules

import (
	"bytes"
	"encoding/json"
	"flag"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/cueref/cueref/shot"
)

var update = flag.Bool("update", false, "rewrite testdata/*.golden from the engine's rulings")

// judgeLog runs a shot log through a fresh engine, one JSON ruling a line.
func judgeLog(t *testing.T, in []byte) []byte {
	t.Helper()
	e := New()
	rd := shot.NewReader(bytes.NewReader(in))
	var out bytes.Buffer
	for {
		line, err := rd.Next()
		if err == io.EOF {
			break
		}
		if err != nil {
			t.Fatal(err)
		}
		var r shot.Ruling
		if line.Err != nil {
			r = e.Reject(line.N, line.Err)
		} else {
			r = e.Apply(line.N, line.Record)
		}
		b, err := json.Marshal(r)
		if err != nil {
			t.Fatal(err)
		}
		out.Write(b)
		out.WriteByte('\n')
	}
	return out.Bytes()
}

// TestGoldenRacks replays whole racks of every game. The goldens are the expected
// rulings, checked by hand against the seed rules; -update rewrites them.
func TestGoldenRacks(t *testing.T) {
	files, _ := filepath.Glob("testdata/*.jsonl")
	if len(files) < 4 {
		t.Fatalf("want golden logs of all four games in testdata, found %v", files)
	}
	for _, f := range files {
		t.Run(filepath.Base(f), func(t *testing.T) {
			in, err := os.ReadFile(f)
			if err != nil {
				t.Fatal(err)
			}
			got := judgeLog(t, in)
			golden := strings.TrimSuffix(f, ".jsonl") + ".golden"
			if *update {
				if err := os.WriteFile(golden, got, 0o644); err != nil {
					t.Fatal(err)
				}
			}
			want, err := os.ReadFile(golden)
			if err != nil {
				t.Fatalf("%v (run with -update to create it)", err)
			}
			gl, wl := strings.Split(string(got), "\n"), strings.Split(string(want), "\n")
			if len(gl) != len(wl) {
				t.Fatalf("got %d rulings, want %d", len(gl)-1, len(wl)-1)
			}
			for i := range gl {
				if gl[i] != wl[i] {
					t.Errorf("ruling %d:\n got %s\nwant %s", i+1, gl[i], wl[i])
				}
			}
		})
	}
}

// BenchmarkApply judges the golden logs again and again and reports the rulings
// per second one engine gives (decoding excluded).
func BenchmarkApply(b *testing.B) {
	files, _ := filepath.Glob("testdata/*.jsonl")
	var logs [][]shot.Record
	n := 0
	for _, f := range files {
		in, err := os.ReadFile(f)
		if err != nil {
			b.Fatal(err)
		}
		var recs []shot.Record
		rd := shot.NewReader(bytes.NewReader(in))
		for {
			line, err := rd.Next()
			if err != nil {
				break
			}
			if line.Err == nil {
				recs = append(recs, line.Record)
			}
		}
		logs = append(logs, recs)
		n += len(recs)
	}
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		for _, recs := range logs {
			e := New()
			for k, r := range recs {
				e.Apply(k+1, r)
			}
		}
	}
	b.ReportMetric(float64(n*b.N)/b.Elapsed().Seconds(), "rulings/s")
}
