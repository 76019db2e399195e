package vision

import (
	"math"
	"math/rand"
	"testing"
)

// hsvDefinition is the textbook conversion hsv is an inlinable rewrite of:
// hue in degrees from the largest channel, halved at the end.
func hsvDefinition(b, g, r float64) (h, s, v float64) {
	mx := max(b, max(g, r))
	mn := min(b, min(g, r))
	v = mx
	if mx > 0 {
		s = 255 * (mx - mn) / mx
	}
	if mx == mn {
		return 0, s, v
	}
	switch mx {
	case r:
		h = 60 * (g - b) / (mx - mn)
	case g:
		h = 120 + 60*(b-r)/(mx-mn)
	default:
		h = 240 + 60*(r-g)/(mx-mn)
	}
	if h < 0 {
		h += 360
	}
	return h / 2, s, v
}

// TestHSVDefinition checks hsv against the textbook conversion bit for bit,
// on every 8-bit colour and on fractional ones (a streak's un-mixed colours):
// the detector's results must not move with its speed.
func TestHSVDefinition(t *testing.T) {
	check := func(b, g, r float64) bool {
		h, s, v := hsv(b, g, r)
		wh, ws, wv := hsvDefinition(b, g, r)
		if math.Float64bits(h) != math.Float64bits(wh) || math.Float64bits(s) != math.Float64bits(ws) || math.Float64bits(v) != math.Float64bits(wv) {
			t.Errorf("hsv(%v, %v, %v): got %v %v %v, want %v %v %v", b, g, r, h, s, v, wh, ws, wv)
			return false
		}
		return true
	}
	for b := 0; b < 256; b++ {
		for g := 0; g < 256; g++ {
			for r := 0; r < 256; r++ {
				if !check(float64(b), float64(g), float64(r)) {
					return
				}
			}
		}
	}
	rng := rand.New(rand.NewSource(1))
	for i := 0; i < 1_000_000; i++ {
		if !check(255*rng.Float64(), 255*rng.Float64(), 255*rng.Float64()) {
			return
		}
	}
}

// TestSampleDefinition checks the frame's bilinear sampling against its
// definition (the four neighbours weighed by their overlap, channel by
// channel) bit for bit, and that points off the frame are refused.
func TestSampleDefinition(t *testing.T) {
	const w, h = 17, 11
	d := &Detector{imgW: w, imgH: h}
	fr := make([]uint8, 3*w*h)
	rng := rand.New(rand.NewSource(2))
	for i := range fr {
		fr[i] = uint8(rng.Intn(256))
	}
	for i := 0; i < 200_000; i++ {
		x, y := (w+2)*rng.Float64()-1.5, (h+2)*rng.Float64()-1.5
		got, ok := d.sample(fr, x, y)
		xi, yi := int(math.Floor(x)), int(math.Floor(y))
		if xi < 0 || yi < 0 || xi >= w-1 || yi >= h-1 {
			if ok {
				t.Fatalf("sample(%v, %v): got %v, want refused (off the frame)", x, y, got)
			}
			continue
		}
		fx, fy := x-float64(xi), y-float64(yi)
		j := 3 * (yi*w + xi)
		for ch := 0; ch < 3; ch++ {
			a := float64(fr[j+ch])*(1-fx) + float64(fr[j+3+ch])*fx
			b := float64(fr[j+3*w+ch])*(1-fx) + float64(fr[j+3*w+3+ch])*fx
			if want := a*(1-fy) + b*fy; !ok || math.Float64bits(got[ch]) != math.Float64bits(want) {
				t.Fatalf("sample(%v, %v) channel %d: got %v (%v), want %v", x, y, ch, got[ch], ok, want)
			}
		}
	}
	for _, p := range [][2]float64{{-0.5, 3}, {3, -0.01}, {math.NaN(), 3}, {3, math.Inf(1)}, {w - 1, 3}, {3, h - 1}} {
		if c, ok := d.sample(fr, p[0], p[1]); ok {
			t.Errorf("sample(%v, %v): got %v, want refused (off the frame)", p[0], p[1], c)
		}
	}
}
