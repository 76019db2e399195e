package tracking

import (
	"math"

	"github.com/cueref/cueref/table"
)

// The time a ball at rest was struck, from its way out. A ball struck from rest
// leaves its rest point q sliding without spin: friction slows it by D = μg
// along its way until it rolls, at 5/7 of its first speed, and then only by
// rolling resistance. Its distance from q along the way is
//
//	s(τ) = v0·τ − ½·D·τ²                            τ ≤ τs = 2·v0/(7·D)
//	s(τ) = s(τs) + 5/7·v0·(τ−τs) − ½·Dr·(τ−τs)²     after
//
// with τ the time since the contact. With q known, the contact time, v0 and D
// are the only unknowns (D with a prior about the cloth's): a
// far better conditioned fit than a free path with its acceleration,
// extrapolated back to q.
const (
	// restFitMin is the fewest detections of the way out restStart fits.
	restFitMin = 3
	// decelPrior (mm/s²) is the spread of the prior on D about the cloth's
	// (Config.SlideDecel).
	decelPrior = 100.0
)

// restStart estimates when a ball resting at q was struck, from its detections
// out (in time order) and a first guess t0 (within a couple of frames). A
// detection less than half a frame after the contact is left out: its exposure
// may still hold the ball at rest. sigma is the position noise of a detection
// (mm); sd is the standard error of the time found (s). ok is false when the
// detections do not go away from q.
func restStart(q table.Point, out []sample, t0, dt, sigma, slide float64) (tc, sd float64, ok bool) {
	tc, sd, _, ok = restFit(q, out, t0, dt, sigma, slide, decelPrior)
	return tc, sd, ok
}

// restFit is restStart with the prior on D about slide of spread dPrior
// (mm/s²); it also returns the residual sum (mm²).
func restFit(q table.Point, out []sample, t0, dt, sigma, slide, dPrior float64) (tc, sd, rss float64, ok bool) {
	if len(out) < restFitMin {
		return 0, 0, 0, false
	}
	far := out[len(out)-1].p.Sub(q)
	if far.Len() < 4*sigma {
		return 0, 0, 0, false
	}
	u := far.Scale(1 / far.Len())
	s := make([]float64, len(out))
	for i, x := range out {
		s[i] = x.p.Sub(q).Dot(u)
	}
	use := func(t float64, i int) bool { return out[i].t-t >= 0.5*dt }
	prior := (sigma / dPrior) * (sigma / dPrior)
	// model fits v0 and D for contact time t; it returns them, the residual
	// sum (with the prior's term) and the detections used.
	model := func(t float64) (v0, d, ss float64, n int) {
		v0, d = 0, slide
		for it := 0; it < 4; it++ {
			// Linear in v0 and D once τs is fixed from the last ones.
			ts := math.Inf(1)
			if v0 > 0 && d > 0 {
				ts = 2 * v0 / (7 * d)
			}
			var gg, gh, hh, gy, hy float64
			for i := range out {
				if !use(t, i) {
					continue
				}
				g, h, k := restBasis(out[i].t-t, ts)
				y := s[i] + k
				gg += g * g
				gh += g * h
				hh += h * h
				gy += g * y
				hy += h * y
			}
			// s = v0·g − D·h − k: normal equations with the prior on D.
			hh += prior
			hy -= prior * slide
			det := gg*hh - gh*gh
			if det <= 0 {
				return 0, 0, math.Inf(1), 0
			}
			v0 = (gy*hh - hy*gh) / det
			d = -(gg*hy - gh*gy) / det
		}
		ts := math.Inf(1)
		if v0 > 0 && d > 0 {
			ts = 2 * v0 / (7 * d)
		}
		for i := range out {
			if !use(t, i) {
				continue
			}
			g, h, k := restBasis(out[i].t-t, ts)
			r := s[i] - (v0*g - d*h - k)
			ss += r * r
			n++
		}
		ss += prior * (d - slide) * (d - slide)
		return v0, d, ss, n
	}
	// The residual over the contact time: a scan, then golden-section search.
	lo, hi := t0-2*dt, t0+dt
	best, bss := t0, math.Inf(1)
	for t := lo; t <= hi; t += dt / 20 {
		if _, _, ss, n := model(t); n >= restFitMin && ss < bss {
			best, bss = t, ss
		}
	}
	if math.IsInf(bss, 1) {
		return 0, 0, 0, false
	}
	a, b := best-dt/20, best+dt/20
	const gr = 0.6180339887498949
	for it := 0; it < 30; it++ {
		c, e := b-gr*(b-a), a+gr*(b-a)
		_, _, sc, nc := model(c)
		_, _, se, ne := model(e)
		if nc < restFitMin {
			sc = math.Inf(1)
		}
		if ne < restFitMin {
			se = math.Inf(1)
		}
		if sc < se {
			b = e
		} else {
			a = c
		}
	}
	tc = (a + b) / 2
	v0, d, ss, n := model(tc)
	if n < restFitMin || v0 <= 0 {
		return 0, 0, 0, false
	}
	// Standard error of tc from the fit's Jacobian in (tc, v0, D), with the
	// prior on D: ∂s/∂tc = −v(τ), ∂s/∂v0 = g, ∂s/∂D = −h.
	ts := math.Inf(1)
	if d > 0 {
		ts = 2 * v0 / (7 * d)
	}
	var m [3][3]float64
	for i := range out {
		if !use(tc, i) {
			continue
		}
		tau := out[i].t - tc
		g, h, _ := restBasis(tau, ts)
		v := v0 - d*tau
		if tau > ts {
			v = 5.0/7*v0 - rollDecel*(tau-ts)
		}
		j := [3]float64{-v, g, -h}
		for x := range j {
			for y := range j {
				m[x][y] += j[x] * j[y]
			}
		}
	}
	m[2][2] += prior
	// (M⁻¹)₀₀ by cofactors.
	det := m[0][0]*(m[1][1]*m[2][2]-m[1][2]*m[2][1]) - m[0][1]*(m[1][0]*m[2][2]-m[1][2]*m[2][0]) + m[0][2]*(m[1][0]*m[2][1]-m[1][1]*m[2][0])
	if det <= 0 {
		return 0, 0, 0, false
	}
	inv00 := (m[1][1]*m[2][2] - m[1][2]*m[2][1]) / det
	sig := sigma
	if n > 3 {
		sig = math.Max(sigma, math.Sqrt(ss/float64(n-3)))
	}
	return tc, sig * math.Sqrt(inv00), ss, true
}

// restBasis splits the distance out at τ after a contact into v0·g − D·h − k,
// for a ball that rolls from τs on (k: the rolling resistance's part).
func restBasis(tau, ts float64) (g, h, k float64) {
	if tau <= ts {
		return tau, 0.5 * tau * tau, 0
	}
	r := tau - ts
	return ts + 5.0/7*r, 0.5 * ts * ts, 0.5 * rollDecel * r * r
}
