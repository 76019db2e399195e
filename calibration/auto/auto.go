// Package auto calibrates a camera automatically from one frame of the table: it
// finds the cloth by its colour, fits the four cushion-nose lines to sub-pixel
// edges, intersects them into the playing-surface corners and builds a
// calibration.Calibration from them, with the ball radius in pixels, the cloth
// colour and the pocket mouths filled in.
package auto

import (
	"errors"
	"fmt"
	"image"
	"math"
	"sort"
	"unsafe"

	"gocv.io/x/gocv"

	"github.com/cueref/cueref/calibration"
	"github.com/cueref/cueref/table"
)

// Options tune the calibration.
type Options struct {
	Table          string      // "7ft", "8ft", "9ft"; default "9ft"
	SizeMM         []float64   // or an explicit [L, W]
	CameraHeightMM float64     // camera height above the cloth (0: no parallax)
	CameraMM       *[2]float64 // the camera's position over the table (default: under the image centre)
}

// Result is what the calibration found, for drawing and checking.
type Result struct {
	Calibration *calibration.Calibration
	// NoseLines are the fitted cushion-nose lines (head, right, foot, left in
	// image order of the corners) as point + unit direction, in pixels.
	NoseLines [4][4]float64
	// Outer is the outline of the cloth region (the cushion backs), clockwise.
	Outer [4][2]float64
	// EdgePoints are the sub-pixel nose-edge points the lines were fitted to
	// (inliers only).
	EdgePoints [][2]float64
}

// Calibrate finds the table in img (BGR) and returns its calibration.
func Calibrate(img gocv.Mat, opts Options) (*calibration.Calibration, error) {
	r, err := Find(img, opts)
	if err != nil {
		return nil, err
	}
	return r.Calibration, nil
}

type line struct{ px, py, dx, dy float64 } // point and unit direction

func (l line) dist(x, y float64) float64 { return (x-l.px)*l.dy - (y-l.py)*l.dx }

func intersect(a, b line) ([2]float64, bool) {
	den := a.dx*b.dy - a.dy*b.dx
	if math.Abs(den) < 1e-9 {
		return [2]float64{}, false
	}
	t := ((b.px-a.px)*b.dy - (b.py-a.py)*b.dx) / den
	return [2]float64{a.px + t*a.dx, a.py + t*a.dy}, true
}

