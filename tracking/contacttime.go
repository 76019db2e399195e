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
// detection less than skip after the contact is left out: its exposure may
// still hold the ball at rest. sigma is the position noise of a detection
// (mm); sd is the standard error of the time found (s). ok is false when the
// detections do not go away from q.
func restStart(q table.Point, out []sample, t0, dt, skip, sigma, slide float64) (tc, sd float64, ok bool) {
	tc, sd, _, ok = restFit(q, out, t0, dt, skip, sigma, slide, decelPrior)
	return tc, sd, ok
}

// restSolve fits the speed out v0 and the deceleration D of a ball that left
// its rest point at t, from its distances s[i] out along its way at out[i]
// (those for which use(i)), with a prior of weight prior on D about slide:
// s = v0·g − D·h − k (restBasis), linear in v0 and D once the sliding time τs
// is fixed from the last ones, so a few rounds settle it.
func restSolve(out []sample, s []float64, t, prior, slide float64, use func(i int) bool) (v0, d float64, ok bool) {
	v0, d = 0, slide
	for it := 0; it < 4; it++ {
		ts := math.Inf(1)
		if v0 > 0 && d > 0 {
			ts = 2 * v0 / (7 * d)
		}
		var gg, gh, hh, gy, hy float64
		for i := range out {
			if !use(i) {
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
		hh += prior
		hy -= prior * slide
		det := gg*hh - gh*gh
		if det <= 0 {
			return 0, 0, false
		}
		v0 = (gy*hh - hy*gh) / det
		d = -(gg*hy - gh*gy) / det
	}
	return v0, d, true
}

// restFit is restStart with the prior on D about slide of spread dPrior
// (mm/s²); it also returns the residual sum (mm²).
func restFit(q table.Point, out []sample, t0, dt, skip, sigma, slide, dPrior float64) (tc, sd, rss float64, ok bool) {
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
	use := func(t float64, i int) bool { return out[i].t-t >= skip }
	prior := (sigma / dPrior) * (sigma / dPrior)
	// model fits v0 and D for contact time t; it returns them, the residual
	// sum (with the prior's term) and the detections used.
	model := func(t float64) (v0, d, ss float64, n int) {
		var ok bool
		v0, d, ok = restSolve(out, s, t, prior, slide, func(i int) bool { return use(t, i) })
		if !ok {
			return 0, 0, math.Inf(1), 0
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

// The time a moving ball reached a ball at rest, from its way in. Its last
// detections before the contact are fitted with a path of known deceleration
// (rolling, or sliding either way) or a free one, over the longest window
// the noise allows; the contact is when the fitted path comes within 2R of
// the resting ball's centre. The standard error follows from the fit's
// covariance at that time and the speed at which the gap closes.

// approachMax is the most detections of a ball's way in that approach fits.
const approachMax = 36

// setPre keeps the last detections of s before time before as x's way in.
func (x *side) setPre(s []sample, before float64) {
	n := len(s)
	for n > 0 && s[n-1].t >= before {
		n--
	}
	x.nPre = copy(x.pre[:], s[max(0, n-approachMax):n])
}

// restVar (mm²) is the variance of a resting ball's centre, averaged over
// many detections, along the line of centres.
const restVar = 0.25

// approachCut is how much worse than the best model's a model's score may be
// and yet count in approach's average (a weight of e^−6 against the best's).
const approachCut = 12.0

// approachWindows are the window lengths approach tries.
var approachWindows = [...]int{approachMax, 24, 16, 10, 6}

// approach estimates when a ball on its way in (detections in, time order)
// came within d of q, a first guess t0 within a couple of frames; a detection
// less than skip before the contact is left out (its exposure may take in the
// contact), and so are the last one or two when the path
// before them does not lead to them (already after the contact). noise gives
// the position noise (mm per axis) of a ball at a speed (mm/s). sd is the
// time's standard error (s); ok is false when no path fitted to the
// detections comes within d of q near t0. back (s) is how far before t0 the
// solution may start when a path is past its nearest approach to q at t0
// already (see crossTime); 0: not at all.
func approach(in []sample, q table.Point, d, t0, back, dt, skip float64, noise func(v float64) float64) (tc, sd float64, ok bool) {
	n := len(in)
	for n > 0 && in[n-1].t >= t0-skip {
		n--
	}
	for drop := 0; drop < 2 && n > 6; drop++ {
		f := modelFit(in[max(0, n-1-10):n-1], noise, nil)
		x := in[n-1]
		h := fitLeverage(in[max(0, n-1-10):n-1], &f.p, x.t, f.quad)
		if r := x.p.Sub(f.p.at(x.t)); r.Dot(r) <= 11.8*f.sig*f.sig*(1+h) {
			break // within the 99.7 % ellipse
		}
		n--
	}
	for pass := 0; pass < 2; pass++ {
		tc, sd, ok = approachFit(in[:n], q, d, t0, back, dt, noise)
		back = 0 // t0 is a crossing now
		if !ok {
			return 0, 0, false
		}
		m := n
		for m > 0 && in[m-1].t >= tc-skip {
			m--
		}
		if m == n {
			break
		}
		n, t0 = m, tc
	}
	return tc, sd, ok
}

// fitted is a path fitted by modelFit with how well it fits: sig the noise
// assumed (mm), chi the residual sum in units of sig², dof its degrees of
// freedom; quad says it is a free quadratic.
type fitted struct {
	p             path
	sig, chi, dof float64
	quad          bool
}

// modelFit fits the detections in seg with the model of a ball's motion on the
// cloth that explains them best, each unknown beyond a straight line's
// charged (Akaike): a known deceleration (rolling, or sliding either way);
// sliding, then rolling from a time between two detections; a free quadratic.
// visit, when not nil, is shown every model tried.
func modelFit(seg []sample, noise func(v float64) float64, visit func(f *fitted, score float64)) fitted {
	w := len(seg)
	best := fitted{chi: math.Inf(1)}
	score := math.Inf(1)
	try := func(q path, rss float64, npar int) {
		sg := noise(q.vel(seg[w/2].t).Len())
		c := rss / (sg * sg)
		f := fitted{p: q, sig: sg, chi: c, dof: float64(2*w - npar), quad: npar == 6}
		sc := c + 2*float64(npar)
		if visit != nil {
			visit(&f, sc)
		}
		if sc < score {
			score, best = sc, f
		}
	}
	lin := fitLine(seg)
	for _, a := range [...]float64{-rollDecel, -slideDecel, slideDecel} {
		q, rss := fitKnee(seg, lin, a, a, seg[0].t)
		try(q, rss, 4)
	}
	for i := 1; i+2 < w; i++ {
		tk := (seg[i].t + seg[i+1].t) / 2
		for _, a := range [...]float64{-slideDecel, slideDecel} {
			q, rss := fitKnee(seg, lin, a, -rollDecel, tk)
			try(q, rss, 5)
		}
	}
	if w >= 8 {
		q := fitPath(seg)
		var rss float64
		for _, x := range seg {
			r := x.p.Sub(q.at(x.t))
			rss += r.Dot(r)
		}
		try(q, rss, 6)
	}
	return best
}

// approachFit is approach on detections all before the contact: the window
// whose fit (modelFit) is consistent with the noise and times the contact
// most sharply.
func approachFit(in []sample, q table.Point, d, t0, back, dt float64, noise func(v float64) float64) (tc, sd float64, ok bool) {
	n := len(in)
	if n < 3 {
		return 0, 0, false
	}
	bestSD := math.Inf(1)
	prev := 0
	for _, w := range approachWindows {
		w = min(w, n)
		if w == prev || w < 3 {
			continue
		}
		prev = w
		seg := in[n-w:]
		// Each model's time, weighed by how well it explains the window
		// (Akaike weights): the spread between the models adds to the
		// variance.
		var all [2*approachMax + 4]fitted
		var scores [len(all)]float64
		k := 0
		f := modelFit(seg, noise, func(f *fitted, score float64) {
			if k < len(all) && f.dof > 0 {
				all[k], scores[k] = *f, score
				k++
			}
		})
		if f.dof <= 0 {
			continue
		}
		base := math.Inf(1)
		for i := 0; i < k; i++ {
			base = math.Min(base, scores[i])
		}
		var sw, st, sv float64
		var ts, vs, ws [len(all)]float64
		m := 0
		for i := 0; i < k; i++ {
			if scores[i]-base > approachCut {
				continue // a negligible weight
			}
			g := &all[i]
			t, vc, good := crossTime(&g.p, q, d, t0, back, dt)
			if !good {
				continue
			}
			h := fitLeverage(seg, &g.p, t, g.quad)
			ts[m] = t
			vs[m] = (g.sig*g.sig*math.Max(1, g.chi/g.dof)*h + restVar) / (vc * vc)
			ws[m] = math.Exp(-(scores[i] - base) / 2)
			sw += ws[m]
			st += ws[m] * ts[m]
			m++
		}
		if m == 0 {
			continue
		}
		t := st / sw
		for i := 0; i < m; i++ {
			sv += ws[i] * (vs[i] + (ts[i]-t)*(ts[i]-t))
		}
		s := math.Sqrt(sv / sw)
		if f.chi <= f.dof+3*math.Sqrt(2*f.dof) && s < bestSD {
			bestSD, tc = s, t
		}
	}
	if math.IsInf(bestSD, 1) {
		return 0, 0, false // no window explained by a ball's motion
	}
	return tc, bestSD, true
}

// fitKnee fits a path whose acceleration along its way is a1 until tk and a2
// after (the direction taken from lin, a straight-line fit): a ball that slides,
// then rolls. The path returned holds from tk on; rss is the residual sum
// (mm²) of the whole model.
func fitKnee(s []sample, lin path, a1, a2, tk float64) (p path, rss float64) {
	l := lin.b.Len()
	if l < 1 {
		for _, x := range s {
			r := x.p.Sub(lin.at(x.t))
			rss += r.Dot(r)
		}
		return lin, rss
	}
	u := lin.b.Scale(1 / l)
	var buf [approachMax]sample
	adj := buf[:0]
	for _, x := range s {
		d := x.t - tk
		a := a2
		if d < 0 {
			a = a1
		}
		adj = append(adj, sample{x.t, x.p.Sub(u.Scale(a / 2 * d * d))})
	}
	p = fitLine(adj)
	for _, x := range adj {
		r := x.p.Sub(p.at(x.t))
		rss += r.Dot(r)
	}
	// a2/2·(t − tk)² about p.t0.
	e := p.t0 - tk
	p.a = p.a.Add(u.Scale(a2 / 2 * e * e))
	p.b = p.b.Add(u.Scale(a2 * e))
	p.c = u.Scale(a2 / 2)
	return p, rss
}

// crossTime solves |p(t) − q| = d by Newton's method from t0, within two
// frames of it; vc is the speed at which the gap closes then. When the path
// is past its nearest approach to q at t0 already (a contact told late: by a
// line through the mover's detections that took in the frame after it, see
// lateside.go), Newton's method starts from the latest time before t0, and
// no more than back before it, at which the path still closed on q from d or
// further.
func crossTime(p *path, q table.Point, d, t0, back, dt float64) (t, vc float64, ok bool) {
	t = t0
	if r := p.at(t).Sub(q); back > 0 && r.Len() > 0 && -r.Dot(p.vel(t)) <= r.Len() {
		if t, ok = closingFrom(p, q, d, t0, math.Min(back, 2*dt)); !ok {
			return 0, 0, false
		}
	}
	for it := 0; it < 8; it++ {
		r := p.at(t).Sub(q)
		l := r.Len()
		if l == 0 {
			return 0, 0, false
		}
		vc = -r.Dot(p.vel(t)) / l
		if vc <= 1 {
			return 0, 0, false
		}
		step := (l - d) / vc
		t += step
		if math.Abs(t-t0) > 2*dt {
			return 0, 0, false
		}
		if math.Abs(step) < 1e-6 {
			return t, vc, true
		}
	}
	return t, vc, true
}

// closingFrom steps back from t0, by back (s) at most, to the latest time at
// which path p closed on q (faster than 1 mm/s) from d or further away.
func closingFrom(p *path, q table.Point, d, t0, back float64) (float64, bool) {
	step := back / 32
	for i := 0; i <= 32; i++ {
		t := t0 - float64(i)*step
		r := p.at(t).Sub(q)
		if l := r.Len(); l > 0 && -r.Dot(p.vel(t)) > l && l >= d {
			return t, true
		}
	}
	return 0, false
}

// fitLeverage is the variance of path p's position at t, per axis, in units of
// the detections' variance: from a straight-line fit (with a known
// acceleration) or a quadratic one with fitPath's ridge.
func fitLeverage(s []sample, p *path, t float64, quad bool) float64 {
	var m [3][3]float64
	k := 2
	if quad {
		k = 3
	}
	for _, x := range s {
		tau := x.t - p.t0
		b := [3]float64{1, tau, tau * tau}
		for i := 0; i < k; i++ {
			for j := 0; j < k; j++ {
				m[i][j] += b[i] * b[j]
			}
		}
	}
	tau := t - p.t0
	if !quad {
		det := m[0][0]*m[1][1] - m[0][1]*m[1][0]
		if det <= 0 {
			return math.Inf(1)
		}
		return (m[1][1] - 2*m[0][1]*tau + m[0][0]*tau*tau) / det
	}
	m[2][2] += ridge
	inv, ok := inv3(m)
	if !ok {
		return math.Inf(1)
	}
	b := [3]float64{1, tau, tau * tau}
	var h float64
	for i := range b {
		for j := range b {
			h += b[i] * inv[i][j] * b[j]
		}
	}
	return h
}

// inv3 inverts a 3×3 matrix.
func inv3(m [3][3]float64) (inv [3][3]float64, ok bool) {
	c00 := m[1][1]*m[2][2] - m[1][2]*m[2][1]
	c01 := m[1][2]*m[2][0] - m[1][0]*m[2][2]
	c02 := m[1][0]*m[2][1] - m[1][1]*m[2][0]
	det := m[0][0]*c00 + m[0][1]*c01 + m[0][2]*c02
	if det == 0 || math.IsNaN(det) {
		return inv, false
	}
	inv[0][0] = c00 / det
	inv[1][0] = c01 / det
	inv[2][0] = c02 / det
	inv[0][1] = (m[0][2]*m[2][1] - m[0][1]*m[2][2]) / det
	inv[1][1] = (m[0][0]*m[2][2] - m[0][2]*m[2][0]) / det
	inv[2][1] = (m[0][1]*m[2][0] - m[0][0]*m[2][1]) / det
	inv[0][2] = (m[0][1]*m[1][2] - m[0][2]*m[1][1]) / det
	inv[1][2] = (m[0][2]*m[1][0] - m[0][0]*m[1][2]) / det
	inv[2][2] = (m[0][0]*m[1][1] - m[0][1]*m[1][0]) / det
	return inv, true
}
