package vision

import (
	"fmt"
	"image"
	"math/rand"
	"testing"

	"gocv.io/x/gocv"
)

// randomBGR is a w×h BGR image of random bytes; with few levels, many block
// sums land on ties (a remainder of 32 sixty-fourths), which rounding must
// break as OpenCV does.
func randomBGR(t *testing.T, rng *rand.Rand, w, h, levels int) gocv.Mat {
	t.Helper()
	b := make([]byte, 3*w*h)
	for i := range b {
		b[i] = uint8(rng.Intn(levels) * (255 / (levels - 1)))
	}
	m, err := gocv.NewMatFromBytes(h, w, gocv.MatTypeCV8UC3, b)
	if err != nil {
		t.Fatal(err)
	}
	return m
}

// TestBlockMeansResize checks blockMeans against gocv.Resize with
// InterpolationArea by exactly 1/8, byte for byte, on random images of the
// view's sizes.
func TestBlockMeansResize(t *testing.T) {
	rng := rand.New(rand.NewSource(3))
	want := gocv.NewMat()
	defer want.Close()
	for _, sz := range [][2]int{{456, 240}, {8, 8}, {64, 16}, {1272, 712}} {
		for _, levels := range []int{256, 2, 3} {
			src := randomBGR(t, rng, sz[0], sz[1], levels)
			gocv.Resize(src, &want, image.Pt(sz[0]/8, sz[1]/8), 0, 0, gocv.InterpolationArea)
			sb, _ := src.DataPtrUint8()
			wb, _ := want.DataPtrUint8()
			got := make([]uint8, len(wb))
			blockMeans(sb, sz[0], sz[1], got)
			for i := range got {
				if got[i] != wb[i] {
					t.Errorf("%dx%d, %d levels: byte %d (block %d, channel %d): got %d, want %d",
						sz[0], sz[1], levels, i, i/3, i%3, got[i], wb[i])
					break
				}
			}
			src.Close()
		}
	}
}

// TestSubsampleResize checks subsample against a bilinear gocv.Resize of a
// region of a frame by exactly 1/n (n odd), byte for byte.
func TestSubsampleResize(t *testing.T) {
	rng := rand.New(rand.NewSource(4))
	want := gocv.NewMat()
	defer want.Close()
	for _, c := range []struct {
		fw, fh int
		roi    image.Rectangle
		n      int
	}{
		{1920, 1080, image.Rect(288, 196, 288+3*456, 196+3*240), 3},
		{1920, 1080, image.Rect(0, 0, 3*640, 3*360), 3},
		{1921, 1083, image.Rect(1, 2, 1+3*600, 2+3*352), 3},
		{3840, 2160, image.Rect(580, 390, 580+5*456, 390+5*240), 5},
	} {
		t.Run(fmt.Sprintf("%dx%d/%d", c.fw, c.fh, c.n), func(t *testing.T) {
			fr := randomBGR(t, rng, c.fw, c.fh, 256)
			defer fr.Close()
			dw, dh := c.roi.Dx()/c.n, c.roi.Dy()/c.n
			roi := fr.Region(c.roi)
			gocv.Resize(roi, &want, image.Pt(dw, dh), 0, 0, gocv.InterpolationLinear)
			roi.Close()
			fb, _ := fr.DataPtrUint8()
			wb, _ := want.DataPtrUint8()
			got := make([]uint8, len(wb))
			subsample(fb[3*(c.roi.Min.Y*c.fw+c.roi.Min.X):], 3*c.fw, c.n, dw, dh, got)
			for i := range got {
				if got[i] != wb[i] {
					t.Fatalf("byte %d (pixel %d, %d): got %d, want %d", i, (i/3)%dw, i/3/dw, got[i], wb[i])
				}
			}
		})
	}
}
