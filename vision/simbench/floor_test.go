package simbench

import (
	"math"
	"testing"
)

// TestSimulatedFloor runs 40 rendered frames of a blue-cloth match and checks
// that the detector stays above a floor well under the benchmark's targets
// (BenchmarkSimulated reports the real figures): a regression guard.
func TestSimulatedFloor(t *testing.T) {
	if testing.Short() {
		t.Skip("renders 40 frames; skipped with -short")
	}
	var tl tally
	runClothT(t, "blue", 2, 40, &tl)
	recall := float64(tl.hits) / math.Max(float64(tl.visible), 1)
	precision := float64(tl.hits) / math.Max(float64(tl.dets), 1)
	rest := math.Sqrt(tl.restSq / math.Max(float64(tl.restN), 1))
	t.Logf("%d frames: recall %.3f precision %.3f rest %.2f mm RMS", tl.frames, recall, precision, rest)
	if tl.frames < 40 {
		t.Fatalf("frames: got %d, want 40", tl.frames)
	}
	if recall < 0.85 || precision < 0.95 || rest > 3 {
		t.Errorf("got recall %.3f, precision %.3f, rest error %.2f mm; want ≥ 0.85, ≥ 0.95, ≤ 3 mm", recall, precision, rest)
	}
}
