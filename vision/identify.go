package vision

import "math"

// hsv converts 8-bit B, G, R to OpenCV's hue (0–180), saturation and value (0–255).
func hsv(b, g, r float64) (h, s, v float64) {
	v = max(b, g, r)
	return hsvOf(b, g, r, v, v-min(b, g, r))
}

// hsvOf is hsv given the value v (the largest channel) and the chroma c (v
// less the smallest). An 8-bit pixel's v and c are found on its bytes
// (exactly the same numbers), where a float64 max or min costs several
// instructions (NaN and the zeros' signs): the colour statistics call it
// so per pixel, inlined.
func hsvOf(b, g, r, v, c float64) (h, s, _ float64) {
	if c == 0 {
		// Grey (or black): no hue, no saturation.
		return 0, 0, v
	}
	s = 255 * c / v
	// Degrees halved (a scaling by two, exact in floating point).
	switch v {
	case r:
		h = 30 * (g - b) / c
		if h < 0 {
			h += 180
		}
	case g:
		h = 60 + 30*(b-r)/c
	default:
		h = 120 + 30*(r-g)/c
	}
	return h, s, v
}

// hueDist is the circular distance between two hues on OpenCV's 0–180 scale.
func hueDist(a, b float64) float64 {
	d := math.Abs(a - b)
	if d > 90 {
		d = 180 - d
	}
	return d
}

// identify classifies a candidate by the colours inside its disc.
func (d *Detector) identify(wb []uint8, k *cand) (Class, int) {
	st := d.colours(wb, k)
	return st.classify()
}

// colourStats are the colour fractions inside a ball's disc and where they lie.
type colourStats struct {
	// The foreground pixels within 0.9 of the radius, and those of the
	// cloth's (global) hue and saturation: a candidate mostly of the cloth's
	// colour is not a ball (Detect).
	n, clothLike float64
	// The pixels told (m), white, black, coloured, and pale of the local
	// cloth's hue (white tinted by its light); tintIn are those of the latter
	// inside the outer ring or brighter than the cloth.
	m, white, black, col, tint, tintIn float64
	// The white pixels of a skin's pale orange: a palm reads as white.
	skin     float64
	hue, val float64 // robust hue and upper-quartile value of the coloured pixels
	sat      float64 // median saturation of the coloured pixels
	// The spread of the white pixels about their centroid (mean squared
	// distance, in units of the radius squared): one number circle is
	// compact, a stripe's two caps are not.
	wSpread float64
	// The pixels of the disc's outer ring, and those of a colour well away
	// from the cloth's: a stripe seen pole-on shows a ring of its colour
	// round a white cap, a cue ball only the cloth's light.
	ringN, ringCol float64
	// The pixels of the disc's rim (rimFrom to 0.95 of the radius), read
	// whether foreground or not, and those of them that can be a stripe's
	// band (see rimPixel); gathered at rest only (see poleOnStripe).
	rimN, rimSat float64
	clothH       float64 // the local cloth's hue
	// The black pixels of the cloth's hue, saturated: a shadow on the
	// cloth (an eight is a neutral black, lit by the cloth at most at its
	// rim).
	blackCloth float64
	// The black pixels of any hue, saturated: a dark sleeve's navy, a
	// shadow's cloth colour.
	blackSat float64
	relVal   float64 // val over the local cloth's value
	// The ball moves: a streak, or a ball that was not where it is in the
	// last frame. Its roll smears its colours (a stripe's band with its
	// white, its number circle over its colour, a cloth-coloured band into
	// the cloth), so its number needs a clearer colour (classify).
	moving bool
	// The white pixels' sums (x, y and squared distance from the disc's
	// centre, px), for wSpread; and those of the white pixels outside half
	// the radius in each octant about the centre (see dropOccluded).
	wx, wy, wxx, kr2        float64
	octN, octX, octY, octXX [8]float64
	// The disc lies within clothBandReach radii of the bed's edge: a
	// cushion's shadow, or a ball's own over the cloth by the cushion, can
	// fall in it (see clothBandInShade).
	byCushion bool
}

// movedFrac is the distance, in ball radii, that a ball's centre must have
// moved since the last frame for its colours to be taken as smeared by its
// roll; the centre of a ball at rest varies far less from frame to frame.
const movedFrac = 0.25

// moved reports whether candidate k is a ball that moved since the last
// frame: no ball found in the last frame lay within movedFrac radii of k's
// centre. With none found there (the first frame), nothing is taken to move.
func (d *Detector) moved(k *cand) bool {
	return len(d.seenPrev) > 0 && !d.seenNear(k.x, k.y, movedFrac*k.r)
}

