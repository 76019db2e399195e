package main

import (
	"bytes"
	"context"
	"encoding/json"
	"math"
	"testing"

	"github.com/cueref/cueref/tracking"
	"github.com/cueref/cueref/tracking/trackbench"
)

// TestEncodeReportNaN: figures with nothing to measure them on (NaN, an
// infinity) are written as null wherever they sit, and the rest as numbers.
func TestEncodeReportNaN(t *testing.T) {
	type inner struct {
		P95 float64 `json:"p95"`
		N   int     `json:"n"`
	}
	nan := math.NaN()
	in := struct {
		A   float64            `json:"a"`
		B   *inner             `json:"b"`
		M   map[string]float64 `json:"m"`
		S   []inner            `json:"s"`
		Any any                `json:"any"`
	}{nan, &inner{P95: math.Inf(1), N: 2}, map[string]float64{"x": nan, "y": 1.5}, []inner{{P95: nan}, {P95: 3}}, inner{P95: nan}}
	var buf bytes.Buffer
	if err := encodeReport(&buf, in); err != nil {
		t.Fatal(err)
	}
	var got map[string]any
	if err := json.Unmarshal(buf.Bytes(), &got); err != nil {
		t.Fatalf("not JSON: %v\n%s", err, buf.String())
	}
	want := `{"a":null,"any":{"n":0,"p95":null},"b":{"n":2,"p95":null},"m":{"x":null,"y":1.5},"s":[{"n":0,"p95":null},{"n":0,"p95":3}]}`
	if b, _ := json.Marshal(got); string(b) != want {
		t.Errorf("got %s; want %s", b, want)
	}
}

// TestBenchJSONNothingMeasured runs the rendered bench's scoring on a cache
// holding three frames of a 10-ball match, no shot in them: the report has
// figures of no events (p95s of nothing), and --json must still write it.
func TestBenchJSONNothingMeasured(t *testing.T) {
	dir := t.TempDir()
	cfg := trackbench.Config{Racks: 2, Seed: 7, Camera: trackbench.DefaultCamera(60)}
	var frames []benchFrame
	for _, tt := range []float64{0.5, 0.6, 0.7} {
		frames = append(frames, benchFrame{T: tt, Obs: []tracking.Obs{}})
	}
	if err := saveFrames(cacheFile(dir, "10ball", cfg, 0, benchLook{Size: [2]int{1280, 720}, Cloth: "green"}), frames); err != nil {
		t.Fatal(err)
	}
	var out, errb bytes.Buffer
	args := []string{"bench", "--racks", "2", "--seed", "7", "--games", "10ball", "--cache", dir, "--json"}
	if code := runMain(context.Background(), args, nil, &out, &errb); code != 0 {
		t.Fatalf("exit %d: %s", code, errb.String())
	}
	var rep struct {
		ShotsMatched int      `json:"shots_matched"`
		ContactP95   *float64 `json:"contact_err_ms_p95"`
	}
	if err := json.Unmarshal(out.Bytes(), &rep); err != nil {
		t.Fatalf("report is not JSON: %v\n%s", err, out.String())
	}
	if rep.ShotsMatched != 0 || rep.ContactP95 != nil {
		t.Errorf("shots matched %d, contact time p95 %v; want 0 and null (nothing timed)", rep.ShotsMatched, rep.ContactP95)
	}
}
