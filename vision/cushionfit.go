package vision

import "math"

// darkBallByCushion refits the centre of the black ball at rest by a cushion
// (toward: the unit vector, frame px, from its centre towards the cushion),
// starting from px. Across the cushion the ball's outline is lost: towards
// the cushion in the shade the cushion casts on the bed, towards the bed in
// its own shadow, which the blob takes in, so the blob's centroid and a fit
// of all rays lie 10–15 mm short of the cushion (the benchmark's black balls
// frozen to the foot cushion). Along the cushion its dark limb stands against
// the lit cloth: the rays within 27° of the cushion's line (sideRayCos) find
// it, and a circle of the ball's radius fitted to them is placed across the
// cushion too, by their curvature. It returns the centre and false if the
// rays do not pin one down.
func (d *Detector) darkBallByCushion(fr []uint8, i int, px [2]float64, R float64, toward [2]float64) ([2]float64, bool) {
	var sa [len(circle32)]float64
	var ua [len(circle32)][2]float64
	n := 0
	for _, u := range circle32 {
		if math.Abs(u[0]*toward[0]+u[1]*toward[1]) > sideRayCos {
			continue
		}
		if _, byBall := d.rayBlocked(i, px[0]+1.3*R*u[0], px[1]+1.3*R*u[1], d.bm, true); byBall {
			continue
		}
		if s, found := d.darkLimbAlong(fr, px[0], px[1], u[0], u[1], 0.5*R, 1.5*R); found {
			sa[n], ua[n] = s, u
			n++
		}
	}
	if n < sideRays {
		return px, false
	}
	// cost is the truncated squared distance of the limb points from the
	// circle about px + a·toward: a point off by more than sideTol px (the
	// number's circle at the limb) counts as sideTol.
	r := R - outlineInset
	cost := func(dx, dy float64) (float64, int) {
		var sum float64
		in := 0
		for j := 0; j < n; j++ {
			c := ua[j][0]*dx + ua[j][1]*dy
			q := r*r - dx*dx - dy*dy + c*c
			if q < 0 {
				sum += sideTol * sideTol
				continue
			}
			e := sa[j] - (c + math.Sqrt(q))
			if e*e < sideTol*sideTol {
				in++
			} else {
				e = sideTol
			}
			sum += e * e
		}
		return sum, in
	}
	// Across the cushion from a fifth of a radius away from it to
	// cushionShiftMax radii towards it; along it a fifth of a radius either
	// way; on a quarter-pixel grid, then a twentieth.
	tx, ty := toward[0], toward[1]
	best, ba, bb, bin := math.Inf(1), 0.0, 0.0, 0
	for a := -0.2 * R; a <= cushionShiftMax*R; a += 0.25 {
		for b := -0.2 * R; b <= 0.2*R; b += 0.25 {
			if c, in := cost(a*tx-b*ty, a*ty+b*tx); c < best {
				best, ba, bb, bin = c, a, b, in
			}
		}
	}
	a0, b0 := ba, bb
	for a := a0 - 0.2; a <= a0+0.2; a += 0.05 {
		for b := b0 - 0.2; b <= b0+0.2; b += 0.05 {
			if c, in := cost(a*tx-b*ty, a*ty+b*tx); c < best {
				best, ba, bb, bin = c, a, b, in
			}
		}
	}
	if bin < sideRays {
		return px, false
	}
	return [2]float64{px[0] + ba*tx - bb*ty, px[1] + ba*ty + bb*tx}, true
}

// darkLimbAlong finds the black ball's limb along the ray from (cx, cy) in
// direction (ux, uy), between lo and hi: scanning inwards from hi, where the
// lit cloth is, the first place the brightness falls below half the cloth's.
// Scanning from outside, its number's white circle, whose edges are sharper
// than the limb's, is not taken for it. False if the cloth at hi is not at
// least twice as bright as the darkest point inside.
func (d *Detector) darkLimbAlong(fr []uint8, cx, cy, ux, uy, lo, hi float64) (float64, bool) {
	const step = 0.5
	c, ok := d.sample(fr, cx+hi*ux, cy+hi*uy)
	if !ok {
		return 0, false
	}
	half := (c[0] + c[1] + c[2]) / 2
	prev := 2 * half
	for s := hi - step; s >= lo; s -= step {
		c, ok := d.sample(fr, cx+s*ux, cy+s*uy)
		if !ok {
			return 0, false
		}
		v := c[0] + c[1] + c[2]
		if v < half {
			if s+step >= hi {
				// Dark at the range's outer end: not the lit cloth.
				return 0, false
			}
			return s + step*(half-v)/(prev-v), true
		}
		prev = v
	}
	return 0, false
}

// The fit of darkBallByCushion: the rays it uses (|cos| to the cushion's
// normal at most sideRayCos), the least number of limb points on its circle,
// and how far off it (frame px) a point counts as not on it. fitOutline
// takes its centre where it puts the ball within sideNear mm of the cushion:
// on frames of the bench's matches it cut the mean error of black balls up
// to 12 mm off the cushion from 4–21 mm to 0.5–5 mm; 15–25 mm off, where the
// outline across the cushion is found, it did worse (1 mm to 3–5).
const (
	sideNear   = 15.0
	sideRayCos = 0.45
	sideRays   = 6
	sideTol    = 1.0
)