// stillFrac is the distance, in ball radii, within which a ball's centre
// must lie of one seen the frame before to be taken as still (a ball at
// rest moves its centre a fraction of that; one rolling at 100 mm/s, 0.2 R).
const stillFrac = 0.1

// seenNear reports whether the last frame had a ball within dist of view
// point (x, y). Rendered 14.1, seed 66 at 232.83 s: the orange 5, pushed
// at 85 mm/s, its number's white circle a second peak of its blob 1.2 r
// from the first, was taken for a streak, so for a moving ball, not fitted
// to its outline, and read at the streak's centroid, 14-22 mm off, for four
// frames; a frame before, it was read 2 px from the middle of the "streak".
func (d *Detector) seenNear(x, y, dist float64) bool {
	for _, p := range d.seenPrev {
		if dx, dy := p[0]-x, p[1]-y; dx*dx+dy*dy <= dist*dist {
			return true
		}
	}
	return false
}

// colours gathers the statistics of candidate k's disc in the view wb, against
// the cloth colour about it (a streak's is un-mixed from the cloth first).
func (d *Detector) colours(wb []uint8, k *cand) colourStats {
	st := d.coloursAt(wb, k)
	if !k.moving && d.armSized(k) {
		// Part of an arm's blob: an arm, a hand or the cue may lie over
		// part of the ball.
		fb := d.fb
		if d.k < 0.75 && d.frame != nil {
			p := d.toImage(k.x, k.y)
			m := fgMap{fb: fb, w: d.ww, h: d.wh, ax: (0.5 - d.ox) * d.kx, kx: d.kx, ay: (0.5 - d.oy) * d.ky, ky: d.ky}
			st.dropOccluded(d.frame, d.imgW, d.imgH, m, p[0], p[1], k.r/d.k)
		} else {
			st.dropOccluded(wb, d.ww, d.wh, fgMap{fb: fb, w: d.ww, h: d.wh, kx: 1, ky: 1}, k.x, k.y, k.r)
		}
	}
	t := d.c.Table
	p := d.c.BallToTable(d.toImage(k.x, k.y))
	st.byCushion = min(min(p.X, t.L-p.X), min(p.Y, t.W-p.Y)) < clothBandReach*t.BallR
	return st
}

// coloursAt is colours before the white of an arm or cue over the ball is
// taken out and byCushion set.
func (d *Detector) coloursAt(wb []uint8, k *cand) colourStats {
	fb, bs := d.fb, d.bgb
	sw, sh := d.sw, d.sh
	bx, by := min(max(int(k.x)>>3, 0), sw-1), min(max(int(k.y)>>3, 0), sh-1)
	blk := 3 * (by*sw + bx)
	local := [3]float64{float64(bs[blk]), float64(bs[blk+1]), float64(bs[blk+2])}
	alpha := 1.0
	if k.moving {
		alpha = streakAlpha(k.r, math.Hypot(k.x1-k.x0, k.y1-k.y0))
	}
	if !k.moving && d.k < 0.75 && d.frame != nil {
		// A ball at rest in a reduced view: its colours in the frame itself,
		// where a small ball is several times more pixels.
		p := d.toImage(k.x, k.y)
		m := fgMap{fb: fb, w: d.ww, h: d.wh, ax: (0.5 - d.ox) * d.kx, kx: d.kx, ay: (0.5 - d.oy) * d.ky, ky: d.ky}
		return discColoursIn(d.frame, d.imgW, d.imgH, m, p[0], p[1], k.r/d.k, alpha, local, d.cloth)
	}
	return discColours(wb, fb, d.ww, d.wh, k.x, k.y, k.r, alpha, local, d.cloth)
}

// fgMap finds a pixel's foreground flag in a mask of another scale: image
// pixel (x, y) is mask pixel (ax + x·kx, ay + y·ky), rounded down.
type fgMap struct {
	fb             []uint8
	w, h           int
	ax, kx, ay, ky float64
}

func (m *fgMap) at(x, y int) bool {
	u, v := int(m.ax+float64(x)*m.kx), int(m.ay+float64(y)*m.ky)
	return u >= 0 && v >= 0 && u < m.w && v < m.h && m.fb[v*m.w+u] != 0
}

