package vision

import "math"

// hsv converts 8-bit B, G, R to OpenCV's hue (0–180), saturation and value (0–255).
func hsv(b, g, r float64) (h, s, v float64) {
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
	clothH         float64 // the local cloth's hue
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
}

// movedFrac is the distance, in ball radii, that a ball's centre must have
// moved since the last frame for its colours to be taken as smeared by its
// roll; the centre of a ball at rest varies far less from frame to frame.
const movedFrac = 0.25

// moved reports whether candidate k is a ball that moved since the last
// frame: no ball found in the last frame lay within movedFrac radii of k's
// centre. With none found there (the first frame), nothing is taken to move.
func (d *Detector) moved(k *cand) bool {
	if len(d.seenPrev) == 0 {
		return false
	}
	lim := movedFrac * k.r
	for _, p := range d.seenPrev {
		if dx, dy := p[0]-k.x, p[1]-k.y; dx*dx+dy*dy <= lim*lim {
			return false
		}
	}
	return true
}

// colours gathers the statistics of candidate k's disc in the view wb, against
// the cloth colour about it (a streak's is un-mixed from the cloth first).
func (d *Detector) colours(wb []uint8, k *cand) colourStats {
	fb, _ := d.fg.DataPtrUint8()
	bs, _ := d.bgSmall.DataPtrUint8()
	sw, sh := d.bgSmall.Cols(), d.bgSmall.Rows()
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
	var st colourStats
	st.clothH = clothH
	var hh [36]float64 // weighted hue histogram, 5 per bin
	var vh [64]int     // value histogram of coloured pixels
	var sh [64]int     // saturation histogram of coloured pixels
	var wx, wy, wxx float64
	for y := int(y0 - r); y <= int(y0+r+1); y++ {
		for x := int(x0 - r); x <= int(x0+r+1); x++ {
			if x < 0 || y < 0 || x >= ww || y >= wh {
				continue
			}
			fx, fy := float64(x)-x0, float64(y)-y0
			d2 := fx*fx + fy*fy
			if d2 > r*r {
				continue
			}
			i := y*ww + x
			pb, pg, pr := float64(wb[3*i]), float64(wb[3*i+1]), float64(wb[3*i+2])
			h, s, v := hsv(pb, pg, pr)
			fg := m.at(x, y)
			if fg && d2 <= r9*r9 {
				st.n++
				if hueDist(h, gH) <= 6 && s > 0.6*gS && v > 0.4*gV {
					st.clothLike++
				}
			}
			// The disc's middle is the ball's whatever the segmentation made
			// of it (a ball of nearly the cloth's colour); its rim only where
			// it is foreground.
			if !fg && (moving || d2 > inner*inner) {
				continue
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
	if st.white > 0 {
		mx, my := wx/st.white, wy/st.white
		st.wSpread = (wxx/st.white - mx*mx - my*my) / (kr * kr)
	}
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
// cloth: its black is mostly the cloth's own colour in the dark, it shows no
// highlight or number (white), and what colour it shows is none or a
// neighbour's lit rim. An eight's black is neutral on rendered frames (a
// share of 0.11–0.33 of the cloth's hue, against 0.86–0.96 for the shadows
// read as one); on broadcast footage it mirrors the cloth (0.53–0.90), but
// shows its highlight or the cloth's colour at its rim (0.14–0.27 of it).
func (st colourStats) shadowEight() bool {
	n := st.m
	return st.blackCloth > shadowBlack*st.black && st.white < 0.03*n &&
		(st.col < 0.05*n || hueDist(st.hue, st.clothH) > 20)
}

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
	return pale > 0.55 && fw > 0.5 && fc >= 0.02 && fc < 0.1 && hueDist(st.hue, st.clothH) < 8 &&
		st.sat >= clothBandSat && st.relVal < 0.9
}

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
		return Cue, 0
	case st.clothStripeOrCue(fw, fc, pale):
		return Unknown, -1
	case st.paleCue(fw, fk, fc, pale, ring):
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
