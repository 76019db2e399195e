package vision

import "math"

// darkInJaws finds a dark ball at rest in a corner pocket's jaws that nothing
// else finds: the eight, black against the black jaw facings and hole. In a
// rendered 14.1 match (seed 24) the eight came to rest in the foot-left
// corner's jaws at (2505.4, 54.4) mm, 5 mm in front of the mouth's line, and
// was not found in any frame for 6 s: the tracker called it pocketed, and two
// rulings went wrong. In stills of that place it was found in 3 renders of 20
// (seeds 1–20); the other dark balls (2, 4, 7, 10, 12, 15), which show their
// colour or a lit rim, in nearly all. The bed's mask ends at the jaws, seen
// from the camera in front of the ball's middle: of the eight the colour
// model sees only a crescent on the bed (29–60 view px, 0.3–0.6 of a
// ball's area), and that is mostly its contact shadow, which the ball
// does not hide on the side towards the camera, with a sliver of the ball.
// Such a blob makes no candidate (under 0.3 of a ball's area) or only its
// centroid (weak), which cutAtMouth gives up for the ring detector; halfInJaws
// asks only a peak candidate; and the ring detector finds no lit rim round a
// black ball against the hole, nor a middle brighter than its ring.
//
// Each such blob (by a corner's mouth, cut by the bed's edge, dark: under
// jawDarkLit of the cloth, no ball found within a ball's width; or, where
// a found ball touches the blob, what is left of it out of that ball and its
// shadow, see hideFound) is matched, as halfInJaws matches a half ball, to
// the part on the bed of a ball and its contact shadow: the ball's disc and,
// jawShadowWide radii wide, the disc about the point of the cloth below its
// centre (which the camera sees nearer itself than the centre, about 3 view
// px at the corners). The centre
// of the closest match (jawDarkIoU at least, the ball's disc no more than
// jawHalfMost on the bed) is a ball's if it lies over the mouth, no further in
// than a ball can hang, and the frame shows a lamp's highlight in its middle
// (see highlight). A ball's disc alone matched the blob less well and put the
// eight 8–13 mm towards the camera; with its shadow, 0.2–4 mm from its place
// in most renders (9 mm at worst; seeds 1–10 in each corner, all found, as
// the eight). Empty jaws make no blob on the bed (the hole and the facings
// are off it), nor does a ball that has dropped. It runs after the ring
// detector, which places a ball with a lit rim better, and costs about
// 0.13 ms a frame while such a blob is there (some 240 matches), next to
// nothing otherwise. A ball 10 mm or more past the mouth's line (at the
// mouth's middle) leaves little but its shadow's edge on the bed: it is
// found in some renders only, and from 20 mm in not at all.
func (d *Detector) darkInJaws(wb []uint8) {
	if d.litMouth {
		return
	}
	t := d.c.Table
	base := len(d.cands)
	for ci := range d.comps {
		cp := &d.comps[ci]
		r := cp.r
		if cp.big {
			continue
		}
		// A ball already found in the blob hides its part of it (see
		// hideFound): what is left is looked at as a blob of its own.
		d.hideFound(ci, base)
		hidden := len(d.jawHidden) > 0
		area, w, h, cx, cy, edge := cp.area, cp.w, cp.h, cp.cx, cp.cy, 0
		if hidden {
			area, w, h, cx, cy, edge = d.restOf(ci)
		}
		if area == 0 || float64(area) < jawDarkArea*math.Pi*r*r || float64(area) > jawDarkMostArea*math.Pi*r*r {
			continue
		}
		long := 2.6 * r
		if hidden {
			long = jawRestLong * r
		}
		if float64(max(w, h)) > long || !d.overMouth(cx, cy) {
			continue
		}
		if pk, _ := t.NearestPocket(d.c.BallToTable(d.toImage(cx, cy))); !pk.Corner {
			continue
		}
		if !hidden {
			if d.nearFound(cx, cy, 2*r, base) {
				continue
			}
			edge = d.bedEdge(ci)
		}
		if float64(edge) < weakMouthCut*r || !d.darkBlob(wb, ci) {
			continue
		}
		// The contact shadow's centre, seen from the camera: the cloth
		// below the ball's centre.
		q := d.c.BallToTable(d.toImage(cx, cy))
		gx, gy := d.toView(d.c.ToImage(q, 0))
		ux, uy := d.toView(d.c.BallToImage(q))
		sx, sy := gx-ux, gy-uy
		best, bx, by := d.shadowFit(ci, cx, cy, r, sx, sy, jawShadowWide*r, jawDarkReach*r)
		_, seen := d.shadowMatch(ci, d.onBed(ci), bx, by, r, sx, sy, jawShadowWide*r)
		if best < jawDarkIoU || seen > jawHalfMost || !d.overMouth(bx, by) || d.pastMouth(bx, by) || !d.highlight(wb, bx, by, r) {
			continue
		}
		if hidden && d.nearFound(bx, by, jawApart*r, base) {
			// The found ball's own shadow or rim, not a ball beside it.
			continue
		}
		d.cands = append(d.cands, cand{
			x: bx, y: by, d: r, r: r, comp: ci, ok: true,
			conf: best * jawHalfConf, fill: best, support: best, score: best, jawHalf: true,
		})
	}
	d.jawHidden = d.jawHidden[:0]
}