// discColours gathers the colour statistics of the disc of radius kr about
// (x0, y0) in the BGR image wb (ww×wh) whose foreground mask is fb; alpha is
// the fraction of the exposure the ball covers the disc (below 1 for a motion
// streak), local the cloth colour (BGR) about the ball, cloth the cloth colour.
func discColours(wb, fb []uint8, ww, wh int, x0, y0, kr, alpha float64, local, cloth [3]float64) colourStats {
	return discColoursIn(wb, ww, wh, fgMap{fb: fb, w: ww, h: wh, kx: 1, ky: 1}, x0, y0, kr, alpha, local, cloth)
}

// discColoursIn is discColours on an image whose foreground mask m is of
// another scale.
func discColoursIn(wb []uint8, ww, wh int, m fgMap, x0, y0, kr, alpha float64, local, cloth [3]float64) colourStats {
	moving := alpha < 1
	clothH, clothS, clothV := hsv(local[0], local[1], local[2])
	gH, gS, gV := hsv(cloth[0], cloth[1], cloth[2])
	r := 0.95 * kr
	r9 := 0.9 * kr
	inner := 0.75 * kr
	ring := 0.7 * kr
	rim := rimFrom * kr
	var st colourStats
	st.clothH = clothH
	var hh [36]float64 // weighted hue histogram, 5 per bin
	var vh [64]int     // value histogram of coloured pixels
	var sh [64]int     // saturation histogram of coloured pixels
	var wx, wy, wxx float64
	// The disc's box clipped to the image, and the mask's row found once
	// per row (m.at, unrolled): the colour statistics' time is per pixel.
	for y := max(int(y0-r), 0); y <= min(int(y0+r+1), wh-1); y++ {
		fy := float64(y) - y0
		xa, xb, ok := discSpan(x0, fy, r)
		if !ok {
			continue
		}
		mv := int(m.ay + float64(y)*m.ky)
		mrow := m.fb[:0]
		if mv >= 0 && mv < m.h {
			mrow = m.fb[mv*m.w : mv*m.w+m.w]
		}
		for x := max(int(x0-r), xa, 0); x <= min(int(x0+r+1), xb, ww-1); x++ {
			fx := float64(x) - x0
			d2 := fx*fx + fy*fy
			if d2 > r*r {
				continue
			}
			u := int(m.ax + float64(x)*m.kx)
			fg := u >= 0 && u < len(mrow) && mrow[u] != 0
			// The disc's middle is the ball's whatever the segmentation made
			// of it (a ball of nearly the cloth's colour); its rim only where
			// it is foreground. A pixel left out counts for nothing, so its
			// colour is not read (the colour statistics' time is per pixel).
			i := 3 * (y*ww + x)
			if !fg && (moving || d2 > inner*inner) {
				if !moving && d2 > rim*rim {
					// The rim is read all round: a pole-on stripe's
					// band of the cloth's colour is not foreground.
					st.rimPixel(wb[i], wb[i+1], wb[i+2], clothH, clothS)
				}
				continue
			}
			p := wb[i : i+3]
			if !moving && d2 > rim*rim {
				st.rimPixel(p[0], p[1], p[2], clothH, clothS)
			}
			pb, pg, pr := float64(p[0]), float64(p[1]), float64(p[2])
			var h, s, v float64
			clothIn := fg && d2 <= r9*r9
			if clothIn || !moving {
				mx := max(p[0], p[1], p[2])
				h, s, v = hsvOf(pb, pg, pr, float64(mx), float64(mx-min(p[0], p[1], p[2])))
			}
			if clothIn {
				st.n++
				if hueDist(h, gH) <= 6 && s > 0.6*gS && v > 0.4*gV {
					st.clothLike++
				}
			}
			if moving {
				// A streak is the ball over part of the exposure and the
				// cloth over the rest: take the cloth out.
				h, s, v = hsv(unmix(pb, local[0], alpha), unmix(pg, local[1], alpha), unmix(pr, local[2], alpha))
			}
			st.m++
			inRing := d2 > ring*ring
			if inRing {
				st.ringN++
			}
			dhc := hueDist(h, clothH)
			switch {
			case v < 55 || (v < 100 && s < 90):
				st.black++
				if s >= shadowSat {
					st.blackSat++
					if hueDist(h, clothH) <= 15 {
						st.blackCloth++
					}
				}
			case s < 110 && v > 130 || s < 45:
				st.white++
				if s >= 50 && (h <= 25 || h >= 170) && hueDist(h, clothH) > 8 {
					st.skin++
				}
				wx += fx
				wy += fy
				wxx += d2
				if d2 > 0.25*kr*kr {
					o := octant(fx, fy)
					st.octN[o]++
					st.octX[o] += fx
					st.octY[o] += fy
					st.octXX[o] += d2
				}
			case dhc <= 20 && s < 0.7*clothS && v > 0.5*clothV:
				// White tinted by light bounced off the cloth, or a
				// reflection of the cloth. At the rim it may be the ball's
				// edge blending into the cloth; inside it, or brighter than
				// the cloth, a white cap.
				st.tint++
				if !inRing || v > 1.05*clothV {
					st.tintIn++
				}
			default:
				st.col++
				if inRing && dhc > 20 {
					st.ringCol++
				}
				// Cloth light tints the rim: the middle counts more.
				w := s / 255 * (1.25 - d2/(r*r))
				hh[min(int(h/5), 35)] += w
				vh[int(v)>>2]++
				sh[int(s)>>2]++
			}
		}
	}
	st.wx, st.wy, st.wxx, st.kr2 = wx, wy, wxx, kr*kr
	st.spread()
	if st.col > 0 {
		// The hue: the circular mean of the coloured pixels within 15 of the
		// histogram's mode (a 15-wide window), so that stray hues (a neighbour,
		// the cloth, the number) do not pull it.
		best, bi := -1.0, 0
		for b := 0; b < 36; b++ {
			s := hh[(b+35)%36] + hh[b] + hh[(b+1)%36]
			if s > best {
				best, bi = s, b
			}
		}
		cx, cy := 0.0, 0.0
		for o := -1; o <= 1; o++ {
			b := (bi + o + 36) % 36
			a := (float64(b)*5 + 2.5) * math.Pi / 90
			cx += hh[b] * math.Cos(a)
			cy += hh[b] * math.Sin(a)
		}
		h := math.Atan2(cy, cx) * 90 / math.Pi
		if h < 0 {
			h += 180
		}
		st.hue = h
		// The value of the lit side (the upper quartile): shading and
		// shadows darken the rest of a ball, whatever its colour.
		acc := 0
		for b := 63; b >= 0; b-- {
			acc += vh[b]
			if float64(acc) >= 0.25*st.col {
				st.val = float64(b*4 + 2)
				break
			}
		}
		acc = 0
		for b := 63; b >= 0; b-- {
			acc += sh[b]
			if float64(acc) >= 0.5*st.col {
				st.sat = float64(b*4 + 2)
				break
			}
		}
	}
	st.relVal = st.val / max(clothV, 1)
	return st
}