// Find is Calibrate with the intermediate results.
func Find(img gocv.Mat, opts Options) (*Result, error) {
	if img.Empty() || img.Type() != gocv.MatTypeCV8UC3 {
		return nil, errors.New("auto: need a non-empty 8-bit BGR frame")
	}
	w, h := img.Cols(), img.Rows()
	hsv := gocv.NewMat()
	defer hsv.Close()
	gocv.CvtColor(img, &hsv, gocv.ColorBGRToHSV)
	hb, err := hsv.DataPtrUint8()
	if err != nil {
		return nil, fmt.Errorf("auto: %w", err)
	}
	gray := gocv.NewMat()
	defer gray.Close()
	gocv.CvtColor(img, &gray, gocv.ColorBGRToGray)
	gb, _ := gray.DataPtrUint8()

	// 1. The cloth hue: the peak of the hue histogram of saturated pixels in the
	// middle of the frame.
	var hist [180]float64
	for y := h / 6; y < 5*h/6; y++ {
		for x := w / 6; x < 5*w/6; x++ {
			i := 3 * (y*w + x)
			if hb[i+1] >= 70 && hb[i+2] >= 50 {
				hist[hb[i]]++
			}
		}
	}
	var best, bestV float64
	for hu := 0; hu < 180; hu++ {
		var s float64
		for k := -4; k <= 4; k++ {
			s += hist[(hu+k+180)%180]
		}
		if s > bestV {
			best, bestV = float64(hu), s
		}
	}
	if bestV < float64(w*h)/50 {
		return nil, errors.New("auto: no cloth found: too few saturated pixels in the middle of the frame")
	}
	h0 := int(best)
	mask := gocv.NewMatWithSize(h, w, gocv.MatTypeCV8U)
	defer mask.Close()
	mb, _ := mask.DataPtrUint8()
	for i := 0; i < w*h; i++ {
		d := int(hb[3*i]) - h0
		if d < 0 {
			d = -d
		}
		if d > 90 {
			d = 180 - d
		}
		if d <= 7 && hb[3*i+1] >= 60 && hb[3*i+2] >= 40 {
			mb[i] = 255
		} else {
			mb[i] = 0
		}
	}
	raw := mask.Clone()
	defer raw.Close()
	k := w / 100
	if k < 3 {
		k = 3
	}
	kern := gocv.GetStructuringElement(gocv.MorphEllipse, image.Pt(k|1, k|1))
	defer kern.Close()
	gocv.MorphologyEx(mask, &mask, gocv.MorphOpen, kern)

	// 2. The largest cloth region and its outline.
	labels, stats, cents := gocv.NewMat(), gocv.NewMat(), gocv.NewMat()
	defer labels.Close()
	defer stats.Close()
	defer cents.Close()
	n := gocv.ConnectedComponentsWithStats(mask, &labels, &stats, &cents)
	bl, ba := -1, 0
	for i := 1; i < n; i++ {
		if a := int(stats.GetIntAt(i, int(gocv.CC_STAT_AREA))); a > ba {
			bl, ba = i, a
		}
	}
	if bl < 0 || ba < w*h/20 {
		return nil, fmt.Errorf("auto: no cloth found: the largest region of the cloth colour (hue %d) covers %.1f%% of the frame", h0*2, 100*float64(ba)/float64(w*h))
	}
	lb := int32s(labels)
	var pts []image.Point
	for y := 0; y < h; y++ {
		for x := 0; x < w; x++ {
			if lb[y*w+x] != int32(bl) {
				continue
			}
			// Boundary pixel of the region.
			if x == 0 || y == 0 || x == w-1 || y == h-1 || lb[y*w+x-1] != int32(bl) || lb[y*w+x+1] != int32(bl) || lb[(y-1)*w+x] != int32(bl) || lb[(y+1)*w+x] != int32(bl) {
				pts = append(pts, image.Pt(x, y))
			}
		}
	}
	hull := convexHull(pts)
	if len(hull) < 4 {
		return nil, errors.New("auto: no table found: the cloth region is degenerate")
	}
	sides, err := fourSides(hull)
	if err != nil {
		return nil, err
	}
	// Refine each outer line with the boundary points near it.
	var outer [4]line
	for i, s := range sides {
		var sel [][2]float64
		for _, p := range pts {
			x, y := float64(p.X), float64(p.Y)
			if math.Abs(s.dist(x, y)) < 4 {
				sel = append(sel, [2]float64{x, y})
			}
		}
		l, in := ransacLine(sel, 2, 200)
		if len(in) < 10 {
			return nil, fmt.Errorf("auto: no table found: side %d of the cloth region has no straight edge", i)
		}
		// Touching the image border: the table is partly out of view.
		var border int
		for _, p := range in {
			if p[0] < 2 || p[1] < 2 || p[0] > float64(w-3) || p[1] > float64(h-3) {
				border++
			}
		}
		if border > len(in)/3 {
			return nil, fmt.Errorf("auto: table partly out of view: the %s cushion runs along the image border", sideName(l, w, h))
		}
		outer[i] = l
	}
	// Orient the outer lines clockwise around the centroid with inward normals.
	var cx, cy float64
	for _, p := range hull {
		cx += float64(p.X)
		cy += float64(p.Y)
	}
	cx /= float64(len(hull))
	cy /= float64(len(hull))
	sort.Slice(outer[:], func(i, j int) bool {
		return math.Atan2(outer[i].py-cy, outer[i].px-cx) < math.Atan2(outer[j].py-cy, outer[j].px-cx)
	})
	var oc [4][2]float64
	for i := 0; i < 4; i++ {
		p, ok := intersect(outer[i], outer[(i+1)%4])
		if !ok {
			return nil, errors.New("auto: no table found: two sides of the cloth region are parallel neighbours")
		}
		oc[i] = p
	}
	for i := range oc {
		if oc[i][0] < -0.02*float64(w) || oc[i][1] < -0.02*float64(h) || oc[i][0] > 1.02*float64(w) || oc[i][1] > 1.02*float64(h) {
			return nil, fmt.Errorf("auto: table partly out of view: a corner of the cloth is at (%.0f, %.0f), outside the %dx%d frame", oc[i][0], oc[i][1], w, h)
		}
	}

	// 3. The nose lines: the strongest brightness edge inward of each outer line.
	short := math.Inf(1)
	for i := 0; i < 4; i++ {
		j := (i + 1) % 4
		short = math.Min(short, math.Hypot(oc[j][0]-oc[i][0], oc[j][1]-oc[i][1]))
	}
	dmax := 0.09 * short
	var nose [4]line
	var edgePts [][2]float64
	var sideEP [4][][2]float64
	var sideLength [4]float64
	for i := 0; i < 4; i++ {
		a, b := oc[(i+3)%4], oc[i] // the side between corner i-1 and corner i lies on outer[i]
		_ = a
		l := outer[i]
		// Inward normal.
		nx, ny := -l.dy, l.dx
		if (cx-l.px)*nx+(cy-l.py)*ny < 0 {
			nx, ny = -nx, -ny
		}
		// Endpoints of this side: the intersections with its neighbours.
		p0, _ := intersect(outer[i], outer[(i+3)%4])
		p1, _ := intersect(outer[i], outer[(i+1)%4])
		_ = b
		length := math.Hypot(p1[0]-p0[0], p1[1]-p0[1])
		var ep [][2]float64
		// Profiles start a little outside the cloth region's outline: a dark
		// cushion can fall outside the cloth mask.
		off0 := int(0.35 * dmax)
		prof := make([]float64, int(dmax)+4+off0)
		cloth := make([]bool, len(prof))
		same := make([]bool, len(prof)) // the bed's very hue: cloth, not a reddish rail
		for t := 0.06; t <= 0.94; t += 1 / length {
			sx, sy := p0[0]+t*(p1[0]-p0[0]), p0[1]+t*(p1[1]-p0[1])
			for j := range prof {
				d := float64(j - off0)
				x, y := sx+nx*d, sy+ny*d
				prof[j] = bilinear(gb, w, h, x, y)
				xi, yi := int(x+0.5), int(y+0.5)
				cloth[j], same[j] = false, false
				if xi >= 0 && yi >= 0 && xi < w && yi < h {
					k := 3 * (yi*w + xi)
					dh := int(hb[k]) - h0
					if dh < 0 {
						dh = -dh
					}
					if dh > 90 {
						dh = 180 - dh
					}
					cloth[j] = dh <= 7 && hb[k+1] >= 35 && hb[k+2] >= 20
					same[j] = cloth[j] && dh <= 4
				}
			}
			// The nose is the first clear darkening going inward from the back
			// of the cushion: from the lit cushion top (or its face) to the
			// bed, or into the shade line under the nose. Later edges are the
			// cushion's shadow on the bed.
			// Both sides of the edge are cloth-covered (cushion and bed); the
			// rail is not.
			ok := func(d int) bool { return same[d-2] && cloth[d+2] }
			var gmax float64
			for d := 3; d < len(prof)-2; d++ {
				if ok(d) {
					gmax = math.Max(gmax, prof[d-1]-prof[d+1])
				}
			}
			if gmax < 12 {
				continue
			}
			bd, bg := -1, 0.0
			for d := 3; d < len(prof)-2; d++ {
				g := prof[d-1] - prof[d+1]
				if ok(d) && g >= 0.45*gmax {
					// Climb to the peak of this darkening.
					for d+1 < len(prof)-2 && prof[d]-prof[d+2] > g {
						d++
						g = prof[d-1] - prof[d+1]
					}
					bd, bg = d, g
					break
				}
			}
			if bd < 0 {
				continue
			}
			gm := prof[bd-2] - prof[bd]
			gp := prof[bd] - prof[bd+2]
			off := 0.0
			if den := gm - 2*bg + gp; den < 0 {
				off = 0.5 * (gm - gp) / den
			}
			dd := float64(bd-off0) + off
			ep = append(ep, [2]float64{sx + nx*dd, sy + ny*dd})
		}
		sideEP[i] = ep
		sideLength[i] = length
	}
	// Lens distortion bends the cushions: find the radial k1 (about the image
	// centre, in units of the image width) that makes the nose edges straightest.
	lens := lensModel{cx: float64(w) / 2, cy: float64(h) / 2, f: float64(w)}
	fit := func(k1 float64) (int, [4]line, [4][][2]float64) {
		lm := lens
		lm.k1 = k1
		total := 0
		var ls [4]line
		var ins [4][][2]float64
		for i := range sideEP {
			u := make([][2]float64, len(sideEP[i]))
			for j, p := range sideEP[i] {
				u[j] = lm.undistort(p)
			}
			ls[i], ins[i] = ransacLine(u, 1.5, 300)
			total += len(ins[i])
		}
		return total, ls, ins
	}
	bestK, bestN := 0.0, -1
	n0, _, _ := fit(0)
	for k1 := -0.30; k1 <= 0.1001; k1 += 0.02 {
		if n, _, _ := fit(k1); n > bestN {
			bestK, bestN = k1, n
		}
	}
	for k1 := bestK - 0.02; k1 <= bestK+0.02; k1 += 0.004 {
		if n, _, _ := fit(k1); n > bestN {
			bestK, bestN = k1, n
		}
	}
	if float64(bestN) < 1.03*float64(n0) {
		bestK = 0 // no clear bend: a pinhole lens
	}
	lens.k1 = bestK
	_, nls, ins := fit(bestK)
	for i := range nose {
		l := outer[i]
		nl, in := nls[i], ins[i]
		if len(in) < int(0.25*sideLength[i]*0.88) || math.Abs(nl.dx*l.dy-nl.dy*l.dx) > 0.1 {
			// No clear cushion edge (the cushion looks like the bed) or one at
			// an angle to the cloth's outline: the outline is the best we have.
			nose[i] = line{px: lens.undistort([2]float64{l.px, l.py})[0], py: lens.undistort([2]float64{l.px, l.py})[1], dx: l.dx, dy: l.dy}
			continue
		}
		nose[i] = nl
		for _, p := range in {
			edgePts = append(edgePts, lens.distort(p))
		}
	}
	var corners [4][2]float64
	for i := 0; i < 4; i++ {
		p, ok := intersect(nose[i], nose[(i+1)%4])
		if !ok {
			return nil, errors.New("auto: no table found: two neighbouring nose lines are parallel")
		}
		corners[i] = p
	}
	// corners[i] joins side i and side i+1.

	// 4. Which sides are long: the side pockets cut the cushion band in the middle
	// of the long sides.
	// Points along a side in projective terms (the middle of a side in the
	// image is not the middle of the rail under perspective).
	sq, err := calibration.FitHomography([][2]float64{{0, 0}, {1, 0}, {1, 1}, {0, 1}}, [][2]float64{corners[3], corners[0], corners[1], corners[2]})
	if err != nil {
		return nil, fmt.Errorf("auto: no table found: %w", err)
	}
	along := func(i int, t float64) (float64, float64) {
		switch i {
		case 0:
			return sq.Apply(t, 0)
		case 1:
			return sq.Apply(1, t)
		case 2:
			return sq.Apply(1-t, 1)
		}
		return sq.Apply(0, 1-t)
	}
	rb, _ := raw.DataPtrUint8()
	gap := func(i int) float64 {
		l := outer[i]
		var miss, all float64
		for t := 0.46; t <= 0.54; t += 0.002 {
			x, y := along(i, t)
			d := l.dist(x, y)
			nx, ny := -l.dy, l.dx
			for s := 0.8; s <= 0.951; s += 0.05 {
				qx, qy := x+nx*d*s, y+ny*d*s
				xi, yi := int(qx+0.5), int(qy+0.5)
				if xi < 0 || yi < 0 || xi >= w || yi >= h {
					continue
				}
				all++
				if rb[yi*w+xi] == 0 {
					miss++
				}
			}
		}
		if all == 0 {
			return 0
		}
		return miss / all
	}
	sideLen := func(i int) float64 {
		p0, p1 := corners[(i+3)%4], corners[i]
		return math.Hypot(p1[0]-p0[0], p1[1]-p0[1])
	}
	g02, g13 := gap(0)+gap(2), gap(1)+gap(3)
	longEven := sideLen(0)+sideLen(2) > sideLen(1)+sideLen(3)
	// Which pair converges: a broadcast or end-mounted camera looks along the long
	// axis, so with one pair of sides parallel in the image and the other
	// converging, the converging pair are the long rails.
	angle := func(i int) float64 {
		p0, p1 := corners[(i+3)%4], corners[i]
		return math.Atan2(p1[1]-p0[1], p1[0]-p0[0])
	}
	conv := func(i int) float64 { // angle between side i and its opposite side
		d := math.Abs(math.Remainder(angle(i)-angle(i+2)-math.Pi, 2*math.Pi))
		return d * 180 / math.Pi
	}
	c02, c13 := conv(0), conv(1)
	if ar, ok := aspect(corners[3], corners[0], corners[2], corners[1], float64(w)/2, float64(h)/2); ok && (ar > 1.4 || ar < 1/1.4) && c02 > 3 && c13 > 3 {
		// Both pairs converge: the rectangle's true aspect ratio under a
		// pinhole camera decides.
		longEven = ar > 1
	} else if c02 > 6 && c13 < 3 {
		longEven = true
	} else if c13 > 6 && c02 < 3 {
		longEven = false
	} else if r := (sideLen(0) + sideLen(2)) / (sideLen(1) + sideLen(3)); c02 < 3 && c13 < 3 && (r > 1.4 || r < 1/1.4) {
		// Seen from above: the image lengths tell.
		longEven = r > 1
	} else if math.Abs(g02-g13) > 0.3 {
		longEven = g02 > g13
	}

	// 5. Name the corners. Long sides are the left and right rails; the head is
	// the short side at the image left (or the bottom when the table runs up the
	// image); the left rail is then on the left looking from the head.
	// Short sides: index s0, s1.
	s0, s1 := 1, 3
	if !longEven {
		s0, s1 = 0, 2
	}
	mid := func(i int) [2]float64 {
		p0, p1 := corners[(i+3)%4], corners[i]
		return [2]float64{(p0[0] + p1[0]) / 2, (p0[1] + p1[1]) / 2}
	}
	m0, m1 := mid(s0), mid(s1)
	head := s0
	if math.Abs(m0[0]-m1[0]) >= math.Abs(m0[1]-m1[1]) {
		if m1[0] < m0[0] {
			head = s1
		}
	} else if m1[1] > m0[1] {
		head = s1
	}
	foot := (head + 2) % 4
	// Head side head runs from corners[head-1] to corners[head]. Looking from
	// the head towards the foot, the left rail is on the left.
	hm, fm := mid(head), mid(foot)
	fx, fy := fm[0]-hm[0], fm[1]-hm[1]
	ca, cb := corners[(head+3)%4], corners[head]
	// Left of the direction (fx, fy) in image coordinates (y down) is the side
	// where cross(f, p−hm) < 0.
	cross := func(p [2]float64) float64 { return fx*(p[1]-hm[1]) - fy*(p[0]-hm[0]) }
	hl, hr := ca, cb
	if cross(ca) > cross(cb) {
		hl, hr = cb, ca
	}
	// The foot corners: the ends of the foot side, matched by rail.
	fa, fb := corners[(foot+3)%4], corners[foot]
	fl, fr := fa, fb
	if cross(fa) > cross(fb) {
		fl, fr = fb, fa
	}

	f := calibration.File{
		Table:          opts.Table,
		SizeMM:         opts.SizeMM,
		ImageSize:      [2]int{w, h},
		CornersPx:      calibration.Corners{HeadLeft: lens.distort(hl), HeadRight: lens.distort(hr), FootRight: lens.distort(fr), FootLeft: lens.distort(fl)},
		CameraHeightMM: opts.CameraHeightMM,
		CameraMM:       opts.CameraMM,
		Source:         "auto",
	}
	if lens.k1 != 0 {
		f.Distortion = &calibration.Distortion{K1: math.Round(lens.k1*1e4) / 1e4, Center: [2]float64{lens.cx, lens.cy}, Focal: lens.f}
		lens.k1 = f.Distortion.K1
		f.CornersPx = calibration.Corners{HeadLeft: lens.distort(hl), HeadRight: lens.distort(hr), FootRight: lens.distort(fr), FootLeft: lens.distort(fl)}
	}
	if f.Table == "" && len(f.SizeMM) == 0 {
		f.Table = "9ft"
	}
	c, err := calibration.New(f)
	if err != nil {
		return nil, fmt.Errorf("auto: the fitted corners do not make a calibration: %w", err)
	}
	// Extras: ball radius at the centre, cloth colour, pocket mouths.
	f.BallRadiusPx = math.Round(c.BallRadiusPx(c.Table.CenterSpot())*100) / 100
	cl := clothBGR(img, c, raw)
	f.ClothBGR = &cl
	f.PocketsPx = map[string][2]float64{}
	for _, p := range c.Table.Pockets() {
		q := c.ToImage(p.Center, c.NoseHeight())
		f.PocketsPx[string(p.ID)] = [2]float64{math.Round(q[0]*10) / 10, math.Round(q[1]*10) / 10}
	}
	c, err = calibration.New(f)
	if err != nil {
		return nil, fmt.Errorf("auto: %w", err)
	}
	res := &Result{Calibration: c, EdgePoints: edgePts, Outer: oc}
	for i, l := range nose {
		res.NoseLines[i] = [4]float64{l.px, l.py, l.dx, l.dy}
	}
	return res, nil
}