// hideFound gathers in d.jawHidden the balls already found (ring candidates
// from index base on too) whose disc, jawHideWide of their radius, reaches
// component ci's box, each with its contact shadow's disc (as wide again).
// In a rendered 10-ball match (seed 25) the eight came to rest in front of
// the head-right corner's mouth, 13 mm off the head
// cushion and 24 mm off the side cushion, with the nine frozen beside it:
// the eight's crescent on the bed and the nine made one blob, 1.5–1.8 of a
// ball's area and 20 px long, too large and too bright for a dark ball in
// the jaws, its centroid by the nine (which nearFound then found), and the
// eight was not found in any render (seeds 1–6, nor in the other three
// corners); without the nine, in all. With the found balls' discs taken
// and their shadows out of the blob, the rest is the eight's crescent,
// matched as before.
func (d *Detector) hideFound(ci, base int) {
	cp := &d.comps[ci]
	hide := d.jawHidden[:0]
	for i := range d.cands {
		k := &d.cands[i]
		if !k.ok || k.absorbed || k.moving || (i < base && k.conf < d.opts.MinConfidence) {
			continue
		}
		hr := jawHideWide * k.r
		if k.x+hr < float64(cp.x) || k.x-hr > float64(cp.x+cp.w-1) || k.y+hr < float64(cp.y) || k.y-hr > float64(cp.y+cp.h-1) {
			continue
		}
		// And its contact shadow, on the side towards the camera (as
		// darkInJaws models a dark ball's).
		q := d.c.BallToTable(d.toImage(k.x, k.y))
		gx, gy := d.toView(d.c.ToImage(q, 0))
		ux, uy := d.toView(d.c.BallToImage(q))
		rs := jawShadowWide*k.r + jawHideWide*k.r - k.r
		hide = append(hide, [3]float64{k.x, k.y, hr * hr}, [3]float64{k.x + gx - ux, k.y + gy - uy, rs * rs})
	}
	d.jawHidden = hide
}

// hiddenAt says whether view pixel (x, y) lies under a ball in d.jawHidden.
func (d *Detector) hiddenAt(x, y int) bool {
	for _, h := range d.jawHidden {
		if dx, dy := float64(x)-h[0], float64(y)-h[1]; dx*dx+dy*dy <= h[2] {
			return true
		}
	}
	return false
}