// discSpan is the range [xa, xb] of whole x that can lie within r of cx on
// the row fy from cx's (fx·fx + fy·fy ≤ r·r), with a pixel to spare on
// either side, so that a disc's scan still decides each pixel by its own
// test but skips the corners of its box; ok is false if no pixel of the row
// can (fy·fy > r·r, which no fx·fx added to it makes smaller).
func discSpan(cx, fy, r float64) (xa, xb int, ok bool) {
	if fy*fy > r*r {
		return 0, 0, false
	}
	// A pixel left out is more than hw from cx: its fx·fx exceeds
	// r·r − fy·fy by 2·√(r·r − fy·fy) + 1, far beyond rounding. (Truncation
	// is the floor from 0 up; below 0 there are no pixels.)
	hw := math.Sqrt(r*r-fy*fy) + 1
	return int(cx - hw), int(cx + hw), true
}

// spread sets wSpread from the white pixels' sums.
func (st *colourStats) spread() {
	st.wSpread = 0
	if st.white > 0 {
		mx, my := st.wx/st.white, st.wy/st.white
		st.wSpread = (st.wxx/st.white - mx*mx - my*my) / st.kr2
	}
}

// octant is the octant (0–7, 45° each, counter-clockwise from +x in image
// axes) of the offset (fx, fy) from a disc's centre.
func octant(fx, fy float64) int {
	o := 0
	if fy < 0 {
		o, fx, fy = 4, -fx, -fy
	}
	switch {
	case fx > fy:
		return o
	case fx > 0:
		return o + 1
	case -fx < fy:
		return o + 2
	}
	return o + 3
}

// octantDir are, per octant, the unit vectors of its middle and 15° either
// side of it.
var octantDir = func() (u [8][3][2]float64) {
	for o := range u {
		for j := range u[o] {
			a := (float64(o)+0.5)*math.Pi/4 + float64(j-1)*math.Pi/12
			u[o][j] = [2]float64{math.Cos(a), math.Sin(a)}
		}
	}
	return u
}()

// occluderAt are where, in ball radii from its centre, dropOccluded looks
// for what lies over a ball: just beyond its outline, within a cue's width
// (a cue across a ball's edge ends 1.3–1.4 radii out on rendered frames).
var occluderAt = [2]float64{1.1, 1.25}

