package tracking

import (
	"math"

	"github.com/cueref/cueref/table"
)

// sample is one observed centre of a ball.
type sample struct {
	t float64
	p table.Point
}

// path is a ball's fitted motion p(t) = a + b·τ + c·τ², τ = t − t0: constant
// acceleration, which is exact for a ball that slides or rolls on the bed between
// two events (the friction force is constant in each phase).
type path struct {
	t0      float64
	a, b, c table.Point
	n       int     // samples fitted
	lo, hi  float64 // time span of the samples
}

func (p *path) at(t float64) table.Point {
	tau := t - p.t0
	return table.Point{X: p.a.X + p.b.X*tau + p.c.X*tau*tau, Y: p.a.Y + p.b.Y*tau + p.c.Y*tau*tau}
}

func (p *path) vel(t float64) table.Point {
	tau := t - p.t0
	return table.Point{X: p.b.X + 2*p.c.X*tau, Y: p.b.Y + 2*p.c.Y*tau}
}

// still returns the path of a ball at rest at q.
func still(q table.Point, t float64) path { return path{t0: t, a: q, n: 1, lo: t, hi: t} }

// minQuad is the number of samples from which a path is fitted with acceleration.
const minQuad = 6

// accelPrior (mm/s²) is the scale of the acceleration a fit expects: sliding
// friction, μ≈0.2 g. ridge is (σ/accelPrior)² for σ = 2.5 mm of noise.
const (
	accelPrior = 2000.0
	ridge      = (2.5 / accelPrior) * (2.5 / accelPrior)
)

// fitPath fits a path by least squares to the samples: a straight line at constant
// speed when there are fewer than minQuad of them, with constant acceleration
// otherwise. A single sample gives a still path.
func fitPath(s []sample) path {
	n := len(s)
	if n == 0 {
		return path{}
	}
	if n == 1 {
		return still(s[0].p, s[0].t)
	}
	var mt float64
	for _, x := range s {
		mt += x.t
	}
	mt /= float64(n)
	p := path{t0: mt, n: n, lo: s[0].t, hi: s[n-1].t}
	var s1, s2, s3, s4, x0, x1, x2, y0, y1, y2 float64
	for _, x := range s {
		tau := x.t - mt
		t2 := tau * tau
		s1 += tau
		s2 += t2
		s3 += t2 * tau
		s4 += t2 * t2
		x0 += x.p.X
		x1 += tau * x.p.X
		x2 += t2 * x.p.X
		y0 += x.p.Y
		y1 += tau * x.p.Y
		y2 += t2 * x.p.Y
	}
	s0 := float64(n)
	if n < minQuad {
		det := s0*s2 - s1*s1
		if det <= 0 {
			return still(s[n-1].p, s[n-1].t)
		}
		p.b = table.Point{X: (s0*x1 - s1*x0) / det, Y: (s0*y1 - s1*y0) / det}
		p.a = table.Point{X: (x0 - p.b.X*s1) / s0, Y: (y0 - p.b.Y*s1) / s0}
		return p
	}
	// Normal equations [s0 s1 s2; s1 s2 s3; s2 s3 s4]·[a b c] = [r0 r1 r2], with a
	// ridge on c: a prior of ±accelPrior on the acceleration keeps short fits sane.
	s4 += ridge
	det := s0*(s2*s4-s3*s3) - s1*(s1*s4-s3*s2) + s2*(s1*s3-s2*s2)
	if det <= 0 || math.IsNaN(det) {
		q := s
		if n > 2 {
			q = s[n-2:]
		}
		return fitPath(q)
	}
	solve := func(r0, r1, r2 float64) (a, b, c float64) {
		a = (r0*(s2*s4-s3*s3) - s1*(r1*s4-s3*r2) + s2*(r1*s3-s2*r2)) / det
		b = (s0*(r1*s4-r2*s3) - r0*(s1*s4-s3*s2) + s2*(s1*r2-r1*s2)) / det
		c = (s0*(s2*r2-s3*r1) - s1*(s1*r2-s3*r0) + r0*(s1*s3-s2*s2)) / det
		return
	}
	ax, bx, cx := solve(x0, x1, x2)
	ay, by, cy := solve(y0, y1, y2)
	p.a, p.b, p.c = table.Point{X: ax, Y: ay}, table.Point{X: bx, Y: by}, table.Point{X: cx, Y: cy}
	return p
}