func int32s(m gocv.Mat) []int32 {
	b, err := m.DataPtrUint8()
	if err != nil || len(b) < 4 {
		return nil
	}
	return unsafe.Slice((*int32)(unsafe.Pointer(&b[0])), len(b)/4)
}

func sideName(l line, w, h int) string {
	switch {
	case math.Abs(l.dx) > math.Abs(l.dy) && l.py < float64(h)/2:
		return "top"
	case math.Abs(l.dx) > math.Abs(l.dy):
		return "bottom"
	case l.px < float64(w)/2:
		return "left"
	}
	return "right"
}

// clothBGR is the median colour of the cloth pixels on the bed.
func clothBGR(img gocv.Mat, c *calibration.Calibration, cloth gocv.Mat) [3]float64 {
	b, _ := img.DataPtrUint8()
	m, _ := cloth.DataPtrUint8()
	w := img.Cols()
	var hist [3][256]int
	n := 0
	t := c.Table
	for x := 0.1; x < 0.95; x += 0.025 {
		for y := 0.1; y < 0.95; y += 0.05 {
			p := c.ToImage(table.Point{X: x * t.L, Y: y * t.W}, 0)
			xi, yi := int(p[0]), int(p[1])
			if xi < 0 || yi < 0 || xi >= w || yi >= img.Rows() || m[yi*w+xi] == 0 {
				continue
			}
			for k := 0; k < 3; k++ {
				hist[k][b[3*(yi*w+xi)+k]]++
			}
			n++
		}
	}
	var out [3]float64
	for k := 0; k < 3; k++ {
		s := 0
		for v := 0; v < 256; v++ {
			s += hist[k][v]
			if 2*s >= n {
				out[k] = float64(v)
				break
			}
		}
	}
	return out
}

