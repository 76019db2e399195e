package render

import (
	"os"
	"path/filepath"
	"testing"

	"gocv.io/x/gocv"

	"github.com/cueref/cueref/sim"
)

// TestFigures writes docs/sim/cloth-{green,blue,red}.png: a frame mid-game with
// the shooter down on the cue ball, one per cloth. It runs only when
// CUEREF_FIGURES names the output directory.
func TestFigures(t *testing.T) {
	dir := os.Getenv("CUEREF_FIGURES")
	if dir == "" {
		t.Skip("set CUEREF_FIGURES=DIR to write the figures")
	}
	m, err := sim.PlayMatch(sim.MatchConfig{Game: "9ball", Racks: 1, Seed: 21, Table: tb9, Players: [2]string{"Anna", "Boris"}})
	if err != nil {
		t.Fatal(err)
	}
	for i, cloth := range ClothNames {
		cfg := DefaultConfig()
		cfg.Cloth = cloth
		cfg.Seed = int64(31 + i)
		cfg.Noise, cfg.JPEG = false, 0 // keep the PNGs small
		cfg.Size = [2]int{1280, 720}
		v, err := NewVideo(m, cfg)
		if err != nil {
			t.Fatal(err)
		}
		want := len(m.Shots) / 2
		if i == 1 {
			want = len(m.Shots)/2 + 1
		}
		k, err := v.FrameAt(want, -0.25)
		if err != nil {
			t.Fatal(err)
		}
		if err := v.Seek(k); err != nil {
			t.Fatal(err)
		}
		frame := gocv.NewMat()
		if _, err := v.Next(&frame); err != nil {
			t.Fatal(err)
		}
		path := filepath.Join(dir, "cloth-"+cloth+".png")
		if !gocv.IMWriteWithParams(path, frame, []int{gocv.IMWritePngCompression, 9}) {
			t.Errorf("cannot write %s", path)
		}
		frame.Close()
		v.Close()
	}
}