// fitLine fits a straight line at constant speed, whatever the number of samples.
func fitLine(s []sample) path {
	if len(s) < minQuad {
		return fitPath(s)
	}
	var mt, s2, x0, x1, y0, y1 float64
	for _, x := range s {
		mt += x.t
	}
	n := float64(len(s))
	mt /= n
	for _, x := range s {
		tau := x.t - mt
		s2 += tau * tau
		x0 += x.p.X
		x1 += tau * x.p.X
		y0 += x.p.Y
		y1 += tau * x.p.Y
	}
	p := path{t0: mt, n: len(s), lo: s[0].t, hi: s[len(s)-1].t, a: table.Point{X: x0 / n, Y: y0 / n}}
	if s2 > 0 {
		p.b = table.Point{X: x1 / s2, Y: y1 / s2}
	}
	return p
}

// gridStep is the step of the coarse scan before bisection when solving for times.
const gridStep = 0.5e-3

// firstWithin returns the first time in [lo, hi] when the centres on paths a and b
// are d apart or closer, refined by bisection to 10 µs. When they never get that
// close it returns the time of their closest approach and ok = false; gap is the
// distance at the returned time minus d.
func firstWithin(a, b *path, d, lo, hi float64) (t float64, gap float64, ok bool) {
	dist := func(t float64) float64 { return a.at(t).Dist(b.at(t)) }
	best, bestD := lo, math.Inf(1)
	prev, prevT := dist(lo), lo
	if prev <= d {
		return lo, prev - d, true
	}
	for t := lo + gridStep; ; t += gridStep {
		if t > hi {
			t = hi
		}
		cur := dist(t)
		if cur < bestD {
			best, bestD = t, cur
		}
		if cur <= d {
			l, h := prevT, t
			for h-l > 1e-5 {
				m := (l + h) / 2
				if dist(m) <= d {
					h = m
				} else {
					l = m
				}
			}
			return h, 0, true
		}
		prev, prevT = cur, t
		if t >= hi {
			break
		}
	}
	_ = prev
	// Refine the closest approach with a golden-section search around the best grid point.
	l, h := math.Max(lo, best-gridStep), math.Min(hi, best+gridStep)
	for h-l > 1e-5 {
		m1, m2 := l+(h-l)*0.382, l+(h-l)*0.618
		if dist(m1) < dist(m2) {
			h = m2
		} else {
			l = m1
		}
	}
	t = (l + h) / 2
	return t, dist(t) - d, false
}

// crossing returns the first time in [lo, hi] when f(path(t)) changes sign from
// positive to ≤ 0, by a coarse scan and bisection.
func crossing(p *path, f func(table.Point) float64, lo, hi float64) (float64, bool) {
	prevT := lo
	if f(p.at(lo)) <= 0 {
		return lo, true
	}
	for t := lo + gridStep; ; t += gridStep {
		if t > hi {
			t = hi
		}
		if f(p.at(t)) <= 0 {
			l, h := prevT, t
			for h-l > 1e-5 {
				m := (l + h) / 2
				if f(p.at(m)) <= 0 {
					h = m
				} else {
					l = m
				}
			}
			return h, true
		}
		prevT = t
		if t >= hi {
			return 0, false
		}
	}
}

// vertexSums are the sums of the least-squares fit of y = a·d + c·d², with
// d = |t − th| measured from a vertex th, over the samples on one side of it.
type vertexSums struct{ s2, s3, s4, r1, r2 float64 }

// vertexMoments sums g over the samples of x before th (or, with before false,
// from th on).
func vertexMoments(x []sample, g func(table.Point) float64, th float64, before bool) vertexSums {
	var m vertexSums
	for _, s := range x {
		if (s.t < th) != before {
			continue
		}
		d, y := math.Abs(s.t-th), g(s.p)
		m.s2 += d * d
		m.s3 += d * d * d
		m.s4 += d * d * d * d
		m.r1 += y * d
		m.r2 += y * d * d
	}
	return m
}

// free is the unconstrained fit (a, c); zero when the samples cannot fix it.
func (m vertexSums) free() (a, c float64) {
	if det := m.s2*m.s4 - m.s3*m.s3; det > 0 {
		a = (m.r1*m.s4 - m.r2*m.s3) / det
		c = (m.s2*m.r2 - m.s3*m.r1) / det
	}
	return a, c
}
