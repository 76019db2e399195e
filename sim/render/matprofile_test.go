//go:build matprofile

package render

import (
	"testing"

	"gocv.io/x/gocv"

	"github.com/cueref/cueref/internal/matleak"
	"github.com/cueref/cueref/table"
)

// Rendering a still and a stretch of video with every effect on closes every Mat
// it makes.
func TestNoMatLeaks(t *testing.T) {
	loadGlyphs() // its Mats are closed before it returns; keep them out of the count anyway
	start := matleak.Count()
	img, _, _, err := RenderStill(map[int]table.Point{0: {X: 600, Y: 600}, 1: {X: 900, Y: 700}},
		Config{Size: [2]int{640, 480}, Seed: 1, Noise: true, Occluders: true, Distortion: true, JPEG: 80})
	if err != nil {
		t.Fatal(err)
	}
	img.Close()
	m := smallMatch(t, 2)
	cfg := DefaultConfig()
	cfg.Size = [2]int{640, 480}
	v, err := NewVideo(m, cfg)
	if err != nil {
		t.Fatal(err)
	}
	frame := gocv.NewMat()
	for i := 0; i < 200; i++ {
		if _, err := v.Next(&frame); err != nil {
			t.Fatal(err)
		}
	}
	frame.Close()
	v.Close()
	if got := matleak.Count(); got != start {
		t.Errorf("MatProfile.Count() = %d after rendering, want %d (as before)", got, start)
	}
}
