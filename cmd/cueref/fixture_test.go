package main

import (
	"bytes"
	"compress/gzip"
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/cueref/cueref/table"
	"github.com/cueref/cueref/tracking"
	"github.com/cueref/cueref/tracking/trackbench"
)

// TestBenchFixture writes a cache of three frames as a rendered bench run
// keeps it, cuts the middle one out with --fixture and reads it back as the
// tracking package's fixtures are read.
func TestBenchFixture(t *testing.T) {
	dir := t.TempDir()
	cfg := trackbench.Config{Racks: 2, Seed: 7, Camera: trackbench.DefaultCamera(60)}
	var frames []benchFrame
	for i, tt := range []float64{10, 10.5, 11} {
		frames = append(frames, benchFrame{T: tt,
			Obs:   []tracking.Obs{{Ball: 3, At: table.Point{X: 100 + float64(i), Y: 200.1234567}, Confidence: 0.87654, Class: tracking.ClassSolid, Moving: i == 1}},
			Truth: []trackbench.Truth{{Ball: 3, At: table.Point{X: 100.456, Y: 200}, OnBed: true}}})
	}
	if err := saveFrames(cacheFile(dir, "10ball", cfg, 0, [2]int{1280, 720}), frames); err != nil {
		t.Fatal(err)
	}
	out := filepath.Join(dir, "fx.json.gz")
	var stdout, stderr bytes.Buffer
	args := []string{"bench", "--racks", "2", "--seed", "7", "--games", "10ball", "--cache", dir, "--fixture", out, "--from", "10.2", "--to", "10.8"}
	if code := runMain(context.Background(), args, nil, &stdout, &stderr); code != 0 {
		t.Fatalf("exit %d: %s", code, stderr.String())
	}
	f, err := os.Open(out)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	z, err := gzip.NewReader(f)
	if err != nil {
		t.Fatal(err)
	}
	var got []struct {
		T     float64     `json:"t"`
		Obs   [][]float64 `json:"obs"`
		Truth [][]float64 `json:"truth"`
	}
	if err := json.NewDecoder(z).Decode(&got); err != nil {
		t.Fatal(err)
	}
	if len(got) != 1 || got[0].T != 10.5 {
		t.Fatalf("got %d frames (%+v); want the one at 10.5 s", len(got), got)
	}
	wantObs := []float64{3, 101, 200.123457, 0.877, float64(tracking.ClassSolid), 1}
	if o := got[0].Obs; len(o) != 1 || !slices.Equal(o[0], wantObs) {
		t.Errorf("obs %v; want [%v]", o, wantObs)
	}
	if tr := got[0].Truth; len(tr) != 1 || !slices.Equal(tr[0], []float64{3, 100.46, 200, 1}) {
		t.Errorf("truth %v; want [[3 100.46 200 1]]", tr)
	}

	// Without a cached render of that game, the error says so.
	stderr.Reset()
	args[6] = "9ball"
	if code := runMain(context.Background(), args, nil, &stdout, &stderr); code != 1 || !strings.Contains(stderr.String(), "no cached render") {
		t.Errorf("no cache: exit %d, stderr %q; want 1 and \"no cached render\"", code, stderr.String())
	}
}
