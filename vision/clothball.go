package vision

import "math"

// A ball of nearly the cloth's colour (the green 6 and 14 on green cloth)
// differs from the cloth mostly by being a little darker and more
// saturated. At rest its shading, number and outline make it out; rolling,
// its blur mixes it with the cloth, and segment's foreground keeps only
// scraps of it (its number circle, a lit edge): the scraps' blob lies off its
// centre, or is too small to be a candidate at all. On the bench's rendered
// matches of seed 68 the rolling 6 was missed in 17 % of frames and read
// more than 5 mm off in 24 %, against under 1 % and 4 % for most balls
// (the 8 was next, at 1 % and 6 %).
//
// Its pixels still differ from the cloth's colour, by less than segment's
// rule asks: with a lower threshold (weakChroma) the ball is one blob of
// its own size, whose centroid lies within a view pixel of its centre, some
// 2 mm towards the light (the shadow beside it is darker cloth of the
// cloth's own colour; only its darkest core can join the blob, see
// clothBlob). weakBlob finds that blob about a scrap or a candidate; Detect
// places a rolling ball of the cloth's colour by it where its outline
// disagrees, and clothBalls finds one that has no candidate. By a cushion
// the blob runs into the cushion's shade and is not used: there the 6 is
// read as before (a quarter of its reads under 15 mm off a cushion are more
// than 5 mm off).

// weakChroma is the colour difference from the local cloth (segment's
// measure: the sum over B, G and R of |p − α·C|, C the local cloth colour and
// α the pixel's brightness against it) above which weakBlob takes a pixel as
// a ball's: segment's own threshold is 20. On rendered cloth the noise stays
// under it; the moving 6 is 12–20 over most of its disc.
const weakChroma = 12

// clothBallHue is the largest hue difference (0–180) between a ball's
// colour and the cloth's for the ball to count as of the cloth's colour: 5
// for the 6 on the rendered green cloth, 35 for the next (the blue 2).
const clothBallHue = 12

// offBedPx marks a pixel off the bed in weakBlob's mask.
const offBedPx = 3

// weakBlobWin is the half side of weakBlob's window, in ball radii.
const weakBlobWin = 2.5

// clothColoured reports whether a ball read with colours st as det is one of
// nearly the cloth's colour.
func (d *Detector) clothColoured(st *colourStats, det *Detection) bool {
	return det.Ball > 0 && (det.Class == Solid || det.Class == Stripe) && hueDist(st.hue, d.clothH) <= clothBallHue
}

// weakBlob finds the blob of pixels on the bed that differ from the local
// cloth by more than weakChroma, or are brighter than segment takes for
// foreground, or darker if dark, connected to the one of them nearest view
// point (x, y) within half of radius r, in a window of weakBlobWin radii
// about (x, y). It returns the blob's centroid, and ok when it is one ball's
// size and shape, clear of the window's edge and of the bed's (a blob joined
// to another ball, a cushion's shade or an arm is not).
func (d *Detector) weakBlob(wb []uint8, x, y, r float64, dark bool) (cx, cy float64, ok bool) {
	h := int(math.Ceil(weakBlobWin * r))
	n := 2*h + 1
	x0, y0 := int(math.Round(x))-h, int(math.Round(y))-h
	if x0 < 0 || y0 < 0 || x0+n > d.ww || y0+n > d.wh {
		return 0, 0, false
	}
	if cap(d.weakMask) < n*n {
		d.weakMask = make([]uint8, n*n)
	}
	m := d.weakMask[:n*n]
	seed, best := -1, 0.25*r*r
	for j := 0; j < n; j++ {
		yy := y0 + j
		for i := 0; i < n; i++ {
			xx := x0 + i
			v := yy*d.ww + xx
			m[j*n+i] = 0
			if d.bm[v] == 0 {
				m[j*n+i] = offBedPx
				continue
			}
			blk := 3 * ((yy>>3)*d.sw + xx>>3)
			B, G, R := float64(d.bgb[blk])+1, float64(d.bgb[blk+1])+1, float64(d.bgb[blk+2])+1
			b, g, rr := float64(wb[3*v]), float64(wb[3*v+1]), float64(wb[3*v+2])
			a := (b*B + g*G + rr*R) / (B*B + G*G + R*R)
			cd := math.Abs(b-a*B) + math.Abs(g-a*G) + math.Abs(rr-a*R)
			// segment's own rules, with weakChroma for its 20: its
			// brightness rule for the bright (α·1024 over 1350), and for
			// the dark (under 420) if asked.
			if cd <= weakChroma && a <= 1350.0/1024 && (!dark || a >= 420.0/1024) {
				continue
			}
			m[j*n+i] = 1
			if dx, dy := float64(xx)-x, float64(yy)-y; dx*dx+dy*dy < best {
				seed, best = j*n+i, dx*dx+dy*dy
			}
		}
	}
	if seed < 0 {
		return 0, 0, false
	}
	st := append(d.weakStack[:0], int32(seed))
	m[seed] = 2
	var sx, sy float64
	area := 0
	minI, maxI, minJ, maxJ := n, -1, n, -1
	edge := false
	for len(st) > 0 {
		p := int(st[len(st)-1])
		st = st[:len(st)-1]
		i, j := p%n, p/n
		sx += float64(i)
		sy += float64(j)
		area++
		minI, maxI, minJ, maxJ = min(minI, i), max(maxI, i), min(minJ, j), max(maxJ, j)
		if i == 0 || j == 0 || i == n-1 || j == n-1 {
			edge = true
			continue
		}
		for _, q := range [4]int{p - 1, p + 1, p - n, p + n} {
			switch m[q] {
			case 1:
				m[q] = 2
				st = append(st, int32(q))
			case offBedPx:
				edge = true
			}
		}
	}
	d.weakStack = st
	disc := math.Pi * r * r
	w, hh := float64(maxI-minI+1), float64(maxJ-minJ+1)
	if edge || float64(area) < 0.6*disc || float64(area) > 1.6*disc || max(w, hh) > 2.6*r || min(w, hh) < 1.4*r {
		return 0, 0, false
	}
	return float64(x0) + sx/float64(area), float64(y0) + sy/float64(area), true
}

