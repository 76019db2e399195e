package main

import (
	"bytes"
	"compress/gzip"
	"context"
	"encoding/json"
	"math"
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
	if err := saveFrames(cacheFile(dir, "10ball", cfg, 0, benchLook{Size: [2]int{1280, 720}, Cloth: "green"}), frames); err != nil {
		t.Fatal(err)
	}
	out := filepath.Join(dir, "fx.json.gz")
	args := []string{"bench", "--racks", "2", "--seed", "7", "--games", "10ball", "--cache", dir, "--fixture", out, "--from", "10.2", "--to", "10.8"}
	got := runFixture(t, args, out)
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
	var stdout, stderr bytes.Buffer
	args[6] = "9ball"
	if code := runMain(context.Background(), args, nil, &stdout, &stderr); code != 1 || !strings.Contains(stderr.String(), "no cached render") {
		t.Errorf("no cache: exit %d, stderr %q; want 1 and \"no cached render\"", code, stderr.String())
	}
}

// TestBenchFixtureNoRender cuts a fixture from the camera model's frames
// (--no-render, nothing cached): every frame in the span, each ball of the
// 9-ball rack in its truth, and the reads near their balls' true places (the
// camera model misreads a few on purpose: a wrong number, a blurred break).
func TestBenchFixtureNoRender(t *testing.T) {
	out := filepath.Join(t.TempDir(), "fx.json.gz")
	args := []string{"bench", "--no-render", "--racks", "1", "--seed", "3", "--games", "9ball", "--fixture", out, "--from", "4", "--to", "4.5"}
	got := runFixture(t, args, out)
	if len(got) != 30 || got[0].T < 4 || got[len(got)-1].T > 4.5 {
		t.Fatalf("got %d frames from %v; want the 30 from 4 to 4.5 s", len(got), got[0].T)
	}
	reads, near := 0, 0
	for _, fr := range got {
		if len(fr.Truth) != 10 {
			t.Fatalf("frame %.4f: truth of %d balls; want the 10 of the rack", fr.T, len(fr.Truth))
		}
		for _, o := range fr.Obs {
			for _, tr := range fr.Truth {
				if tr[0] == o[0] {
					reads++
					if math.Hypot(o[1]-tr[1], o[2]-tr[2]) <= 20 {
						near++
					}
				}
			}
		}
	}
	// Balls roll in the span: reads paired with another frame's truth would
	// lie off it.
	moved := 0.0
	for _, a := range got[0].Truth {
		for _, b := range got[len(got)-1].Truth {
			if a[0] == b[0] {
				moved = math.Max(moved, math.Hypot(a[1]-b[1], a[2]-b[2]))
			}
		}
	}
	if moved < 100 {
		t.Errorf("no ball moved 100 mm or more from 4 to 4.5 s (at most %.0f mm): pick a span with balls rolling", moved)
	}
	if reads < 200 || float64(near) < 0.95*float64(reads) {
		t.Errorf("%d of %d reads within 20 mm of their ball's truth; want 200 reads or more, 95 %% of them near", near, reads)
	}
}

// fixFrame is a frame of a tracking test fixture as bench --fixture writes it.
type fixFrame struct {
	T     float64     `json:"t"`
	Obs   [][]float64 `json:"obs"`
	Truth [][]float64 `json:"truth"`
}

// runFixture runs cueref with args, which write the fixture out, and reads
// it back.
func runFixture(t *testing.T, args []string, out string) []fixFrame {
	t.Helper()
	var stdout, stderr bytes.Buffer
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
	var got []fixFrame
	if err := json.NewDecoder(z).Decode(&got); err != nil {
		t.Fatal(err)
	}
	return got
}
