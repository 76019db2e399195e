package sim

import "math"

// poly is a polynomial of degree ≤ 4, c[i] the coefficient of t^i.
type poly [5]float64

func (p *poly) eval(t float64) float64 {
	return (((p[4]*t+p[3])*t+p[2])*t+p[1])*t + p[0]
}

// eval2 returns p(t) and p'(t).
func (p *poly) eval2(t float64) (f, d float64) {
	f = p[4]
	for i := 3; i >= 0; i-- {
		d = d*t + f
		f = f*t + p[i]
	}
	return f, d
}

func (p *poly) deriv() poly {
	return poly{p[1], 2 * p[2], 3 * p[3], 4 * p[4], 0}
}

func (p *poly) degree() int {
	for d := 4; d > 0; d-- {
		if p[d] != 0 {
			return d
		}
	}
	return 0
}

// roots stores in out the real roots of p in the open interval (a, b), sorted, and
// returns how many there are. Roots of even multiplicity (touching zero without a
// sign change) are found only for degree ≤ 2.
func (p *poly) roots(a, b float64, out *[4]float64) int {
	n := 0
	deg := p.degree()
	switch deg {
	case 0:
		return 0
	case 1:
		t := -p[0] / p[1]
		if t > a && t < b {
			out[0] = t
			n = 1
		}
		return n
	case 2:
		A, B, C := p[2], p[1], p[0]
		disc := B*B - 4*A*C
		if disc < 0 {
			return 0
		}
		sq := math.Sqrt(disc)
		// Numerically stable pair.
		var q float64
		if B >= 0 {
			q = -0.5 * (B + sq)
		} else {
			q = -0.5 * (B - sq)
		}
		t1, t2 := q/A, math.Inf(1)
		if q != 0 {
			t2 = C / q
		}
		if t1 > t2 {
			t1, t2 = t2, t1
		}
		if t1 > a && t1 < b {
			out[n] = t1
			n++
		}
		if t2 > a && t2 < b && t2 != t1 {
			out[n] = t2
			n++
		}
		return n
	}
	// Split at the derivative's roots into monotone pieces, then bracket.
	d := p.deriv()
	var cr [4]float64
	nc := d.roots(a, b, &cr)
	lo := a
	flo := p.eval(lo)
	for i := 0; i <= nc; i++ {
		hi := b
		if i < nc {
			hi = cr[i]
		}
		fhi := p.eval(hi)
		if (flo < 0 && fhi > 0) || (flo > 0 && fhi < 0) {
			out[n] = p.solve(lo, hi, flo)
			n++
		}
		lo, flo = hi, fhi
	}
	return n
}

// solve finds the root of p in [lo, hi], where p is monotone and changes sign
// (flo = p(lo)), to full float64 precision: Newton steps kept inside a shrinking
// bracket, bisection when a step leaves it.
func (p *poly) solve(lo, hi, flo float64) float64 {
	neg := flo < 0
	t := 0.5 * (lo + hi)
	for i := 0; i < 100; i++ {
		f, d := p.eval2(t)
		if f == 0 {
			return t
		}
		if (f < 0) == neg {
			lo = t
		} else {
			hi = t
		}
		next := t - f/d
		if !(next > lo && next < hi) {
			next = 0.5 * (lo + hi)
		}
		if next == t || hi-lo <= 1e-15*math.Max(1, math.Abs(t)) {
			return next
		}
		t = next
	}
	return t
}

// firstEntry returns the first time t in [0, T] at which p, a gap function
// (positive while apart), falls to zero while decreasing: the first contact. A
// gap already ≤ tol at t = 0 counts as contact now only when it is closing (p'(0)
// < -slow); when it is not, and press > 0, contact comes when the gap falls to
// −press (or now, if it is already below and closing at all). It returns +Inf
// when there is none.
func (p *poly) firstEntry(T, tol, slow, press float64) float64 {
	if !(T > 0) {
		return math.Inf(1)
	}
	f0 := p[0]
	if f0 <= tol {
		if p[1] < -slow {
			return 0
		}
		// Touching but not closing (fast enough).
		if press > 0 {
			if f0 <= -press {
				if p[1] < 0 {
					return 0
				}
			} else {
				// Resting contact: contact again once the gap has closed to −press.
				q := *p
				q[0] += press
				return q.firstEntry(T, 0, slow, 0)
			}
		}
		// Otherwise look past the first turning point.
	}
	d := p.deriv()
	var cr [4]float64
	nc := d.roots(0, T, &cr)
	lo, flo := 0.0, f0
	for i := 0; i <= nc; i++ {
		hi := T
		if i < nc {
			hi = cr[i]
		}
		fhi := p.eval(hi)
		if flo > tol && fhi <= 0 {
			if fhi == 0 {
				return hi
			}
			return p.solve(lo, hi, flo)
		}
		lo, flo = hi, fhi
	}
	return math.Inf(1)
}