func bilinear(b []uint8, w, h int, x, y float64) float64 {
	if x < 0 {
		x = 0
	}
	if y < 0 {
		y = 0
	}
	if x > float64(w-2) {
		x = float64(w - 2)
	}
	if y > float64(h-2) {
		y = float64(h - 2)
	}
	xi, yi := int(x), int(y)
	fx, fy := x-float64(xi), y-float64(yi)
	i := yi*w + xi
	return (1-fy)*((1-fx)*float64(b[i])+fx*float64(b[i+1])) + fy*((1-fx)*float64(b[i+w])+fx*float64(b[i+w+1]))
}

// convexHull is Andrew's monotone chain; the result is counter-clockwise in image
// coordinates.
func convexHull(pts []image.Point) []image.Point {
	p := append([]image.Point(nil), pts...)
	sort.Slice(p, func(i, j int) bool { return p[i].X < p[j].X || (p[i].X == p[j].X && p[i].Y < p[j].Y) })
	cross := func(o, a, b image.Point) int { return (a.X-o.X)*(b.Y-o.Y) - (a.Y-o.Y)*(b.X-o.X) }
	var hull []image.Point
	for _, q := range p {
		for len(hull) >= 2 && cross(hull[len(hull)-2], hull[len(hull)-1], q) <= 0 {
			hull = hull[:len(hull)-1]
		}
		hull = append(hull, q)
	}
	lower := len(hull) + 1
	for i := len(p) - 2; i >= 0; i-- {
		q := p[i]
		for len(hull) >= lower && cross(hull[len(hull)-2], hull[len(hull)-1], q) <= 0 {
			hull = hull[:len(hull)-1]
		}
		hull = append(hull, q)
	}
	return hull[:len(hull)-1]
}