// restOf is what is left of component ci's blob out of the found balls'
// discs (d.jawHidden): its area (px), box's width and height, centroid, and
// how many of its pixels lie on the bed's edge (as bedEdge counts them).
func (d *Detector) restOf(ci int) (area, w, h int, cx, cy float64, edge int) {
	x0, y0, x1, y1 := d.ww, d.wh, -1, -1
	var sx, sy int
	for _, i32 := range d.pixelsOf(ci) {
		i := int(i32)
		x, y := i%d.ww, i/d.ww
		if d.hiddenAt(x, y) {
			continue
		}
		area++
		sx += x
		sy += y
		x0, x1, y0, y1 = min(x0, x), max(x1, x), min(y0, y), max(y1, y)
	dirs:
		for _, s := range [4][2]int{{1, 0}, {-1, 0}, {0, 1}, {0, -1}} {
			for a := 1; a <= 2; a++ {
				qx, qy := x+a*s[0], y+a*s[1]
				if qx < 0 || qy < 0 || qx >= d.ww || qy >= d.wh {
					break
				}
				if d.bm[qy*d.ww+qx] == 0 {
					edge++
					break dirs
				}
			}
		}
	}
	if area == 0 {
		return 0, 0, 0, 0, 0, 0
	}
	return area, x1 - x0 + 1, y1 - y0 + 1, float64(sx) / float64(area), float64(sy) / float64(area), edge
}

// shadowFit is the centre (bx, by) about (cx, cy), its blob's centroid, within
// reach, where the ball's disc of radius r and its shadow's (radius rs,
// (sx, sy) from it) best match the blob on the bed (see shadowMatch), and
// that match: a search over every other pixel, then over half and eighth
// pixels about the best (the match changes smoothly over a pixel or two: a
// ball is 11 px wide).
func (d *Detector) shadowFit(ci int, cx, cy, r, sx, sy, rs, reach float64) (best, bx, by float64) {
	blob := d.onBed(ci)
	best, bx, by = -1, cx, cy
	for _, s := range [3][2]float64{{reach, 2}, {2, 0.5}, {0.5, 0.125}} {
		cx, cy := bx, by
		for y := cy - s[0]; y <= cy+s[0]+1e-9; y += s[1] {
			for x := cx - s[0]; x <= cx+s[0]+1e-9; x += s[1] {
				if v, _ := d.shadowMatch(ci, blob, x, y, r, sx, sy, rs); v > best {
					best, bx, by = v, x, y
				}
			}
		}
	}
	return best, bx, by
}

// darkBlob says whether component ci's pixels are, on average, darker than
// the local cloth by jawDarkLit (sum over B, G and R, ×1024), out of the
// found balls in d.jawHidden.
func (d *Detector) darkBlob(wb []uint8, ci int) bool {
	bs, sw, sh := d.bgb, d.sw, d.sh
	var sum, cloth float64
	for _, i32 := range d.pixelsOf(ci) {
		i := int(i32)
		x, y := i%d.ww, i/d.ww
		if d.hiddenAt(x, y) {
			continue
		}
		sum += float64(wb[3*i]) + float64(wb[3*i+1]) + float64(wb[3*i+2])
		b := 3 * (min(y>>3, sh-1)*sw + min(x>>3, sw-1))
		cloth += float64(bs[b]) + float64(bs[b+1]) + float64(bs[b+2])
	}
	return cloth > 0 && sum*1024 < jawDarkLit*cloth
}

