package render

import (
	"image"
	"image/color"
	"math"
	"strconv"
	"sync"

	"gocv.io/x/gocv"
)

// ballColours are the standard set: 1 yellow, 2 blue, 3 red, 4 purple, 5 orange,
// 6 green, 7 maroon, 8 black; 9–15 are 1–7 striped; 0 is the (ivory) cue ball.
var ballColours = [16]rgb{
	{0.93, 0.92, 0.86},
	{0.98, 0.76, 0.06}, {0.06, 0.17, 0.62}, {0.84, 0.09, 0.08}, {0.33, 0.13, 0.50},
	{0.98, 0.42, 0.05}, {0.04, 0.42, 0.22}, {0.50, 0.10, 0.12}, {0.06, 0.06, 0.07},
	{0.98, 0.76, 0.06}, {0.06, 0.17, 0.62}, {0.84, 0.09, 0.08}, {0.33, 0.13, 0.50},
	{0.98, 0.42, 0.05}, {0.04, 0.42, 0.22}, {0.50, 0.10, 0.12},
}

var ivory = rgb{0.95, 0.94, 0.88}

const (
	glyphSize  = 48
	numberCos  = 0.90  // cos of the angular radius of a number circle (≈ 26°)
	stripeHalf = 0.52  // |body z| below this is the stripe
	glyphSpan  = 0.62  // fraction of the circle the glyph fills
	dotCos     = 0.992 // cos of the angular radius of the cue ball's dots (≈ 7°)
)

var (
	glyphOnce sync.Once
	glyphs    [16][]float32 // alpha, glyphSize², for 1–15
)

// loadGlyphs renders the numbers once with OpenCV's Hershey font.
func loadGlyphs() {
	glyphOnce.Do(func() {
		wide := gocv.NewMatWithSize(glyphSize, glyphSize*2, gocv.MatTypeCV8UC1)
		small := gocv.NewMat()
		defer wide.Close()
		defer small.Close()
		for n := 1; n <= 15; n++ {
			wide.SetTo(gocv.NewScalar(0, 0, 0, 0))
			txt := strconv.Itoa(n)
			scale, th := 1.25, 3
			sz := gocv.GetTextSize(txt, gocv.FontHersheyDuplex, scale, th)
			org := image.Pt((glyphSize*2-sz.X)/2, (glyphSize+sz.Y)/2)
			gocv.PutTextWithParams(&wide, txt, org, gocv.FontHersheyDuplex, scale, color.RGBA{255, 255, 255, 255}, th, gocv.LineAA, false)
			// Crop the ink and fit it into a square, keeping the aspect unless too wide.
			x0, x1 := (glyphSize*2-sz.X)/2-2, (glyphSize*2+sz.X)/2+2
			y0, y1 := (glyphSize-sz.Y)/2-3, (glyphSize+sz.Y)/2+3
			roi := wide.Region(image.Rect(x0, y0, x1, y1))
			wd, ht := x1-x0, y1-y0
			side := glyphSize
			tw := side * wd / ht
			if tw > side {
				tw = side
			}
			gocv.Resize(roi, &small, image.Pt(tw, side), 0, 0, gocv.InterpolationArea)
			roi.Close()
			a := make([]float32, glyphSize*glyphSize)
			off := (side - tw) / 2
			for y := 0; y < side; y++ {
				for x := 0; x < tw; x++ {
					a[y*glyphSize+x+off] = float32(small.GetUCharAt(y, x)) / 255
				}
			}
			glyphs[n] = a
		}
	})
}

// glyphAt samples number n's ink at glyph coordinates (u, v) in [-1, 1].
func glyphAt(n int, u, v float64) float64 {
	g := glyphs[n]
	if g == nil {
		return 0
	}
	fx := (u/glyphSpan + 1) * 0.5 * glyphSize
	fy := (v/glyphSpan + 1) * 0.5 * glyphSize
	if fx < 0 || fy < 0 || fx >= glyphSize-1 || fy >= glyphSize-1 {
		return 0
	}
	ix, iy := int(fx), int(fy)
	tx, ty := fx-float64(ix), fy-float64(iy)
	i := iy*glyphSize + ix
	a := float64(g[i])*(1-tx) + float64(g[i+1])*tx
	b := float64(g[i+glyphSize])*(1-tx) + float64(g[i+glyphSize+1])*tx
	return a*(1-ty) + b*ty
}

