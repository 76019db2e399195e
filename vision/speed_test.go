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

// TestHSVBytes checks the colour statistics' per-pixel conversion (hsvOf
// given the value and chroma found on the bytes) against hsv bit for bit on
// every 8-bit colour.
func TestHSVBytes(t *testing.T) {
	for b := 0; b < 256; b++ {
		for g := 0; g < 256; g++ {
			for r := 0; r < 256; r++ {
				pb, pg, pr := uint8(b), uint8(g), uint8(r)
				mx := max(pb, pg, pr)
				h, s, v := hsvOf(float64(pb), float64(pg), float64(pr), float64(mx), float64(mx-min(pb, pg, pr)))
				wh, ws, wv := hsv(float64(b), float64(g), float64(r))
				if math.Float64bits(h) != math.Float64bits(wh) || math.Float64bits(s) != math.Float64bits(ws) || math.Float64bits(v) != math.Float64bits(wv) {
					t.Fatalf("hsvOf(%d, %d, %d): got %v %v %v, want %v %v %v", b, g, r, h, s, v, wh, ws, wv)
				}
			}
		}
	}
}

// TestDiscSpan checks that every whole x a disc's scan tests in (fx·fx +
// fy·fy ≤ r·r) lies in discSpan's range, and that a row it says is empty is.
func TestDiscSpan(t *testing.T) {
	rng := rand.New(rand.NewSource(3))
	for i := 0; i < 200_000; i++ {
		cx, r := 60*rng.Float64()-10, 30*rng.Float64()
		fy := float64(rng.Intn(80)-40) - (cx - math.Floor(cx))
		xa, xb, ok := discSpan(cx, fy, r)
		for x := int(math.Floor(cx-r)) - 2; x <= int(math.Ceil(cx+r))+2; x++ {
			fx := float64(x) - cx
			if fx*fx+fy*fy > r*r {
				continue
			}
			if !ok || x < xa || x > xb {
				t.Fatalf("discSpan(%v, %v, %v): got [%d, %d] %v, want it to hold x = %d", cx, fy, r, xa, xb, ok, x)
			}
		}
	}
}

// edgeAlongBySample is edgeAlong as it was written on sample (one call per
// point): the definition its inlined reads must keep to the bit.
func edgeAlongBySample(d *Detector, fr []uint8, cx, cy, ux, uy, lo, hi float64, cl *[3]float64) (float64, bool) {
	const step = 0.5
	var prev [3]float64
	var prevC float64
	var g, gc [96]float64
	s0 := lo - step/2
	n := 0
	for s := s0; s <= hi+step/2 && n < len(g)+1; s += step {
		c, ok := d.sample(fr, cx+s*ux, cy+s*uy)
		if !ok {
			return 0, false
		}
		cc := offLine(c, cl)
		if s > s0 {
			g[n-1] = math.Abs(c[0]-prev[0]) + math.Abs(c[1]-prev[1]) + math.Abs(c[2]-prev[2])
			gc[n-1] = math.Abs(cc - prevC)
		}
		prev, prevC = c, cc
		n++
	}
	return pickEdge(g[:n-1], gc[:n-1], s0, step, cl != nil)
}

// TestEdgeAlongSample checks edgeAlong against edgeAlongBySample on rays
// across random discs on a noisy frame, with and without a cloth colour.
func TestEdgeAlongSample(t *testing.T) {
	const w, h = 64, 48
	d := &Detector{imgW: w, imgH: h}
	fr := make([]uint8, 3*w*h)
	rng := rand.New(rand.NewSource(4))
	found := 0
	for i := 0; i < 2000; i++ {
		// A disc of one colour on a cloth of another, with noise.
		bx, by, br := 10+44*rng.Float64(), 10+28*rng.Float64(), 4+6*rng.Float64()
		var ball, cloth [3]uint8
		for c := range ball {
			ball[c], cloth[c] = uint8(rng.Intn(256)), uint8(rng.Intn(256))
		}
		for y := 0; y < h; y++ {
			for x := 0; x < w; x++ {
				col := cloth
				if math.Hypot(float64(x)-bx, float64(y)-by) < br {
					col = ball
				}
				for c := 0; c < 3; c++ {
					fr[3*(y*w+x)+c] = uint8(max(0, min(255, int(col[c])+rng.Intn(9)-4)))
				}
			}
		}
		n := math.Sqrt(float64(cloth[0])*float64(cloth[0])+float64(cloth[1])*float64(cloth[1])+float64(cloth[2])*float64(cloth[2])) + 1
		cl := &[3]float64{float64(cloth[0]) / n, float64(cloth[1]) / n, float64(cloth[2]) / n}
		for k := 0; k < 16; k++ {
			a := 2 * math.Pi * rng.Float64()
			ux, uy := math.Cos(a), math.Sin(a)
			cx, cy := bx+2*rng.Float64()-1, by+2*rng.Float64()-1
			for _, c := range []*[3]float64{nil, cl} {
				got, gok := d.edgeAlong(fr, cx, cy, ux, uy, 0.6*br, 1.4*br, c)
				want, wok := edgeAlongBySample(d, fr, cx, cy, ux, uy, 0.6*br, 1.4*br, c)
				if gok != wok || math.Float64bits(got) != math.Float64bits(want) {
					t.Fatalf("edgeAlong from (%v, %v) along (%v, %v): got %v %v, want %v %v", cx, cy, ux, uy, got, gok, want, wok)
				}
				if gok {
					found++
				}
			}
		}
	}
	if found < 1000 {
		t.Errorf("edges found on %d rays, want at least 1000 (the test must compare edges, not refusals)", found)
	}
}