// dropOccluded takes out of the disc's white the white of the octants over
// which something pale lies that runs on beyond the ball's outline: an arm,
// a sleeve, a hand or a cue over part of the ball. Its white is not the
// ball's, and spread over one side of the disc it made solids read as
// stripes (a maroon 7 under a grey sleeve, a purple 4 under a hand, on
// rendered frames). A stripe's caps end at its outline. Two of six points
// just beyond the outline (occluderAt, on three rays through the octant) must
// be pale foreground (see occluderSat). A neighbouring ball's white can be
// there too: this is asked only of balls in an arm's blob (colours). wb
// (ww×wh) is the image whose foreground mask is m, the disc of radius kr
// about (x0, y0).
func (st *colourStats) dropOccluded(wb []uint8, ww, wh int, m fgMap, x0, y0, kr float64) {
	dropped := false
	for o, u := range octantDir {
		if st.octN[o] == 0 {
			continue
		}
		pale := 0
		for _, v := range u {
			for _, f := range occluderAt {
				x, y := int(x0+f*kr*v[0]+0.5), int(y0+f*kr*v[1]+0.5)
				if x < 0 || y < 0 || x >= ww || y >= wh || !m.at(x, y) {
					continue
				}
				i := 3 * (y*ww + x)
				_, sat, val := hsv(float64(wb[i]), float64(wb[i+1]), float64(wb[i+2]))
				if sat < occluderSat && val > 120 || sat < 45 && val >= 55 {
					pale++
				}
			}
		}
		if pale < 2 {
			continue
		}
		dropped = true
		st.white -= st.octN[o]
		st.m -= st.octN[o]
		st.wx -= st.octX[o]
		st.wy -= st.octY[o]
		st.wxx -= st.octXX[o]
		st.octN[o] = 0
	}
	if dropped {
		st.spread()
	}
}

// occluderSat is the saturation (0–255) under which a lit pixel beyond a
// ball's outline is pale enough to be an arm's, a hand's or a cue's (skin
// showed 105–119 on rendered frames; cloth and ball colours 150 and more).
const occluderSat = 130

// streakAlpha is the fraction of the exposure a ball of radius r covers the
// middle of its streak whose ends (the centres of its first and last
// positions) are length apart.
func streakAlpha(r, length float64) float64 {
	return max(unmixMin, min(1, 2*r/(length+2*r)))
}

// unmixMin bounds the un-mixing of a streak: a long streak is mostly cloth,
// and dividing by a small fraction would only magnify noise.
const unmixMin = 0.5

// unmix recovers a channel of the ball's colour from a pixel p of a streak that
// is the ball for the fraction alpha of the exposure and the cloth c for the rest.
func unmix(p, c, alpha float64) float64 {
	return max(0, min(255, c+(p-c)/alpha))
}

// shadowEight reports whether a disc read as the eight is a shadow on the
// cloth: its black is mostly the cloth's own colour in the dark, and what
// colour it shows is none or a lit ball's, not the cloth's. An eight's black
// is neutral on rendered frames (a share of 0.11–0.33 of the cloth's hue,
// 0.55 at most over 2,374 eights at rest in the 8-ball match of seed 21,
// against 0.70–0.96 for the shadows read as one); on broadcast footage it
// mirrors the cloth (0.53–0.90), but shows the cloth's colour at its rim
// (0.14–0.27 of it). The white a shadow's disc holds is a lit ball's beside
// it: the ball whose blob took the shadow in by a cushion (see dropShadows)
// showed 0.14–0.40 of it, so white does not make the disc an eight.
func (st colourStats) shadowEight() bool {
	return st.blackCloth > shadowBlack*st.black && (st.col < 0.05*st.m || hueDist(st.hue, st.clothH) > 20) ||
		st.blackCloth > shadowAll*st.black
}

// shadowAll is the share of a disc's black pixels of the cloth's hue above
// which it is a shadow whatever else it holds. Beside a ball of the cloth's
// own colour, a shadow's disc holds coloured pixels of the cloth's hue, as
// an eight's rim does on broadcast footage: rendered 9-ball, seed 74, 181 s,
// the shadow of a green 6 on green cloth by the foot cushion was read as the
// eight 47 mm from it, black of the cloth's hue 0.98 of its black, and the
// tracker took it for the 6 flitting there and told six cushion hits. An
// eight's black is at most 0.90 of the cloth's hue on broadcast footage.
const shadowAll = 0.95