// clothBlob places a ball of the cloth's colour about view point (x, y) of
// radius r by its weakBlob. Where that blob is not one ball's, its darkest
// pixels (segment's dark foreground, of any colour) may have joined it to
// its shadow: away from the cushions, the blob without them is taken. (By
// a cushion that blob, without the ball's shaded side, was more often
// wrong than the candidate's own place: rendered seed 68, the rolling 6
// 15-40 mm off a cushion read more than 5 mm off in 26 % of frames
// against 22 %.)
func (d *Detector) clothBlob(wb []uint8, x, y, r float64) (float64, float64, bool) {
	if cx, cy, ok := d.weakBlob(wb, x, y, r, true); ok {
		return cx, cy, true
	}
	return d.farBlob(wb, x, y, r)
}

// farBlob is weakBlob without the dark pixels, for a ball clothBlobFar or
// more off the cushions only.
func (d *Detector) farBlob(wb []uint8, x, y, r float64) (float64, float64, bool) {
	cx, cy, ok := d.weakBlob(wb, x, y, r, false)
	if !ok {
		return 0, 0, false
	}
	t := d.c.Table
	p := d.c.BallToTable(d.toImage(cx, cy))
	if min(p.X, t.L-p.X, p.Y, t.W-p.Y)-t.BallR < clothBlobFar {
		return 0, 0, false
	}
	return cx, cy, true
}

// clothBlobFar (mm) is how far off the cushions a ball must be for
// clothBlob to take its blob without the dark pixels.
const clothBlobFar = 40

// A stripe of the cloth's colour (the 14 on green cloth) at rest shows its
// white caps and a band that is only a little darker than the cloth: the
// outline fit can take a cap's edge for the ball's, and place the ball at
// the cap, up to a radius off its centre. On the rendered 8-ball match of
// seed 77 the resting 14 was read 7-12 mm off for a minute in the open and
// 24 mm off by a cushion; over the rendered matches of seeds 64-68 it was
// read more than 10 mm off in 8.7 % of its frames at rest, the most of any
// ball. Its faint blob (farBlob: without the dark pixels, as a ball at rest
// lies beside its own shadow) takes in the band and lies within 1-2 mm of
// its centre; by a cushion it runs into the cushion's shade and is not
// used.

// clothBandAtRest reports whether a ball at rest read with colours st as
// det can be a stripe of the cloth's colour: a stripe or unnamed, mostly
// white, its colour the cloth's.
func (d *Detector) clothBandAtRest(st *colourStats, det *Detection) bool {
	return (det.Class == Stripe || det.Class == Unknown) && st.m > 0 && st.white >= clothBandWhite*st.m &&
		st.col > 0 && hueDist(st.hue, d.clothH) <= clothBallHue
}

