package vision

import "math"

// fitOutline refines the centre of a ball at rest on the frame itself, at
// full resolution: along 16 rays from px it finds the ball's outline (the
// strongest colour edge near the known radius, to a fraction of a pixel) and
// fits a circle of that radius to the edge points by least squares, dropping
// points far off it. The colour model's centroid is pulled inwards where
// light bounced off the cloth tints a ball's lower rim like the cloth, and
// outwards where a dark ball merges with its own shadow; the outline is not.
// The result weighs the two by how well the outline fits. Rays towards a
// neighbouring ball or off the bed are not used.
func (d *Detector) fitOutline(fr []uint8, i int, px [2]float64) [2]float64 {
	k := &d.cands[i]
	R := k.r / d.k
	bm, _ := d.bedMask.DataPtrUint8()
	cx, cy := px[0], px[1]
	var edge [16]float64
	var use [16]bool
	varFit := math.Inf(1)
	// The local cloth colour, as a unit vector.
	bgb, _ := d.bgSmall.DataPtrUint8()
	sw := d.bgSmall.Cols()
	blk := 3 * (min(max(int(k.y)>>3, 0), d.bgSmall.Rows()-1)*sw + min(max(int(k.x)>>3, 0), sw-1))
	var clv [3]float64
	cn := 0.0
	for c := 0; c < 3; c++ {
		clv[c] = float64(bgb[blk+c])
		cn += clv[c] * clv[c]
	}
	var cl *[3]float64
	if cn > 0 {
		cn = math.Sqrt(cn)
		for c := range clv {
			clv[c] /= cn
		}
		cl = &clv
	}
	for it := 0; it < 2; it++ {
		// The first pass looks for the outline in a wide band, as the colour
		// centroid can be a third of a radius off (a dark ball merged with
		// its own shadow); the second starts near the outline.
		lo, hi := 0.8, 1.2
		if it == 0 {
			lo, hi = 0.6, 1.4
		}
		n := 0
		for a := range edge {
			ux, uy := circle32[2*a][0], circle32[2*a][1]
			use[a] = false
			if d.rayBlocked(i, cx+1.3*R*ux, cy+1.3*R*uy, bm) {
				continue
			}
			s, ok := d.edgeAlong(fr, cx, cy, ux, uy, lo*R, hi*R, cl)
			if !ok {
				continue
			}
			edge[a], use[a] = s-R, true
			n++
		}
		dx, dy, ok := outlineShift(&edge, &use, n)
		if !ok {
			break
		}
		if it > 0 {
			// Drop outline points more than a pixel and a half off the fitted
			// circle (a neighbour's shadow, a chalk mark) and fit again.
			m := 0
			for a := range edge {
				if !use[a] {
					continue
				}
				u := circle32[2*a]
				if math.Abs(edge[a]-dx*u[0]-dy*u[1]) > 1.5 {
					use[a] = false
					continue
				}
				m++
			}
			if m < n {
				if dx, dy, ok = outlineShift(&edge, &use, m); !ok {
					break
				}
			}
		}
		// Residual spread of the outline points about the fitted circle.
		var ss float64
		m := 0
		for a := range edge {
			if use[a] {
				u := circle32[2*a]
				r := edge[a] - dx*u[0] - dy*u[1]
				ss += r * r
				m++
			}
		}
		varFit = 2*ss/float64(m)/float64(m) + outlineVarMin
		nx, ny := cx+dx, cy+dy
		if math.Hypot(nx-px[0], ny-px[1]) > 0.45*R {
			return px
		}
		cx, cy = nx, ny
		if math.Hypot(dx, dy) < 0.05 {
			// Converged: the rays from here would find the same edges.
			break
		}
	}
	// Weigh the outline's centre against the colour centroid by how well
	// the outline points agree with a circle: a clean outline all round
	// wins; a few scattered points (a cluster, a shadow) barely move it.
	w := centroidVar / (centroidVar + varFit)
	if dx, dy := cx-px[0], cy-px[1]; dx*dx+dy*dy > 16*(centroidVar+varFit) {
		// They disagree far beyond their spreads: the centroid has taken
		// in a shadow or a neighbour's rim.
		w = 1
	}
	return [2]float64{px[0] + w*(cx-px[0]), px[1] + w*(cy-px[1])}
}

// outlineShift is the least-squares move δ of a circle's centre so that, for
// every used ray a in direction u, δ·u equals e[a], the distance from the
// circle to the outline found along the ray. It fails when the n rays are too
// few or all on one side, where a fit along one direction would slide the
// centre along the other.
func outlineShift(e *[16]float64, use *[16]bool, n int) (dx, dy float64, ok bool) {
	if n < 5 {
		return 0, 0, false
	}
	var axx, axy, ayy, bx, by float64
	for a := range e {
		if !use[a] {
			continue
		}
		ux, uy := circle32[2*a][0], circle32[2*a][1]
		axx += ux * ux
		axy += ux * uy
		ayy += uy * uy
		bx += e[a] * ux
		by += e[a] * uy
	}
	det := axx*ayy - axy*axy
	if det < 0.15*float64(n*n) {
		return 0, 0, false
	}
	return (ayy*bx - axy*by) / det, (axx*by - axy*bx) / det, true
}