// fourSides picks the four dominant straight sides of a convex hull: it merges
// neighbouring hull edges of similar direction and keeps the four longest runs.
func fourSides(hull []image.Point) ([4]line, error) {
	type run struct {
		x0, y0, x1, y1, len float64
	}
	var runs []run
	n := len(hull)
	for i := 0; i < n; i++ {
		a, b := hull[i], hull[(i+1)%n]
		r := run{float64(a.X), float64(a.Y), float64(b.X), float64(b.Y), 0}
		r.len = math.Hypot(r.x1-r.x0, r.y1-r.y0)
		if len(runs) > 0 {
			last := &runs[len(runs)-1]
			a1 := math.Atan2(last.y1-last.y0, last.x1-last.x0)
			a2 := math.Atan2(r.y1-r.y0, r.x1-r.x0)
			d := math.Abs(math.Remainder(a1-a2, 2*math.Pi))
			if d < 10*math.Pi/180 {
				last.x1, last.y1 = r.x1, r.y1
				last.len = math.Hypot(last.x1-last.x0, last.y1-last.y0)
				continue
			}
		}
		runs = append(runs, r)
	}
	// Merge the wrap-around run.
	if len(runs) > 1 {
		f, l := runs[0], runs[len(runs)-1]
		a1 := math.Atan2(l.y1-l.y0, l.x1-l.x0)
		a2 := math.Atan2(f.y1-f.y0, f.x1-f.x0)
		if math.Abs(math.Remainder(a1-a2, 2*math.Pi)) < 10*math.Pi/180 {
			runs[0] = run{l.x0, l.y0, f.x1, f.y1, math.Hypot(f.x1-l.x0, f.y1-l.y0)}
			runs = runs[:len(runs)-1]
		}
	}
	if len(runs) < 4 {
		return [4]line{}, errors.New("auto: no table found: the cloth region has fewer than four straight sides")
	}
	idx := make([]int, len(runs))
	for i := range idx {
		idx[i] = i
	}
	sort.Slice(idx, func(i, j int) bool { return runs[idx[i]].len > runs[idx[j]].len })
	var out [4]line
	for k := 0; k < 4; k++ {
		r := runs[idx[k]]
		out[k] = line{r.x0, r.y0, (r.x1 - r.x0) / r.len, (r.y1 - r.y0) / r.len}
	}
	return out, nil
}

