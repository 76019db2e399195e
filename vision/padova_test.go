package vision

import (
	"image"
	"math"
	"testing"

	"github.com/cueref/cueref/internal/matleak"
)

func imagePt(x, y float64) image.Point { return image.Pt(int(math.Round(x)), int(math.Round(y))) }

// TestPadovaGame1 checks the detector against the labels of the top-down
// broadcast clips: recall and precision ≥ 97 %, class correct ≥ 95 %.
func TestPadovaGame1(t *testing.T) {
	base := matleak.Count()
	s := runPadova(t, "game1_", true)
	t.Logf("game1: %d frames, %d balls, %d detections: recall %.3f precision %.3f class %.3f centre error %.2f px RMS",
		s.frames, s.truth, s.dets, s.recall(), s.precision(), s.classAcc(), s.rmsPx())
	if got := s.recall(); got < 0.97 {
		t.Errorf("recall: got %.3f, want ≥ 0.97", got)
	}
	if got := s.precision(); got < 0.97 {
		t.Errorf("precision: got %.3f, want ≥ 0.97", got)
	}
	if got := s.classAcc(); got < 0.95 {
		t.Errorf("class correct: got %.3f, want ≥ 0.95", got)
	}
	matleak.Check(t, base)
}