// albedo is ball n's surface colour in body direction d (unit).
func albedo(n int, d [3]float64) rgb {
	if n == 0 {
		// Red dots on the six body axes, as on most club cue balls.
		for _, v := range d {
			if v > dotCos || -v > dotCos {
				return mix(ivory, rgb{0.75, 0.06, 0.08}, smoothstep(dotCos, dotCos+0.004, math.Abs(v)))
			}
		}
		return ivory
	}
	base := ballColours[n]
	white := ivory
	c := base
	if n >= 9 {
		// White caps about the body z axis, smoothed over a small band.
		az := math.Abs(d[2])
		c = mix(base, white, smoothstep(stripeHalf-0.02, stripeHalf+0.02, az))
	}
	// Number circles at ±body x.
	ax := math.Abs(d[0])
	if ax > numberCos-0.02 {
		k := smoothstep(numberCos-0.015, numberCos+0.01, ax)
		s := math.Sqrt(1 - numberCos*numberCos)
		var u, v float64
		if d[0] > 0 {
			u, v = d[1]/s, d[2]/s
		} else {
			u, v = -d[1]/s, d[2]/s
		}
		ink := glyphAt(n, u, v)
		num := mix(white, rgb{0.05, 0.05, 0.05}, ink)
		c = mix(c, num, k)
	}
	return c
}

// ballView is what is needed to shade one ball in one sample.
type ballView struct {
	n      int
	cx, cy float64 // centre, px
	r      float64 // radius, px
	e1, e2 [3]float64
	v      [3]float64 // towards the camera
	orient [9]float64 // body → table
	lights [][3]float64
	lw     []float64
	halves [][3]float64
	level  float64 // light level
	bounce rgb     // light reflected from the cloth
	depth  float64 // 1 on the bed, darker as it drops into a pocket
}

// shade returns the colour of the ball's surface seen at pixel offset (a, b)
// from its centre in units of the radius (a²+b² ≤ 1).
func (bv *ballView) shade(a, b float64) rgb {
	c2 := 1 - a*a - b*b
	if c2 < 0 {
		c2 = 0
	}
	c := math.Sqrt(c2)
	var n [3]float64
	for i := 0; i < 3; i++ {
		n[i] = a*bv.e1[i] + b*bv.e2[i] + c*bv.v[i]
	}
	o := &bv.orient
	d := [3]float64{
		o[0]*n[0] + o[3]*n[1] + o[6]*n[2],
		o[1]*n[0] + o[4]*n[1] + o[7]*n[2],
		o[2]*n[0] + o[5]*n[1] + o[8]*n[2],
	}
	al := albedo(bv.n, d)
	diff := 0.4
	spec := 0.0
	for i, l := range bv.lights {
		nl := n[0]*l[0] + n[1]*l[1] + n[2]*l[2]
		if nl > 0 {
			diff += bv.lw[i] * nl
		}
		h := bv.halves[i]
		nh := n[0]*h[0] + n[1]*h[1] + n[2]*h[2]
		if nh > 0 {
			// nh^12 for the broad gloss, nh^96 for the lamp's highlight.
			n2 := nh * nh
			n4 := n2 * n2
			n12 := n4 * n4 * n4
			s := 0.08 * n12
			if nh > 0.9 {
				n24 := n12 * n12
				n48 := n24 * n24
				s += 0.9 * n48 * n48
			}
			spec += bv.lw[i] * s
		}
	}
	// Light bounced off the cloth onto the lower half, and a darker limb.
	low := 1 - n[2]
	col := al.scale(diff * bv.level * (0.82 + 0.18*c)).add(al.mul(bv.bounce).scale(0.5 * low * low))
	col = col.add(rgb{1, 1, 1}.scale(spec * 0.85))
	return col.scale(bv.depth)
}