const (
	// jawDarkArea and jawDarkMostArea bound the blob of a ball in the jaws,
	// in ball areas (πr²): the eight's was 0.25–0.5 (29–60 view px at a
	// radius of 5.75 px); a ball more on the bed is the other passes'.
	jawDarkArea     = 0.15
	jawDarkMostArea = 0.8
	// jawDarkReach is how far from its blob's centroid the ball's centre
	// is looked for, in radii: the blob is mostly the shadow, the ball
	// beyond it.
	jawDarkReach = 1.4
	// jawShadowWide is the radius of the ball's contact shadow on the
	// cloth as the colour model sees it, in ball radii: with 0.8 the
	// eight's centres came out 1–6 mm outwards of its place, with 1.0
	// 1–6 mm inwards (8 renders, two corners).
	jawShadowWide = 0.9
	// jawDarkIoU is the least match of the blob with the ball and its
	// shadow on the bed: the eight's matched 0.85–0.98 in the renders (a
	// ball's disc alone, 0.76–0.93, its centre 8–13 mm towards the camera).
	jawDarkIoU = 0.8
	// jawDarkLit is the blob's brightness to the local cloth's (sum over
	// B, G, R; ×1024) below which it may be a dark ball and its shadow:
	// the eight's blob was 0.24–0.45 of the cloth's.
	jawDarkLit = 700
	// jawHideWide is how much of a found ball's blob, in its radii about
	// its centre, hides the bed from a dark ball beside it (see
	// hideFound): its disc and a pixel of blur at its rim.
	jawHideWide = 1.15
	// jawApart is how near a found ball, in radii, a dark ball found
	// beside it may lie: two balls' centres are two radii apart when
	// they touch; a match nearer is the found ball's own shadow or rim.
	jawApart = 1.6
	// jawRestLong is the longest a blob's rest beside a found ball may be
	// (its box's longer side, in radii): the eight's crescent by the nine
	// was 3.4–3.9 (seed 25's place, seeds 1–6, four corners), longer
	// than a lone dark ball's blob (2.6), as it reaches round the eight's
	// side between the two balls.
	jawRestLong = 4.2
)

// onBed is how many of component ci's pixels lie on the bed (out of the found
// balls in d.jawHidden).
func (d *Detector) onBed(ci int) float64 {
	n := 0.0
	for _, i := range d.pixelsOf(ci) {
		if d.bm[i] != 0 && !d.hiddenAt(int(i)%d.ww, int(i)/d.ww) {
			n++
		}
	}
	return n
}

// shadowMatch compares component ci's blob (blob of its pixels on the bed)
// with the part on the bed of a ball seen with its contact shadow: the union
// of the disc of radius r about the view point (x, y) and the disc of radius
// rs about (x+sx, y+sy). It returns the ratio of their overlap to their
// union, and the share of the ball's disc (πr²) on the bed. The found balls
// in d.jawHidden hide the bed under them. (halfMatch with a shadow: the colour model takes in a dark
// ball's contact shadow on the side towards the camera, where the ball does
// not hide it.)
func (d *Detector) shadowMatch(ci int, blob, x, y, r, sx, sy, rs float64) (iou, seen float64) {
	cp := &d.comps[ci]
	lb, w, bm := d.labels, d.ww, d.bm
	var both, model, onBed float64
	ext := max(r, rs+math.Hypot(sx, sy))
	x0, x1 := min(int(x-ext)-1, cp.x), max(int(x+ext)+1, cp.x+cp.w-1)
	y0, y1 := min(int(y-ext)-1, cp.y), max(int(y+ext)+1, cp.y+cp.h-1)
	x0, y0 = max(x0, 0), max(y0, 0)
	x1, y1 = min(x1, d.ww-1), min(y1, d.wh-1)
	r2, rs2 := r*r, rs*rs
	id := int32(ci + 1)
	hide := len(d.jawHidden) > 0
	for py := y0; py <= y1; py++ {
		fy := float64(py) - y
		gy := fy - sy
		row := py * w
		for px := x0; px <= x1; px++ {
			if bm[row+px] == 0 || hide && d.hiddenAt(px, py) {
				continue
			}
			fx := float64(px) - x
			gx := fx - sx
			ball := fx*fx+fy*fy <= r2
			if !ball && gx*gx+gy*gy > rs2 {
				continue
			}
			model++
			if ball {
				onBed++
			}
			if lb[row+px] == id {
				both++
			}
		}
	}
	if u := model + blob - both; u > 0 {
		iou = both / u
	}
	return iou, onBed / (math.Pi * r2)
}