// shadowBlack is the share of a disc's black pixels above which, of the
// cloth's hue and saturated, they can be a shadow on the cloth.
const shadowBlack = 0.6

// shadowSat is the least saturation (0–255) of a black pixel that is the
// cloth's own colour in shadow.
const shadowSat = 100

// hueNumber names the colour (1–7; 9–15 are the same colours striped) nearest
// to a ball's hue (OpenCV's 0–180 scale), saturation and lit-side value, with a
// confidence from the margin to the second nearest (0: as near to both).
// Red and maroon share a hue: maroon is darker and less saturated.
//
//	1 yellow, 2 blue, 3 red, 4 purple, 5 orange, 6 green, 7 maroon.
func hueNumber(h, s, v float64, limb bool) (int, float64) {
	// Distances to prototypes; hue is circular. A hue step of one counts as
	// much as ten steps of value or saturation. The prototypes are the
	// colours as a well-exposed camera sees them under the lamps (from
	// rendered frames); a camera that shifts hues (broadcast footage shows
	// yellow and orange some 5 lower, purple near blue) needs its own.
	type proto struct {
		n       int
		h, s, v float64
	}
	protos := [...]proto{
		{1, 23, 215, 225}, {2, 113, 225, 140}, {3, 179, 215, 170}, {4, 136, 180, 110}, {5, 11, 225, 220}, {6, 74, 215, 100}, {7, 179, 175, 100},
	}
	// A stripe turned pole-on shows its colour only on its shaded limb:
	// its value says little there.
	vs := 10.0
	if limb {
		vs = 30
	}
	best, second := math.Inf(1), math.Inf(1)
	bn := -1
	for _, p := range protos {
		dh := hueDist(h, p.h)
		dv := (v - p.v) / vs
		ds := (s - p.s) / 10
		dd := dh*dh + dv*dv + ds*ds
		if dd < best {
			second, best, bn = best, dd, p.n
		} else if dd < second {
			second = dd
		}
	}
	// Confidence from the margin to the second-best colour.
	conf := 1 - math.Sqrt(best)/max(math.Sqrt(second), 1e-6)
	return bn, conf
}

// redMaroonAgree reports whether the saturation and the brightness against
// the local cloth of a ball at rest read as red (num 3) or maroon (7) agree
// with its value, on which hueNumber's choice mostly rests. The two share a
// hue; red is the more saturated and the brighter. A red stripe's band turned
// into its own shade is as dark as a maroon's: on rendered 8-ball matches an
// 11 at rest by a cushion (value 114–118, against 166–218 in the open) was
// read as the 15 for thousands of frames, and the tracker swapped the two for
// 16 shots. Its band kept a red's saturation (186–214, the 15's 138–186) or
// was brighter than the cloth (1.04–1.18; a maroon stripe's 0.66–0.93, a
// maroon solid's 0.81–1.06). A red ball must be as saturated as red paint
// (a solid) or a red band (a stripe), a maroon no more than maroonSat and
// darker than the cloth's 1.05 (a stripe) or 1.1 (a solid). Where they
// disagree the number is withheld: a wrong number is worse than none.
func (st colourStats) redMaroonAgree(num int, cls Class) bool {
	// A solid's paint is more saturated than a stripe's band (red solids
	// showed 222–226, maroon solids 190–194 on rendered frames).
	redMin, bright := 206.0, 1.1
	if cls == Stripe {
		redMin, bright = 190, 1.05
	}
	if num == 7 {
		if cls == Stripe && signedHue(st.hue) >= maroonStripeHue && st.sat >= maroonStripeSat {
			return false
		}
		if cls == Stripe && signedHue(st.hue) <= maroonBandHue && st.sat <= maroonSat && st.relVal < maroonBandBright {
			return true
		}
		return st.sat <= maroonSat && st.relVal < bright
	}
	return st.sat >= redMin
}

// A red band's hue lies on the yellow side of red (0 to 2 on OpenCV's scale,
// as signedHue gives it), a maroon band's on the blue side (−2.5 to 0): on
// rendered 8-ball and 14.1 matches (seeds 64–71, a frame in 97), 11s at rest
// read as the 15 had hues of −0.5 to 1.5 and saturations of 174–200, as
// dark as a maroon's (the 8-ball match of seed 65 had the 11 so for 80 s by
// the foot cushion, and the tracker swapped the two). The 15s seen with a
// hue of at least maroonStripeHue were less saturated: 33 of their 1491
// frames had maroonStripeSat or more, against 101 of the 169 misread 11s.
//
// A band of a hue of maroonBandHue or less is a maroon's, however lit: the 15
// lit brighter than the cloth (relVal 1.05–1.2) had been withheld in 100 of
// its frames on those matches, and no 11 showed such a hue but 2.
const (
	maroonStripeHue  = 0.25
	maroonStripeSat  = 174
	maroonBandHue    = -1.25
	maroonBandBright = 1.2
)

