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
// jawDarkLit of the cloth, no ball found within a ball's width) is matched,
// as halfInJaws matches a half ball, to the part on the bed of a ball and its
// contact shadow: the ball's disc and, jawShadowWide radii wide, the disc
// about the point of the cloth below its centre (which the camera sees
// nearer itself than the centre, about 3 view px at the corners). The centre
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
		if cp.big || float64(cp.area) < jawDarkArea*math.Pi*r*r || float64(cp.area) > jawDarkMostArea*math.Pi*r*r {
			continue
		}
		if float64(max(cp.w, cp.h)) > 2.6*r || !d.overMouth(cp.cx, cp.cy) {
			continue
		}
		if pk, _ := t.NearestPocket(d.c.BallToTable(d.toImage(cp.cx, cp.cy))); !pk.Corner {
			continue
		}
		if d.nearFound(cp.cx, cp.cy, 2*r, base) || float64(d.bedEdge(ci)) < weakMouthCut*r {
			continue
		}
		if !d.darkBlob(wb, ci) {
			continue
		}
		// The contact shadow's centre, seen from the camera: the cloth
		// below the ball's centre.
		q := d.c.BallToTable(d.toImage(cp.cx, cp.cy))
		gx, gy := d.toView(d.c.ToImage(q, 0))
		ux, uy := d.toView(d.c.BallToImage(q))
		sx, sy := gx-ux, gy-uy
		best, bx, by := d.shadowFit(ci, r, sx, sy, jawShadowWide*r, jawDarkReach*r)
		_, seen := d.shadowMatch(ci, d.onBed(ci), bx, by, r, sx, sy, jawShadowWide*r)
		if best < jawDarkIoU || seen > jawHalfMost || !d.overMouth(bx, by) || d.pastMouth(bx, by) || !d.highlight(wb, bx, by, r) {
			continue
		}
		d.cands = append(d.cands, cand{
			x: bx, y: by, d: r, r: r, comp: ci, ok: true,
			conf: best * jawHalfConf, fill: best, support: best, score: best, jawHalf: true,
		})
	}
}

// shadowFit is the centre (bx, by) about component ci's centroid, within
// reach, where the ball's disc of radius r and its shadow's (radius rs,
// (sx, sy) from it) best match the blob on the bed (see shadowMatch), and
// that match: a search over every other pixel, then over half and eighth
// pixels about the best (the match changes smoothly over a pixel or two: a
// ball is 11 px wide).
func (d *Detector) shadowFit(ci int, r, sx, sy, rs, reach float64) (best, bx, by float64) {
	cp := &d.comps[ci]
	blob := d.onBed(ci)
	best, bx, by = -1, cp.cx, cp.cy
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
// the local cloth by jawDarkLit (sum over B, G and R, ×1024).
func (d *Detector) darkBlob(wb []uint8, ci int) bool {
	bs, sw, sh := d.bgb, d.sw, d.sh
	var sum, cloth float64
	for _, i32 := range d.pixelsOf(ci) {
		i := int(i32)
		x, y := i%d.ww, i/d.ww
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
)

// onBed is how many of component ci's pixels lie on the bed.
func (d *Detector) onBed(ci int) float64 {
	n := 0.0
	for _, i := range d.pixelsOf(ci) {
		if d.bm[i] != 0 {
			n++
		}
	}
	return n
}

// shadowMatch compares component ci's blob (blob of its pixels on the bed)
// with the part on the bed of a ball seen with its contact shadow: the union
// of the disc of radius r about the view point (x, y) and the disc of radius
// rs about (x+sx, y+sy). It returns the ratio of their overlap to their
// union, and the share of the ball's disc (πr²) on the bed. (halfMatch with a shadow: the colour model takes in a dark
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
	for py := y0; py <= y1; py++ {
		fy := float64(py) - y
		gy := fy - sy
		row := py * w
		for px := x0; px <= x1; px++ {
			if bm[row+px] == 0 {
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
