package simbench

import (
	"math"
	"testing"

	"gocv.io/x/gocv"

	"github.com/cueref/cueref/table"
	"github.com/cueref/cueref/vision"
)

// TestClothColouredBallAtJaw plays the bench's 8-ball match on green cloth
// (seed 1100, 20 fps, the bench's shutter), where the green 6 comes to rest by
// a side pocket's jaw, its lower half over the hole's fall-off. Its colour
// edge on the green cloth is too faint to find, and its outline fit landed on
// its shading and shadow, 5–9 mm (up to 27 mm) off: 7.9 mm RMS over the
// bench's 165 frames of it, over half of green's rest error. It is now found
// by its dark rim on the free side. Over nine frames of its rest, it must be
// found in seven at least (it is missed now and then, as before), within 3 mm
// in each and within 2 mm RMS.
func TestClothColouredBallAtJaw(t *testing.T) {
	if testing.Short() {
		t.Skip("plays and renders a match; skipped with -short")
	}
	tab := table.MustNew("9ft")
	v, d := benchMatch(t, tab, "8ball", 1100, "green")
	defer v.Close()
	defer d.Close()
	img := gocv.NewMat()
	defer img.Close()
	jaw := table.Point{X: 1323.9, Y: 1236.2}
	var dets []vision.Detection
	var sq float64
	n := 0
	for _, f := range []int{151, 175, 200, 225, 250, 275, 300, 325, 349} {
		if err := v.Seek(f); err != nil {
			t.Fatal(err)
		}
		ft, err := v.Next(&img)
		if err != nil {
			t.Fatal(err)
		}
		here := false
		for _, tb := range ft.Balls {
			here = here || tb.Ball == 6 && tb.Speed == 0 && tb.At.Dist(jaw) < 1
		}
		if !here {
			t.Fatalf("frame %d: ball 6 is not at rest by the jaw", f)
		}
		if dets, err = d.Detect(img, dets); err != nil {
			t.Fatal(err)
		}
		errs, _ := restErrors(dets, ft.Balls, tab.BallR)
		e, ok := errs[6]
		t.Logf("frame %d: by ball%s", f, fmtErrs(errs))
		if !ok {
			continue
		}
		if e > 3 {
			t.Errorf("frame %d: ball 6: got %.1f mm off, want within 3 mm", f, e)
		}
		sq += e * e
		n++
	}
	if rms := math.Sqrt(sq / math.Max(float64(n), 1)); n < 7 || rms > 2 {
		t.Errorf("ball 6 at the jaw: got %.2f mm RMS over %d frames found, want at most 2 mm over at least 7", rms, n)
	}
}