// signedHue is hue h (0–180) as an offset from red: −90 to 90.
func signedHue(h float64) float64 {
	if h > 90 {
		return h - 180
	}
	return h
}

// maroonSat is the most saturation (0–255) of a ball at rest read as maroon.
const maroonSat = 202

// movingConf is the least margin (hueNumber's confidence) for the number of
// a moving ball: its colours are smeared by its roll and the shutter, and a
// wrong number is worse than none for whoever tracks it.
const movingConf = 0.3

// cueTintSat is the median saturation (0–255) below which the colour a
// white ball shows can be the cloth's light on it.
const cueTintSat = 170

// paleCue reports whether the fractions of white (fw), black (fk), colour
// (fc), white and tinted (pale) and the colour in the outer ring (ring) are a
// cue ball's that is not white all over.
func (st colourStats) paleCue(fw, fk, fc, pale, ring float64) bool {
	switch {
	case pale > 0.87 && fc < 0.2 && ring < 0.15:
		// White all over, some of it mirroring the cloth; a stripe seen
		// pole-on shows a ring of its colour.
		return true
	case pale > 0.55 && fc < 0.04 && fk < 0.45:
		// A cue ball in shadow: white and dark, no colour.
		return true
	case pale > 0.6 && fc < 0.2 && fk < 0.3 && ring < 0.05 && hueDist(st.hue, st.clothH) < 8 && st.sat < cueTintSat:
		// A cue ball in shadow on cloth of a deep colour: what colour it
		// shows is the cloth's, paler than paint (a stripe of the cloth's
		// colour shows its band fully saturated).
		return true
	}
	return false
}

// clothStripeOrCue reports whether the fractions of white (fw), colour (fc)
// and white and tinted (pale) are as much a stripe of the cloth's colour,
// its band turned away or in its own shade, as a cue ball by a cushion or in
// shade that mirrors the cloth: mostly white, and a little colour that is
// the cloth's hue, saturated and dim. Rendered frames showed both (a 14 on
// green cloth read as the cue ball for 27 s; the cue ball frozen to a
// cushion read as the 14) with the same statistics, so neither is named.
func (st colourStats) clothStripeOrCue(fw, fc, pale float64) bool {
	fcMax := 0.1
	if st.byCushion {
		// By a cushion a white ball mirrors more of the cloth: the cue
		// ball frozen to a side cushion showed 0.10 of the cloth's colour
		// and was read as the 14.
		fcMax = 0.15
	}
	return pale > 0.55 && fw > 0.5 && fc >= 0.02 && fc < fcMax && hueDist(st.hue, st.clothH) < 8 &&
		st.sat >= clothBandSat && st.relVal < 0.9
}

// clothBandInShade reports whether a disc's black (a share fk of it) is
// mostly the cloth's own hue, saturated: a stripe of the cloth's colour with
// its band in its own shade, which shows as a white ball with a dark band.
// A white ball's shade is grey, and a shadow on the cloth is not foreground
// where the disc's rim would take it in. On rendered frames a green 14 on
// green cloth, in the open with its band turned away, showed 0.15–0.31 of
// black, 0.57–0.71 of it the cloth's hue, and was read as the cue ball in
// shade (white and dark, no colour); the cue balls in the open at most 0.28
// of their black (of 0.10–0.21). By a cushion the disc about a frozen ball's
// blob, which ends short of the cushion, takes in the cushion's shadow and
// the ball's own on the cloth: a cue ball frozen there showed 0.39 of black,
// 0.89 of it the cloth's. It is not named: its white and the cloth's colour
// are as much a cue ball's mirroring the cloth.
func (st colourStats) clothBandInShade(fk float64) bool {
	return !st.byCushion && fk >= clothBandBlack && st.blackCloth > 0.5*st.black
}

// clothBandReach is the distance, in ball radii, from the bed's edge within
// which a disc can take in a cushion's shadow.
const clothBandReach = 2.5

// clothBandBlack is the least share of black in a disc that, of the cloth's
// hue, is a stripe's band of the cloth's colour in shade.
const clothBandBlack = 0.1

