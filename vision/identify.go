package vision

import "math"

// Ball colours by number (1–7; 9–15 are the same colours striped): prototype
// hues (OpenCV's 0–180 scale) and lit-side values of the colours as they
// photograph. Red and maroon share a hue and differ in value.
//
//	1 yellow, 2 blue, 3 red, 4 purple, 5 orange, 6 green, 7 maroon.
func hueNumber(h, s, v float64) (int, float64) {
	// Distances to prototypes in (hue, value); hue is circular.
	type proto struct {
		n    int
		h, v float64
	}
	protos := [...]proto{
		{1, 26, 235}, {2, 112, 150}, {3, 178, 205}, {4, 135, 110}, {5, 11, 230}, {6, 70, 120}, {7, 178, 120},
	}
	best, second := math.Inf(1), math.Inf(1)
	bn := -1
	for _, p := range protos {
		dh := math.Abs(h - p.h)
		if dh > 90 {
			dh = 180 - dh
		}
		dv := (v - p.v) / 10
		dd := dh*dh + dv*dv
		if dd < best {
			second, best, bn = best, dd, p.n
		} else if dd < second {
			second = dd
		}
	}
	// Confidence from the margin to the second-best colour.
	conf := 1 - math.Sqrt(best)/math.Max(math.Sqrt(second), 1e-6)
	return bn, conf
}

func hsv(b, g, r float64) (h, s, v float64) {
	mx := math.Max(b, math.Max(g, r))
	mn := math.Min(b, math.Min(g, r))
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

// identify classifies a candidate by the colours inside its disc: the fraction
// of white (low saturation, bright), of black (dark) and the hue of the rest.
func (d *Detector) identify(wb []uint8, k *cand) (Class, int) {
	st := d.colours(wb, k)
	return st.classify()
}

// colourStats are the colour fractions inside a ball's disc.
type colourStats struct {
	n, white, black, col float64
	clothLike            float64 // pixels of the cloth's hue and saturation
	hue, val             float64 // mean hue and upper-quartile value of the coloured pixels
}

func (d *Detector) colours(wb []uint8, k *cand) colourStats {
	r := 0.9 * k.r
	fb, _ := d.fg.DataPtrUint8()
	var white, black, col, n, cl float64
	var hx, hy float64 // circular mean of hue of coloured pixels
	var vh [16]int     // histogram of their value
	x0, y0 := k.x, k.y
	for y := int(y0 - r); y <= int(y0+r+1); y++ {
		for x := int(x0 - r); x <= int(x0+r+1); x++ {
			if x < 0 || y < 0 || x >= d.ww || y >= d.wh {
				continue
			}
			fx, fy := float64(x)-x0, float64(y)-y0
			if fx*fx+fy*fy > r*r {
				continue
			}
			i := y*d.ww + x
			if fb[i] == 0 {
				continue
			}
			h, s, v := hsv(float64(wb[3*i]), float64(wb[3*i+1]), float64(wb[3*i+2]))
			n++
			if dh := math.Abs(h - d.clothH); (dh <= 6 || dh >= 174) && s > 0.6*d.clothS && v > 0.4*d.clothV {
				cl++
			}
			switch {
			case v < 55 || (v < 100 && s < 90):
				black++
			case s < 110 && v > 130 || s < 45:
				white++
			default:
				col++
				a := h * math.Pi / 90
				w := s / 255
				hx += w * math.Cos(a)
				hy += w * math.Sin(a)
				vh[int(v)>>4]++
			}
		}
	}
	st := colourStats{n: n, white: white, black: black, col: col, clothLike: cl}
	if col > 0 {
		h := math.Atan2(hy, hx) * 90 / math.Pi
		if h < 0 {
			h += 180
		}
		// The value of the lit side (the upper quartile): shading and
		// shadows darken the rest of a ball, whatever its colour.
		st.hue = h
		acc := 0
		for b := 15; b >= 0; b-- {
			acc += vh[b]
			if float64(acc) >= 0.25*col {
				st.val = float64(b*16 + 8)
				break
			}
		}
	}
	return st
}

func (st colourStats) classify() (Class, int) {
	n, col := st.n, st.col
	if n < 4 {
		return Unknown, -1
	}
	fw, fk, fc := st.white/n, st.black/n, st.col/n
	switch {
	case fw > 0.8 && fc < 0.15:
		// A stripe showing its white pole still shows its colour at the rim.
		return Cue, 0
	case fk > 0.5 && fc < 0.4:
		return Eight, 8
	}
	// A stripe shows white at its poles. A blue ball on blue cloth picks up
	// pale reflections of the cloth, so it needs more white to be a stripe.
	cls := Solid
	lim := 0.21
	if st.col > 0 && st.hue > 100 && st.hue < 130 {
		lim = 0.31
	}
	if fw > lim {
		cls = Stripe
	}
	if col < 3 {
		return cls, -1
	}
	num, conf := hueNumber(st.hue, 0, st.val)
	if conf < 0.3 || num < 0 {
		return cls, -1
	}
	if cls == Stripe {
		num += 8
	}
	return cls, num
}