// rayBlocked says whether the frame point (x, y) is off the bed or inside
// another ball found in this frame.
func (d *Detector) rayBlocked(i int, x, y float64, bm []uint8) bool {
	vx, vy := d.toView([2]float64{x, y})
	xi, yi := int(vx+0.5), int(vy+0.5)
	if xi < 0 || yi < 0 || xi >= d.ww || yi >= d.wh || bm[yi*d.ww+xi] == 0 {
		return true
	}
	for j := range d.cands {
		o := &d.cands[j]
		if j == i || !o.ok || o.absorbed || o.conf < d.opts.MinConfidence {
			continue
		}
		if (vx-o.x)*(vx-o.x)+(vy-o.y)*(vy-o.y) < 1.1*o.r*1.1*o.r {
			return true
		}
	}
	return false
}

// edgeAlong finds the outline along the ray from (cx, cy) in direction (ux,
// uy): the distance in [lo, hi] where the colour changes most, to a fraction
// of a pixel, if the change is an edge at all. With a cloth colour (unit
// vector cl) it first looks for the edge in the colour left after taking out
// the cloth's at the same brightness, which a ball's own shading and its
// shadow on the cloth do not change; a dark ball has too little colour for
// that, and is found by plain colour change.
func (d *Detector) edgeAlong(fr []uint8, cx, cy, ux, uy, lo, hi float64, cl *[3]float64) (float64, bool) {
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
		var cc float64
		if cl != nil {
			a := c[0]*cl[0] + c[1]*cl[1] + c[2]*cl[2]
			cc = math.Abs(c[0]-a*cl[0]) + math.Abs(c[1]-a*cl[1]) + math.Abs(c[2]-a*cl[2])
		}
		if s > s0 {
			g[n-1] = math.Abs(c[0]-prev[0]) + math.Abs(c[1]-prev[1]) + math.Abs(c[2]-prev[2])
			gc[n-1] = math.Abs(cc - prevC)
		}
		prev, prevC = c, cc
		n++
	}
	m := n - 1
	if cl != nil {
		if s, ok := peakAlong(gc[:m], s0, step, chromaEdgeMin, true); ok {
			return s, true
		}
	}
	return peakAlong(g[:m], s0, step, edgeMin, false)
}

// peakAlong finds the strongest change g[j] (between samples j and j+1 of a
// ray sampled every step from s0), to a fraction of a step, if it reaches
// least per pixel and is not at an end of the range. With outer, it takes
// the outermost peak of at least half the strongest instead: a ball's
// silhouette lies outside its number's circle and its stripe.
func peakAlong(g []float64, s0, step, least float64, outer bool) (float64, bool) {
	m := len(g)
	best := 0
	for j := 1; j < m; j++ {
		if g[j] > g[best] {
			best = j
		}
	}
	if outer {
		for j := m - 2; j > best; j-- {
			if g[j] >= 0.5*g[best] && g[j] >= g[j-1] && g[j] >= g[j+1] {
				best = j
				break
			}
		}
	}
	if g[best] < least*step || best == 0 || best == m-1 {
		// No edge, or the change is still growing at an end of the range:
		// the outline is not inside it.
		return 0, false
	}
	off := 0.0
	if den := g[best-1] - 2*g[best] + g[best+1]; den < 0 {
		off = 0.5 * (g[best-1] - g[best+1]) / den
	}
	// g[j] is the change between samples j and j+1: at s0 + (j+0.5)·step.
	return s0 + (float64(best)+0.5+off)*step, true
}

// sample reads the frame at (x, y) with bilinear interpolation.
func (d *Detector) sample(fr []uint8, x, y float64) ([3]float64, bool) {
	xi, yi := int(math.Floor(x)), int(math.Floor(y))
	if xi < 0 || yi < 0 || xi >= d.imgW-1 || yi >= d.imgH-1 {
		return [3]float64{}, false
	}
	fx, fy := x-float64(xi), y-float64(yi)
	j := 3 * (yi*d.imgW + xi)
	w := 3 * d.imgW
	var c [3]float64
	for ch := 0; ch < 3; ch++ {
		a := float64(fr[j+ch])*(1-fx) + float64(fr[j+3+ch])*fx
		b := float64(fr[j+w+ch])*(1-fx) + float64(fr[j+w+3+ch])*fx
		c[ch] = a*(1-fy) + b*fy
	}
	return c, true
}