// clothBandSat is the least median saturation (0–255) of the colour of a
// stripe's band of the cloth's colour seen in its shade; the cloth's light
// on a white ball is paler.
const clothBandSat = 150

// classify tells the class and number from the statistics: the cue ball is
// white (and, in shadow, dark; it may mirror the cloth), the eight is black,
// a stripe shows white caps and a solid at most its number circle; the
// number comes from the colour and is −1 when two colours are about as near.
//
// A moving ball is named by stricter tests, which only withhold: its class
// and number are those it would have at rest, or no number (and no class
// where the class is in doubt too).
func (st colourStats) classify() (Class, int) {
	if !st.moving {
		return st.classifyOnce()
	}
	mc, mn := st.classifyOnce()
	st.moving = false
	rc, rn := st.classifyOnce()
	switch {
	case mc == rc && (mn == rn || mn == -1):
		return mc, mn
	case mc == rc:
		return rc, -1
	}
	return Unknown, -1
}

// classifyOnce is classify by one set of tests: the stricter ones of a moving
// ball if st.moving.
func (st colourStats) classifyOnce() (Class, int) {
	n, col := st.m, st.col
	if n < 4 {
		return Unknown, -1
	}
	fw, fk, fc := st.white/n, st.black/n, st.col/n
	pale := fw + st.tint/n
	ring := st.ringCol / max(st.ringN, 1)
	switch {
	case fw > 0.8 && fc < 0.2 && ring < 0.15:
		// White all over.
		if st.clothBandInShade(fk) || st.poleOnStripe() {
			return Unknown, -1
		}
		return Cue, 0
	case st.clothStripeOrCue(fw, fc, pale):
		return Unknown, -1
	case st.paleCue(fw, fk, fc, pale, ring):
		if st.clothBandInShade(fk) || st.poleOnStripe() {
			return Unknown, -1
		}
		if st.moving && (fc >= 0.05 || st.relVal >= 0.6) {
			// Moving and pale but not white all over, with some colour or
			// a lit colour: a stripe whose band, smeared by its roll or
			// of the cloth's colour, has faded into its white. (A cue ball
			// in shade shows at most a trace of the cloth's colour, dim.)
			return Unknown, -1
		}
		return Cue, 0
	case fk > 0.5 && fc < 0.4 && !(st.moving && fc >= 0.2):
		// Black; a moving eight shows little else (a maroon's shaded
		// side, smeared, is as dark but keeps its colour).
		return Eight, 8
	}
	// A stripe shows white caps at its poles: much white, or white spread
	// over the disc. A solid shows at most its number circle, one compact
	// patch (its spread is (0.44 r)²/2 ≈ 0.1 r²), and a highlight.
	cls := Solid
	sp := fw + st.tintIn/n
	if sp > 0.46 || (sp > 0.3 && st.wSpread > 0.12) || (sp > 0.18 && st.wSpread > 0.16) {
		cls = Stripe
	}
	if st.moving && cls == Stripe && fw < 0.2 {
		// Moving, and a stripe only by the cloth's tint on it: a solid
		// of the cloth's colour as likely.
		return Unknown, -1
	}
	if col < 3 {
		return cls, -1
	}
	num, conf := hueNumber(st.hue, st.sat, st.val, cls == Stripe && col < 0.25*n)
	if (num == 3 || num == 7) && hueDist(st.hue, st.clothH) < 10 {
		// A red ball on red cloth is lit by the cloth's light as much as by
		// the lamps: tell red from maroon by its brightness against the
		// cloth. Red is brighter than the cloth, maroon about as dark.
		switch {
		case st.relVal > 1.08:
			num, conf = 3, 1
		case st.relVal < 1.02:
			num, conf = 7, 1
		default:
			num = -1
		}
	}
	if !st.moving && (num == 3 || num == 7) && hueDist(st.hue, st.clothH) >= 10 && !st.redMaroonAgree(num, cls) {
		num = -1
	}
	if st.moving && (num == 3 || num == 7) {
		// A moving red or maroon: the roll smears white into a stripe's
		// band and moves its lit side, so its value, on which the choice
		// may rest, is unsure. Its saturation must agree: red is the
		// more saturated (a stripe's band less so than a solid).
		lo, hi := 202.0, 206.0
		if cls == Stripe {
			lo, hi = 192, 200
		}
		if num == 3 && st.sat < hi || num == 7 && st.sat > lo {
			num = -1
		}
	}
	if conf < 0.1 || num < 0 || st.moving && conf < movingConf {
		return cls, -1
	}
	if cls == Stripe {
		num += 8
	}
	return cls, num
}