// clothBandWhite is the least share of white in the disc of a ball at rest
// for clothBandAtRest: the 14 showed 0.66-0.70.
const clothBandWhite = 0.4

// clothBallWhole reports whether candidate k, mostly of the cloth's own
// colour (which Detect takes for a lit cushion face, a fold or a reflection
// unless its outline is whole), is a ball of the cloth's colour: its outline
// all but whole (clothWholeSupport), its colours a solid's or a stripe's of
// the cloth's hue, named, and no more than clothWholeLike of its disc
// cloth-like. In the rendered 14.1 match of seed 70 the racked 6 showed
// 0.46 of its disc cloth-like with 0.94 of its outline, and was missed for
// 50 s; on the 24 rendered matches of seeds 64-71 (8-ball, 9-ball, 14.1, a
// frame in 61) no phantom ball came of keeping such candidates.
func (d *Detector) clothBallWhole(st *colourStats, k *cand) bool {
	if k.support < clothWholeSupport || st.clothLike > clothWholeLike*st.n {
		return false
	}
	c, n := st.classify()
	return n > 0 && (c == Solid || c == Stripe) && hueDist(st.hue, d.clothH) <= clothBallHue
}

// clothWholeSupport and clothWholeLike: see clothBallWhole.
const (
	clothWholeSupport = 0.9
	clothWholeLike    = 0.6
)

// clothBalls looks for the balls of the cloth's colour that no candidate
// stands for: about each small scrap of foreground (a component with no
// candidate, or too small for one) not within 1.5 radii of a ball found
// (d.seen), a weakBlob of a ball's size read as a ball of the cloth's colour
// is one. They are appended to dst, moving if they moved since the last
// frame, with confidence clothBallConf.
func (d *Detector) clothBalls(wb []uint8, dst []Detection) []Detection {
	for ci := range d.comps {
		cp := &d.comps[ci]
		if cp.big || cp.area < clothScrap || d.nearSeen(cp.cx, cp.cy, 1.5*cp.r) {
			continue
		}
		x, y, ok := d.clothBlob(wb, cp.cx, cp.cy, cp.r)
		if !ok || d.nearSeen(x, y, 1.5*cp.r) {
			continue
		}
		k := cand{x: x, y: y, r: float64(d.rexp[int(y)*d.ww+int(x)]), comp: ci, ok: true, weak: true, conf: clothBallConf}
		st := d.colours(wb, &k)
		det := Detection{Ball: -1, RPx: k.r / d.k, Confidence: clothBallConf, Moving: d.moved(&k)}
		st.moving = det.Moving
		det.Class, det.Ball = st.classify()
		if st.n == 0 || !d.clothColoured(&st, &det) {
			continue
		}
		det.Px = d.toImage(x, y)
		det.At = d.c.BallToTable(det.Px)
		dst = append(dst, det)
		d.restVar = append(d.restVar, 0)
		d.seen = append(d.seen, [2]float64{x, y})
	}
	return dst
}

// clothBlobOff (mm) is how far the centre of a rolling ball of the cloth's
// colour found by its outline must lie from its clothBlob's centroid for
// Detect to take the centroid: the centroid, some 2 mm off towards the
// light, gives way to an outline that agrees with it (a blue 10 on the
// blue cloth of a real frame, shifted a few pixels to make it move, lies
// 1–2 mm from its centroid and is read where it is read still; on seed 68
// the rolling 6 far from the cushions was read more than 5 mm off in 7.0 %
// of frames with 2–2.5 mm, 7.2 % taking the centroid always, 9.7 % with
// 4 mm).
const clothBlobOff = 2.5

// clothScrap is the least area (view px) of a scrap of foreground clothBalls
// looks about: the rolling 6 left scraps of 5–40 px (a disc is about 125).
const clothScrap = 4

// clothBallConf is the confidence of a ball clothBalls finds: its colour is
// read over a blurred disc of nearly the cloth's colour.
const clothBallConf = 0.5

// nearSeen reports whether a ball found in this frame lies within lim of
// view point (x, y).
func (d *Detector) nearSeen(x, y, lim float64) bool {
	for _, p := range d.seen {
		if dx, dy := p[0]-x, p[1]-y; dx*dx+dy*dy < lim*lim {
			return true
		}
	}
	return false
}