// ransacLine fits a line to pts robustly: RANSAC on pairs, then least squares
// (total) on the inliers. The sampling is deterministic.
func ransacLine(pts [][2]float64, tol float64, iters int) (line, [][2]float64) {
	if len(pts) < 2 {
		return line{}, nil
	}
	var best line
	bestN := -1
	seed := uint64(88172645463325252)
	rnd := func(n int) int {
		seed ^= seed << 13
		seed ^= seed >> 7
		seed ^= seed << 17
		return int(seed % uint64(n))
	}
	for it := 0; it < iters; it++ {
		a, b := pts[rnd(len(pts))], pts[rnd(len(pts))]
		dx, dy := b[0]-a[0], b[1]-a[1]
		l := math.Hypot(dx, dy)
		if l < 5 {
			continue
		}
		cand := line{a[0], a[1], dx / l, dy / l}
		cnt := 0
		for _, p := range pts {
			if math.Abs(cand.dist(p[0], p[1])) <= tol {
				cnt++
			}
		}
		if cnt > bestN {
			best, bestN = cand, cnt
		}
	}
	if bestN < 2 {
		return line{}, nil
	}
	// Two rounds of total least squares on the inliers.
	var in [][2]float64
	for round := 0; round < 2; round++ {
		in = in[:0]
		for _, p := range pts {
			if math.Abs(best.dist(p[0], p[1])) <= tol {
				in = append(in, p)
			}
		}
		if len(in) < 2 {
			break
		}
		best = fitTLS(in)
	}
	return best, in
}

