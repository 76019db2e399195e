package vision

import (
	"fmt"
	"image"
	"path/filepath"
	"strings"
	"testing"

	"gocv.io/x/gocv"

	"github.com/cueref/cueref/calibration"
	"github.com/cueref/cueref/internal/matleak"
)

func TestNewDetectorErrors(t *testing.T) {
	if _, err := NewDetector(nil, Options{}); err == nil || !strings.HasPrefix(err.Error(), "vision: ") {
		t.Errorf("nil calibration: got %v, want a vision: error", err)
	}
	// A calibration whose bed lies outside its own image.
	c, err := calibration.New(calibration.File{Table: "9ft", ImageSize: [2]int{640, 360},
		CornersPx: calibration.Corners{HeadLeft: [2]float64{5000, 5000}, HeadRight: [2]float64{5000, 5400}, FootRight: [2]float64{5800, 5400}, FootLeft: [2]float64{5800, 5000}}})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := NewDetector(c, Options{}); err == nil {
		t.Error("bed outside the frame: got no error")
	}
}

func TestDetectBadFrames(t *testing.T) {
	base := matleak.Count()
	c := loadCalib(t, filepath.Join("testdata", "padova", "game1_clip1"))
	d, err := NewDetector(c, Options{})
	if err != nil {
		t.Fatal(err)
	}
	empty := gocv.NewMat()
	small := gocv.NewMatWithSize(100, 100, gocv.MatTypeCV8UC3)
	gray := gocv.NewMatWithSize(576, 1024, gocv.MatTypeCV8U)
	for _, tc := range []struct {
		name string
		m    gocv.Mat
		want string
	}{
		{"empty", empty, "non-empty 8-bit BGR"},
		{"wrong size", small, "frame is 100x100"},
		{"gray", gray, "8-bit BGR"},
	} {
		dst := make([]Detection, 3)
		got, err := d.Detect(tc.m, dst)
		if err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%s: got error %v, want one containing %q", tc.name, err, tc.want)
		}
		if len(got) != 0 {
			t.Errorf("%s: got %d detections with the error, want 0", tc.name, len(got))
		}
	}
	// The detector still works after rejected frames.
	img := gocv.IMRead(filepath.Join("testdata", "padova", "game1_clip1", "frame_first.png"), gocv.IMReadColor)
	dets, err := d.Detect(img, nil)
	if err != nil || len(dets) < 14 {
		t.Errorf("after bad frames: got %d detections, err %v; want ≥ 14, nil", len(dets), err)
	}
	for _, m := range []*gocv.Mat{&empty, &small, &gray, &img} {
		m.Close()
	}
	d.Close()
	matleak.Check(t, base)
}

// TestDetectAllocs checks that a warmed-up detector allocates nothing per frame.
func TestDetectAllocs(t *testing.T) {
	c := loadCalib(t, filepath.Join("testdata", "padova", "game1_clip1"))
	d, err := NewDetector(c, Options{})
	if err != nil {
		t.Fatal(err)
	}
	defer d.Close()
	img := gocv.IMRead(filepath.Join("testdata", "padova", "game1_clip1", "frame_first.png"), gocv.IMReadColor)
	defer img.Close()
	dst := make([]Detection, 0, 32)
	dst, _ = d.Detect(img, dst)
	allocs := testing.AllocsPerRun(20, func() { dst, _ = d.Detect(img, dst) })
	// One profiled Mat per view searched: the bed's, and at most each side
	// mouth's.
	if want := profiledMatsPerFrame * (1 + len(d.mouths)); allocs > float64(want) {
		t.Errorf("allocations per frame: got %.1f, want at most %d", allocs, want)
	}
}

// TestDetectRepeatable runs one detector over several frames twice: the
// results of a frame must not depend on what came before.
func TestDetectRepeatable(t *testing.T) {
	base := matleak.Count()
	c := loadCalib(t, filepath.Join("testdata", "padova", "game1_clip1"))
	d, err := NewDetector(c, Options{})
	if err != nil {
		t.Fatal(err)
	}
	var first []string
	for round := 0; round < 2; round++ {
		for i, f := range []string{"frame_first.png", "frame_last.png"} {
			img := gocv.IMRead(filepath.Join("testdata", "padova", "game1_clip1", f), gocv.IMReadColor)
			dets, err := d.Detect(img, nil)
			img.Close()
			if err != nil {
				t.Fatal(err)
			}
			s := fmt.Sprint(dets)
			if round == 0 {
				first = append(first, s)
			} else if s != first[i] {
				t.Errorf("%s: second run differs:\ngot  %s\nwant %s", f, s, first[i])
			}
		}
	}
	d.Close()
	matleak.Check(t, base)
}

// TestDetectMovedWithholds checks the number of balls that moved since the
// last frame: the frame shifted by a few pixels (every ball moved) is found
// as it is found still, ball for ball at the same places, and a moving ball's
// number is the still one's or none (−1), never another.
func TestDetectMovedWithholds(t *testing.T) {
	base := matleak.Count()
	dir := filepath.Join("testdata", "padova", "game1_clip1")
	d, err := NewDetector(loadCalib(t, dir), Options{})
	if err != nil {
		t.Fatal(err)
	}
	img := gocv.IMRead(filepath.Join(dir, "frame_first.png"), gocv.IMReadColor)
	shifted := img.Clone()
	const dx, dy = 4, 3
	src := img.Region(image.Rect(0, 0, img.Cols()-dx, img.Rows()-dy))
	dst := shifted.Region(image.Rect(dx, dy, img.Cols(), img.Rows()))
	src.CopyTo(&dst)
	for _, m := range []*gocv.Mat{&src, &dst} {
		m.Close()
	}
	if _, err := d.Detect(img, nil); err != nil {
		t.Fatal(err)
	}
	moving, err := d.Detect(shifted, nil) // every ball moved
	if err != nil {
		t.Fatal(err)
	}
	still, err := d.Detect(shifted, nil) // the same frame again: none moved
	if err != nil {
		t.Fatal(err)
	}
	if len(moving) != len(still) || len(still) < 10 {
		t.Fatalf("got %d balls moving and %d still, want the same, ≥ 10", len(moving), len(still))
	}
	for i, m := range moving {
		s := still[i]
		if m.Px != s.Px || m.Moving != s.Moving {
			t.Errorf("ball %d: moving at %v (streak %v), still at %v (streak %v); want the same", i, m.Px, m.Moving, s.Px, s.Moving)
		}
		if m.Ball != s.Ball && m.Ball != -1 {
			t.Errorf("ball %d at %.0f,%.0f: named %d moving, %d still; want %d or -1", i, s.Px[0], s.Px[1], m.Ball, s.Ball, s.Ball)
		}
	}
	for _, m := range []*gocv.Mat{&img, &shifted} {
		m.Close()
	}
	d.Close()
	matleak.Check(t, base)
}
