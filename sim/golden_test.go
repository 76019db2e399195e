package sim

import (
	"bytes"
	"flag"
	"math"
	"math/rand"
	"os"
	"path/filepath"
	"testing"

	"github.com/cueref/cueref/shot"
)

var update = flag.Bool("update", false, "rewrite the golden files in testdata/")

// The shot record of a fixed 15-ball break is a golden file: any change in the
// physics shows up here (regenerate with go test ./sim -run Golden -update after a
// deliberate change, and say why).
func TestGoldenBreak(t *testing.T) {
	rng := rand.New(rand.NewSource(20))
	l := breakLayout(tb9, rng, 0.1)
	m, err := Simulate(tb9, DefaultParams(), l, Stroke{Speed: 7, Angle: math.Atan2(l[1].Y-l[0].Y, l[1].X-l[0].X), Follow: 0.1, Side: -0.05}, nil)
	if err != nil {
		t.Fatal(err)
	}
	got, err := shot.Encode(m.Shot(nil))
	if err != nil {
		t.Fatal(err)
	}
	got = append(got, '\n')
	path := filepath.Join("testdata", "break.golden.jsonl")
	if *update {
		if err := os.WriteFile(path, got, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("%v (run with -update to create it)", err)
	}
	if !bytes.Equal(got, want) {
		t.Errorf("break record differs from %s:\ngot  %s\nwant %s", path, got, want)
	}
}