func fitTLS(pts [][2]float64) line {
	var mx, my float64
	for _, p := range pts {
		mx += p[0]
		my += p[1]
	}
	n := float64(len(pts))
	mx, my = mx/n, my/n
	var sxx, sxy, syy float64
	for _, p := range pts {
		dx, dy := p[0]-mx, p[1]-my
		sxx += dx * dx
		sxy += dx * dy
		syy += dy * dy
	}
	th := 0.5 * math.Atan2(2*sxy, sxx-syy)
	return line{mx, my, math.Cos(th), math.Sin(th)}
}

// aspect estimates width/height of the rectangle whose corners are seen at m1
// (0,0), m2 (w,0), m3 (0,h), m4 (w,h), for a pinhole camera with square pixels
// and its principal point at (u0, v0) (Zhang and He, "Whiteboard scanning and
// image enhancement", 2007). ok is false when the view is too close to
// fronto-parallel for the focal length to be found; then the image side lengths
// are the answer.
func aspect(p1, p2, p3, p4 [2]float64, u0, v0 float64) (float64, bool) {
	v := func(p [2]float64) [3]float64 { return [3]float64{p[0] - u0, p[1] - v0, 1} }
	m1, m2, m3, m4 := v(p1), v(p2), v(p3), v(p4)
	cr := func(a, b [3]float64) [3]float64 {
		return [3]float64{a[1]*b[2] - a[2]*b[1], a[2]*b[0] - a[0]*b[2], a[0]*b[1] - a[1]*b[0]}
	}
	dot := func(a, b [3]float64) float64 { return a[0]*b[0] + a[1]*b[1] + a[2]*b[2] }
	k2 := dot(cr(m1, m4), m3) / dot(cr(m2, m4), m3)
	k3 := dot(cr(m1, m4), m2) / dot(cr(m3, m4), m2)
	var n2, n3 [3]float64
	for i := 0; i < 3; i++ {
		n2[i] = k2*m2[i] - m1[i]
		n3[i] = k3*m3[i] - m1[i]
	}
	if math.Abs(n2[2]) < 1e-3 || math.Abs(n3[2]) < 1e-3 {
		return 0, false
	}
	f2 := -(n2[0]*n3[0] + n2[1]*n3[1]) / (n2[2] * n3[2])
	if !(f2 > 0) || math.IsInf(f2, 0) {
		return 0, false
	}
	a := math.Sqrt((n2[0]*n2[0]+n2[1]*n2[1])/f2 + n2[2]*n2[2])
	b := math.Sqrt((n3[0]*n3[0]+n3[1]*n3[1])/f2 + n3[2]*n3[2])
	if !(b > 0) {
		return 0, false
	}
	return a / b, true
}

// lensModel is the calibration package's radial model with k2 = 0.
type lensModel struct{ k1, cx, cy, f float64 }

func (m lensModel) distort(p [2]float64) [2]float64 {
	if m.k1 == 0 {
		return p
	}
	x, y := (p[0]-m.cx)/m.f, (p[1]-m.cy)/m.f
	k := 1 + m.k1*(x*x+y*y)
	return [2]float64{m.cx + m.f*x*k, m.cy + m.f*y*k}
}

func (m lensModel) undistort(p [2]float64) [2]float64 {
	if m.k1 == 0 {
		return p
	}
	xd, yd := (p[0]-m.cx)/m.f, (p[1]-m.cy)/m.f
	x, y := xd, yd
	for i := 0; i < 20; i++ {
		k := 1 + m.k1*(x*x+y*y)
		x, y = xd/k, yd/k
	}
	return [2]float64{m.cx + m.f*x, m.cy + m.f*y}
}
