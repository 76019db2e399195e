package vision

import "math"

// The per-blob passes (distance transform, its peaks, the Hough peaks) work
// over each blob's own pixels, not its bounding box: a player's arm with its
// cue and hand is one blob whose box, lying across the bed, is mostly cloth
// (several times the blob's area), and such frames are the detector's
// dearest. The results are those of the passes over the boxes, bit for bit
// (TestBlobPasses checks them against their definitions).

// compPixels sorts this frame's labelled pixels (d.fgIdx, in raster order)
// by component, each component's in raster order:
// d.byComp[d.compAt[c]:d.compAt[c+1]] are those of d.comps[c].
func (d *Detector) compPixels(lb []int32) {
	n := len(d.ccs)
	d.compAt = append(d.compAt[:0], 0)
	for _, cs := range d.ccs {
		d.compAt = append(d.compAt, d.compAt[len(d.compAt)-1]+int32(cs.n))
	}
	d.compPos = append(d.compPos[:0], d.compAt[:n]...)
	if cap(d.byComp) < len(d.fgIdx) {
		d.byComp = make([]int32, len(d.fgIdx), 2*len(d.fgIdx))
	}
	d.byComp = d.byComp[:len(d.fgIdx)]
	pos, bc := d.compPos, d.byComp
	for _, i := range d.fgIdx {
		c := lb[i] - 1
		bc[pos[c]] = i
		pos[c]++
	}
}

// pixelsOf is component ci's pixels (view indices, in raster order).
func (d *Detector) pixelsOf(ci int) []int32 {
	return d.byComp[d.compAt[ci]:d.compAt[ci+1]]
}

// distances fills d.dt inside every blob large enough to be a ball with the
// distance (px) to the nearest pixel outside it: a 3-4 chamfer transform
// (within 8 % of Euclidean), 0 elsewhere. Two blobs are never 8-adjacent, so
// the nearest pixel outside a blob is background (or off the view): one
// transform of the whole foreground, in two passes over its pixels in raster
// order and back, gives each blob's own. d.chamfer is 0 off the foreground
// and d.dt 0 off the blobs (label clears both where the last frame's
// foreground was).
func (d *Detector) distances(lb []int32) {
	w, h := d.ww, d.wh
	ch := d.chamfer
	const inf = 1 << 28
	// Forward: left and the row above (already final for this pass, or 0).
	y, rowEnd := -1, 0
	for _, i32 := range d.fgIdx {
		i := int(i32)
		for i >= rowEnd {
			y++
			rowEnd += w
		}
		x := i - (rowEnd - w)
		var l, ul, u, ur int32 // 0 off the view, as off the foreground
		if x > 0 {
			l = ch[i-1]
		}
		if y > 0 {
			if x > 0 && x < w-1 {
				row := ch[i-w-1 : i-w+2 : i-w+2]
				ul, u, ur = row[0], row[1], row[2]
			} else {
				u = ch[i-w]
				if x > 0 {
					ul = ch[i-w-1]
				}
				if x < w-1 {
					ur = ch[i-w+1]
				}
			}
		}
		ch[i] = min(inf, l+3, ul+4, u+3, ur+4)
	}
	// Backward: right and the row below; the blobs too small for a ball
	// keep 0.
	keep := d.compKeep[:0]
	for _, cp := range d.comps {
		keep = append(keep, float64(cp.area) >= 0.3*math.Pi*cp.r*cp.r)
	}
	d.compKeep = keep
	y, rowStart := h, h*w
	for k := len(d.fgIdx) - 1; k >= 0; k-- {
		i := int(d.fgIdx[k])
		for i < rowStart {
			y--
			rowStart -= w
		}
		x := i - rowStart
		var r, dl, dd, dr int32
		if x < w-1 {
			r = ch[i+1]
		}
		if y < h-1 {
			if x > 0 && x < w-1 {
				row := ch[i+w-1 : i+w+2 : i+w+2]
				dl, dd, dr = row[0], row[1], row[2]
			} else {
				dd = ch[i+w]
				if x > 0 {
					dl = ch[i+w-1]
				}
				if x < w-1 {
					dr = ch[i+w+1]
				}
			}
		}
		v := min(ch[i], r+3, dr+4, dd+3, dl+4)
		ch[i] = v
		if keep[lb[i]-1] {
			d.dt[i] = float32(v) / 3
		}
	}
}

// dtPeaks appends component ci's candidates at the local maxima of the
// distance transform (of at least minD radii; none on the view's border), in
// raster order.
func (d *Detector) dtPeaks(ci int, minD float64) {
	w, df := d.ww, d.dt
	for _, i32 := range d.pixelsOf(ci) {
		i := int(i32)
		v := df[i]
		if float64(v) < minD*float64(d.rexp[i]) {
			continue
		}
		if i < w+1 || i+w+1 >= len(df) {
			// The first or last row (or next to them on the border): not
			// looked at.
			continue
		}
		u, m, l := df[i-w-1:i-w+2], df[i-1:i+2], df[i+w-1:i+w+2]
		if m[0] > v || m[2] > v || u[1] > v || l[1] > v || u[0] > v || u[2] > v || l[0] > v || l[2] > v {
			continue
		}
		x, y := i%w, i/w
		if x < 1 || y < 1 || x >= w-1 || y >= d.wh-1 {
			continue
		}
		d.cands = append(d.cands, cand{x: float64(x), y: float64(y), d: float64(v), score: float64(v) / float64(d.rexp[i]), r: float64(d.rexp[i]), comp: ci})
	}
}
