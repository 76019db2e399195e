package tracking

import (
	"fmt"
	"math"
	"sort"

	"github.com/cueref/cueref/shot"
	"github.com/cueref/cueref/table"
)

// The time of a contact of a moving ball with a ball at rest, from all the
// evidence at once: one least-squares fit of both balls' detections with the
// contact time tc shared. For a trial tc the model is linear in its other
// unknowns, solved in closed form:
//
//   - the moving ball before tc: a straight way with a known deceleration
//     along it (rolling, sliding either way, sliding then rolling from a knee)
//     or a free quadratic; its position A and velocity B at tc;
//   - the moving ball after tc: from A, at B less the struck ball's velocity V
//     (momentum: equal masses), with a free acceleration a (its spin);
//   - the struck ball after tc: from its rest point q at V, slowed by the cloth
//     along V's direction (D, with a prior about the cloth's) until it rolls;
//   - A exactly 2R from q (the balls touch at tc);
//   - q itself, the mean of the struck ball's reads at rest, off its true
//     place by a prior's spread (Config.RestBias: the detector's bias at
//     rest);
//   - V along the line of centres from A to q, at (1 + e)/2 of the moving
//     ball's speed along it, but for the restitution's spread and the throw
//     (lineRows; the line from a first solution without it).
//
// A detection whose exposure may take in the contact is the mean of the
// model over its exposure (expMean). The residual over tc is searched (a scan
// and golden section). The models of the way in are weighed by Akaike
// weights, as in approach. The fit replaces the estimates of finishContacts
// combined (combineContact) when both balls' ways out are known: it uses the
// same evidence and more (the moving ball's way out, tied by momentum to the
// others), and on the bench it cut the contact-time error's tail.

// jointIn is the most detections of the way in the joint fit uses; jointOut
// and jointObjOut how long after the contact it follows the moving and the
// struck ball (s): further out spin and throw take the motion off the model.
const (
	jointIn     = approachMax
	jointOut    = 0.135
	jointObjOut = 0.2
)

// jointObjMin is the fewest detections of the struck ball's way out the
// joint fit takes: one or two suffice with the moving ball's way out tied to
// them by momentum (a struck ball that meets another ball or a cushion at
// once). With none at all it still runs (see jointTime): the line of centres
// and the speed along it (lineRows) give the struck ball's way out.
const jointObjMin = 1

// pinchTime (s): a moving ball's cushion hit this near its contact with a
// ball at rest took part in it (see jointTime). A frame apart they do not:
// at 3.5 m/s the cue ball met the 2, then the cushion 16 ms later (default
// bench, 10-ball shot 3), and the line held its time within 1.1 ms, freed
// within 2.
const pinchTime = 0.005

// jointSharpest (frames): a joint fit whose time's standard error comes out
// below this is not kept. Reads a couple of millimetres off, of balls moving
// a few metres a second, time a contact no better than a few tenths of a
// millisecond; a sharper fit sits in a narrow least of its χ² that the
// model's limits make, not the reads (rendered seed 74, 10-ball shot 32: the
// cue ball at 4 m/s into the 3, held at ± 0.08 ms, 4 ms off the truth, the
// estimates combined 0.02 ms off; seed 67, 10-ball shot 36, at 10 m/s, the
// same). 0.015 frames is 0.25 ms at 60 fps.
const jointSharpest = 0.015

// jointAgree bounds how far, in standard errors, the joint fit's time may be
// from the estimates it starts from (see jointTime).
const jointAgree = 5.0

// jointModels is how many models of the way in (the best by their own fit)
// the joint fit tries.
const jointModels = 4

// cueAccelPrior (mm/s²) is the spread of the prior on the moving ball's
// acceleration after the contact (its spin pulling it: about μg).
const cueAccelPrior = 2500.0

// inModel is a model of the way in: the detections less k(t) lie on a
// straight line at constant speed (or a quadratic when quad).
type inModel struct {
	dir        table.Point // unit, along the way in
	a1, a2, tk float64     // acceleration along dir before and after tk (mm/s²)
	quad       bool
	npar       int
	score      float64 // Akaike score of the way in alone
}

// k is the model's known part at t, and its derivative.
func (m *inModel) k(t float64) (pos, vel table.Point) {
	if m.quad {
		return table.Point{}, table.Point{}
	}
	d := t - m.tk
	a := m.a2
	if d < 0 {
		a = m.a1
	}
	return m.dir.Scale(a / 2 * d * d), m.dir.Scale(a * d)
}

// jointFit holds the detections of a contact for the joint fit.
type jointFit struct {
	mv    []sample // the moving ball's detections, before and after, in time order
	obj   []sample // the struck ball's detections after it left q
	q     table.Point
	d     float64 // 2R
	skip  float64
	slide float64
	noise func(v float64) float64
	// qVar (mm², per axis) is the prior variance of q's error: the fit
	// moves q by δ ~ N(0, qVar), an unknown that shifts every detection's
	// model with it (A is the moving ball's place less δ, so that the
	// balls still touch at |A + k(tc) − q| = 2R). 0 holds q (qVarHeld).
	qVar float64
	// line says the struck ball's velocity is tied to the line of centres
	// (lineRows): not when it was frozen to another ball or a cushion.
	line bool

	// exp is the camera's exposure (s): a detection is the mean of the
	// ball's centre over it. 0 leaves out the detections whose exposure may
	// take in the contact.
	exp float64

	// Split at a time: the detections used; mid and obMid those whose
	// exposure may take in the contact (with exp > 0).
	pre, out, ob []sample
	mid, obMid   []sample
	sPre, sOut   float64 // noise of a detection (mm) of each
	sOb          float64
	// The struck ball's way out from the last solution: direction, first
	// speed and deceleration (for the knee where it rolls).
	u      table.Point
	v0, dd float64
}

// split sets the detections used for a contact near t: before t − skip on
// the way in (at most jointIn), after t + skip on the ways out.
func (j *jointFit) split(t float64) {
	n := 0
	for n < len(j.mv) && j.mv[n].t < t-j.skip {
		n++
	}
	j.pre = j.mv[max(0, n-jointIn):n]
	m := n
	for m < len(j.mv) && j.mv[m].t <= t+j.skip {
		m++
	}
	e := m
	for e < len(j.mv) && j.mv[e].t < t+jointOut {
		e++
	}
	j.out = j.mv[m:e]
	j.mid, j.obMid = nil, nil
	if j.exp > 0 {
		j.mid = j.mv[n:m]
	}
	j.ob, j.obMid = objWindow(j.obj, t, j.skip, j.exp)
}

// objWindow splits the struck ball's detections obj about a contact at t:
// ob, those after t+skip and before t+jointObjOut, and mid, those within skip
// of t, whose exposure (exp > 0) straddles the contact.
func objWindow(obj []sample, t, skip, exp float64) (ob, mid []sample) {
	o := 0
	for o < len(obj) && obj[o].t <= t+skip {
		o++
	}
	e := o
	for e < len(obj) && obj[e].t < t+jointObjOut {
		e++
	}
	if exp > 0 {
		b := o
		for b > 0 && obj[b-1].t >= t-skip {
			b--
		}
		mid = obj[b:o]
	}
	return obj[o:e], mid
}

// expMean gives the means over an exposure e centred at τ after a contact
// of max(0, τ) and of max(0, τ)²/2: what a path that starts at the contact
// adds to a detection whose exposure may take it in.
func expMean(tau, e float64) (w1, w2 float64) {
	switch {
	case tau <= -e/2:
		return 0, 0
	case tau >= e/2:
		return tau, tau*tau/2 + e*e/24
	}
	r := tau + e/2
	return r * r / (2 * e), r * r * r / (6 * e)
}

// models lists the models of the way in, best first by their own fit
// (modelFit's scoring), at most jointModels of them.
func (j *jointFit) models() []inModel {
	seg := j.pre
	w := len(seg)
	lin := fitLine(seg)
	l := lin.b.Len()
	if l < 1 {
		return nil
	}
	u := lin.b.Scale(1 / l)
	sg := j.sPre
	var all []inModel
	add := func(m inModel, rss float64) {
		m.score = rss/(sg*sg) + 2*float64(m.npar)
		all = append(all, m)
	}
	for _, a := range [...]float64{-rollDecel, -slideDecel, slideDecel} {
		_, rss := fitKnee(seg, lin, a, a, seg[0].t)
		add(inModel{dir: u, a1: a, a2: a, tk: seg[0].t, npar: 4}, rss)
	}
	for i := 1; i+2 < w; i++ {
		tk := (seg[i].t + seg[i+1].t) / 2
		for _, a := range [...]float64{-slideDecel, slideDecel} {
			_, rss := fitKnee(seg, lin, a, -rollDecel, tk)
			add(inModel{dir: u, a1: a, a2: -rollDecel, tk: tk, npar: 5}, rss)
		}
	}
	if w >= 8 {
		q := fitPath(seg)
		var rss float64
		for _, x := range seg {
			r := x.p.Sub(q.at(x.t))
			rss += r.Dot(r)
		}
		add(inModel{quad: true, npar: 6}, rss)
	}
	sort.Slice(all, func(a, b int) bool { return all[a].score < all[b].score })
	var keep []inModel
	for _, m := range all {
		if len(keep) == jointModels || m.score-all[0].score > approachCut {
			break
		}
		keep = append(keep, m)
	}
	return keep
}

// The unknowns: A, B (2 each), C (the free quadratic's, 2), V (2), a (2), D,
// and δ (jQx, jQy: the rest point's move; see jointFit.qVar).
const (
	jAx = iota
	jAy
	jBx
	jBy
	jCx
	jCy
	jVx
	jVy
	jax
	jay
	jD
	jQx
	jQy
	jN
)

// normal accumulates the normal equations of a weighted least-squares fit.
type normal struct {
	m  [jN][jN]float64
	r  [jN]float64
	yy float64
}

// row adds the observation y = Σ c[i]·θ[i] with weight w; idx names the
// unknowns of the coefficients c.
func (n *normal) row(w, y float64, idx []int, c []float64) {
	for a, i := range idx {
		n.r[i] += w * c[a] * y
		for b, k := range idx {
			n.m[i][k] += w * c[a] * c[b]
		}
	}
	n.yy += w * y * y
}

// eval is the joint fit's χ² (the residual sum in units of each detection's
// variance) for a contact at tc with way-in model m, and the struck ball's
// velocity and deceleration found. ok is false when the fit is singular.
func (j *jointFit) eval(tc float64, m *inModel) (chi float64, v table.Point, dd float64, ok bool) {
	var ne normal
	kp, kv := m.k(tc)
	wp := 1 / (j.sPre * j.sPre)
	for _, x := range j.pre {
		tau := x.t - tc
		k, _ := m.k(x.t)
		if m.quad {
			ne.row(wp, x.p.X, []int{jAx, jBx, jCx, jQx}, []float64{1, tau, tau * tau, 1})
			ne.row(wp, x.p.Y, []int{jAy, jBy, jCy, jQy}, []float64{1, tau, tau * tau, 1})
		} else {
			ne.row(wp, x.p.X-k.X, []int{jAx, jBx, jQx}, []float64{1, tau, 1})
			ne.row(wp, x.p.Y-k.Y, []int{jAy, jBy, jQy}, []float64{1, tau, 1})
		}
	}
	wo := 1 / (j.sOut * j.sOut)
	for _, x := range j.out {
		tau := x.t - tc
		y := x.p.Sub(kp).Sub(kv.Scale(tau))
		ne.row(wo, y.X, []int{jAx, jBx, jVx, jax, jQx}, []float64{1, tau, -tau, tau * tau / 2, 1})
		ne.row(wo, y.Y, []int{jAy, jBy, jVy, jay, jQy}, []float64{1, tau, -tau, tau * tau / 2, 1})
	}
	wm := 1 / math.Max(j.sPre*j.sPre, j.sOut*j.sOut)
	for _, x := range j.mid {
		// Way in and way out mixed in one exposure.
		tau := x.t - tc
		k, _ := m.k(x.t)
		w1, w2 := expMean(tau, j.exp)
		c := 0.0
		if m.quad && tau < 0 {
			c = tau * tau
		}
		ne.row(wm, x.p.X-k.X, []int{jAx, jBx, jCx, jVx, jax, jQx}, []float64{1, tau, c, -w1, w2, 1})
		ne.row(wm, x.p.Y-k.Y, []int{jAy, jBy, jCy, jVy, jay, jQy}, []float64{1, tau, c, -w1, w2, 1})
	}
	wa := 1 / (cueAccelPrior * cueAccelPrior)
	ne.row(wa, 0, []int{jax}, []float64{1})
	ne.row(wa, 0, []int{jay}, []float64{1})
	if !m.quad {
		// No quadratic: pin C at 0.
		ne.row(1, 0, []int{jCx}, []float64{1})
		ne.row(1, 0, []int{jCy}, []float64{1})
	} else {
		// fitPath's ridge on the free quadratic.
		wc := 1 / (accelPrior / 2 * accelPrior / 2)
		ne.row(wc, 0, []int{jCx}, []float64{1})
		ne.row(wc, 0, []int{jCy}, []float64{1})
	}
	ts := math.Inf(1)
	if j.v0 > 0 && j.dd > 0 {
		ts = 2 * j.v0 / (7 * j.dd)
	}
	wb := 1 / (j.sOb * j.sOb)
	for _, x := range j.ob {
		g, h, k := restBasis(x.t-tc, ts)
		y := x.p.Sub(j.q).Add(j.u.Scale(k))
		ne.row(wb, y.X, []int{jVx, jD, jQx}, []float64{g, -j.u.X * h, 1})
		ne.row(wb, y.Y, []int{jVy, jD, jQy}, []float64{g, -j.u.Y * h, 1})
	}
	for _, x := range j.obMid {
		w1, _ := expMean(x.t-tc, j.exp)
		y := x.p.Sub(j.q)
		ne.row(wb, y.X, []int{jVx, jQx}, []float64{w1, 1})
		ne.row(wb, y.Y, []int{jVy, jQy}, []float64{w1, 1})
	}
	wd := 1 / (decelPrior * decelPrior)
	ne.row(wd, j.slide, []int{jD}, []float64{1})
	wq := 1 / math.Max(j.qVar, qVarHeld)
	ne.row(wq, 0, []int{jQx}, []float64{1})
	ne.row(wq, 0, []int{jQy}, []float64{1})

	// The constraint |A + k(tc) − q| = 2R: with the other unknowns solved
	// again, χ² grows by (A − Â)ᵀ S (A − Â), S the inverse of Â's covariance.
	th, chi, ex, ey, sxx, sxy, syy, good := solveA(&ne)
	if !good {
		return 0, v, 0, false
	}
	c := j.q.Sub(kp)
	ah := table.Point{X: th[jAx], Y: th[jAy]}
	pen, se := onCircle(c, ah, j.d, sxx, sxy, syy)
	// θ with A on the circle: it moves by Cov·(S·e) in the A directions.
	at := func(i int) float64 { return th[i] + ex[i]*se.X + ey[i]*se.Y }
	// The struck ball leaves along the line of centres at the contact so
	// found, at (1 + e)/2 of the moving ball's speed along it: with those
	// rows the fit is solved again (the line fixed at the first solution's).
	p := table.Point{X: at(jAx), Y: at(jAy)}.Add(kp)
	b := table.Point{X: at(jBx), Y: at(jBy)}.Add(kv)
	if j.line && lineRows(j.q.Sub(p), b, kv, ne.row) {
		th, chi, ex, ey, sxx, sxy, syy, good = solveA(&ne)
		if !good {
			return 0, v, 0, false
		}
		ah = table.Point{X: th[jAx], Y: th[jAy]}
		pen, se = onCircle(c, ah, j.d, sxx, sxy, syy)
	}
	v = table.Point{X: at(jVx), Y: at(jVy)}
	dd = at(jD)
	return chi + pen, v, dd, true
}

// The struck ball's velocity V out of a contact is along the line of centres
// n, at (1 + e)/2 of the moving ball's speed along it B·n (equal masses,
// restitution e), but for the throw: ball-to-ball friction turns it by a few
// degrees (μ ≈ 0.01–0.1 of the normal impulse).
const (
	lineSpeedSD = 0.03 // of (1 + e)/2·B·n: the restitution's spread
	lineThrowSD = 0.05 // of V·n across the line: the throw's
	lineSDMin   = 20.0 // mm/s
)

// lineRows emits the rows tying the struck ball's velocity V to the
// moving ball's B + kv into the contact (B the unknown, kv its known part):
// along the line of centres n (not unit, from the moving ball's centre to the
// struck ball's) V·n = (1 + e)/2·(B + kv)·n, across it V·t = 0. b is the
// velocity into the contact found so far, to weigh them; ok is false (no
// rows) when the balls do not close along n.
func lineRows(n, b, kv table.Point, emit func(w, y float64, idx []int, c []float64)) bool {
	l := n.Len()
	if l == 0 {
		return false
	}
	n = n.Scale(1 / l)
	vn := b.Dot(n)
	if vn <= 0 {
		return false
	}
	k := (1 + contactE) / 2
	t := table.Point{X: -n.Y, Y: n.X}
	sn := math.Max(lineSpeedSD*k*vn, lineSDMin)
	st := math.Max(lineThrowSD*k*vn, lineSDMin)
	emit(1/(sn*sn), k*kv.Dot(n), []int{jVx, jVy, jBx, jBy}, []float64{n.X, n.Y, -k * n.X, -k * n.Y})
	emit(1/(st*st), 0, []int{jVx, jVy}, []float64{t.X, t.Y})
	return true
}

// search finds the tc in [lo, hi] of least χ² for model m: a scan, then
// golden-section search.
func (j *jointFit) search(m *inModel, lo, hi, step float64) (tc, chi float64, ok bool) {
	best, bc := 0.0, math.Inf(1)
	for t := lo; t <= hi+1e-9; t += step {
		if c, _, _, good := j.eval(t, m); good && c < bc {
			best, bc = t, c
		}
	}
	if math.IsInf(bc, 1) {
		return 0, 0, false
	}
	a, b := best-step, best+step
	const gr = 0.6180339887498949
	f := func(t float64) float64 {
		c, _, _, good := j.eval(t, m)
		if !good {
			return math.Inf(1)
		}
		return c
	}
	x1, x2 := b-gr*(b-a), a+gr*(b-a)
	f1, f2 := f(x1), f(x2)
	for it := 0; it < 18; it++ {
		if f1 < f2 {
			b, x2, f2 = x2, x1, f1
			x1 = b - gr*(b-a)
			f1 = f(x1)
		} else {
			a, x1, f1 = x1, x2, f2
			x2 = a + gr*(b-a)
			f2 = f(x2)
		}
	}
	tc = (a + b) / 2
	chi = f(tc)
	return tc, chi, !math.IsInf(chi, 1)
}

// jointContact times the contact of a moving ball (detections mv, in time
// order, before and after) with a ball resting at q (obj: its detections
// after it left) near t0, by the joint fit. d is the distance of the centres
// at the contact (2R); a detection within skip of the contact is fitted with
// the exposure exp (s) taking in both sides of it, or left out when exp is 0.
// sd is the standard error of the time (s), from the curvature of χ² at its
// least with the spread between the models of the way in; why, empty when a
// time was found, says why not.
func jointContact(mv, obj []sample, q table.Point, d, t0, dt, skip, exp, slide float64, noise func(v float64) float64, line bool, qVar float64) (tc, sd float64, why string) {
	tc, sd, _, _, why = jointContactChi(mv, obj, q, d, t0, dt, skip, exp, slide, noise, line, qVar)
	return tc, sd, why
}

// jointContactChi is jointContact that also returns the fit's χ² at its least
// and its degrees of freedom (see jointScatter).
func jointContactChi(mv, obj []sample, q table.Point, d, t0, dt, skip, exp, slide float64, noise func(v float64) float64, line bool, qVar float64) (tc, sd, chi, dof float64, why string) {
	j := jointFit{mv: mv, obj: obj, q: q, d: d, skip: skip, exp: exp, slide: slide, noise: noise, line: line, qVar: qVar}
	t := t0
	drops := 0
	for pass := 0; pass < 2; pass++ {
		j.split(t)
		if len(j.pre) < 2 || len(j.ob) < jointObjMin && (len(j.obj) > 0 || !line) {
			return 0, 0, 0, 0, fmt.Sprintf("too few detections: %d in (%d all), %d out (%d all)", len(j.pre), len(j.mv), len(j.ob), len(j.obj))
		}
		lin := fitLine(j.pre)
		j.sPre = noise(lin.b.Len())
		j.dd = slide
		if len(j.ob) > 0 {
			far := j.ob[len(j.ob)-1].p.Sub(q)
			if far.Len() < 10 {
				return 0, 0, 0, 0, "struck ball too near its rest point"
			}
			j.u = far.Scale(1 / far.Len())
			j.v0 = far.Len() / math.Max(j.ob[len(j.ob)-1].t-t, dt)
		} else {
			// None (its next event came at once): along the line of
			// centres at the speed lineRows has it leave at.
			n := q.Sub(lin.at(t))
			if n.Len() == 0 || lin.b.Dot(n) <= 0 {
				return 0, 0, 0, 0, "no way out of the struck ball"
			}
			j.u = n.Scale(1 / n.Len())
			j.v0 = (1 + contactE) / 2 * lin.b.Dot(j.u)
		}
		j.sOb = noise(j.v0)
		j.sOut = noise(lin.b.Len())
		if len(j.out) >= 2 {
			o := j.out[len(j.out)-1].p.Sub(j.out[0].p).Len() / (j.out[len(j.out)-1].t - j.out[0].t)
			j.sOut = noise(o)
		}
		ms := j.models()
		if len(ms) == 0 {
			return 0, 0, 0, 0, "no model of the way in"
		}
		// The struck ball's direction, speed and deceleration, from the
		// best model's fit.
		for it := 0; it < 1; it++ {
			tb, _, good := j.search(&ms[0], t-1.5*dt, t+1.5*dt, dt/8)
			if !good {
				return 0, 0, 0, 0, "no least"
			}
			_, v, dd, _ := j.eval(tb, &ms[0])
			if v.Len() < 1 {
				return 0, 0, 0, 0, "struck ball does not move"
			}
			j.u, j.v0, j.dd = v.Scale(1/v.Len()), v.Len(), dd
		}
		var ts, ss, ws [jointModels]float64
		var idx [jointModels]int
		var sw, st float64
		base := math.Inf(1)
		n, bi := 0, 0
		for i := range ms {
			tb, c, good := j.search(&ms[i], t-1.5*dt, t+1.5*dt, dt/8)
			if !good {
				continue
			}
			ts[n], ss[n], idx[n] = tb, c+2*float64(ms[i].npar), i
			if ss[n] < base {
				base, bi = ss[n], i
			}
			n++
		}
		if n == 0 {
			return 0, 0, 0, 0, "no least for any model"
		}
		for i := 0; i < n; i++ {
			ws[i] = math.Exp(-(ss[i] - base) / 2)
			sw += ws[i]
			st += ws[i] * ts[i]
		}
		tc = st / sw
		// Standard error: the curvature of the best model's χ² (Δχ² = 1),
		// with the spread between the models.
		h := dt / 20
		c0, _, _, g0 := j.eval(tc, &ms[bi])
		cm, _, _, g1 := j.eval(tc-h, &ms[bi])
		cp, _, _, g2 := j.eval(tc+h, &ms[bi])
		curv := (cp - 2*c0 + cm) / (h * h)
		if !g0 || !g1 || !g2 || curv <= 0 {
			return 0, 0, 0, 0, "χ² not convex at its least"
		}
		v := 2 / curv
		for i := 0; i < n; i++ {
			v += ws[i] / sw * (ts[i] - tc) * (ts[i] - tc)
		}
		sd = math.Sqrt(v)
		if drops < jointTailDrops && j.dropTail(tc, &ms[bi]) { // jointtail.go
			drops++
			pass--
			continue
		}
		if math.Abs(tc-t) < skip/4 || pass == 1 {
			chi, dof = c0, j.dof()
			break
		}
		t = tc
	}
	if math.Abs(tc-t0) > 2*dt {
		return 0, 0, 0, 0, "too far from the first guess"
	}
	return tc, sd, chi, dof, ""
}

// cholesky factors the symmetric positive definite m as L·Lᵀ.
func cholesky(m *[jN][jN]float64) (l [jN][jN]float64, ok bool) {
	for i := 0; i < jN; i++ {
		for k := 0; k <= i; k++ {
			s := m[i][k]
			for p := 0; p < k; p++ {
				s -= l[i][p] * l[k][p]
			}
			if i == k {
				if s <= 0 || math.IsNaN(s) {
					return l, false
				}
				l[i][i] = math.Sqrt(s)
			} else {
				l[i][k] = s / l[k][k]
			}
		}
	}
	return l, true
}

// cholSolve solves L·Lᵀ·x = b.
func cholSolve(l *[jN][jN]float64, b [jN]float64) (x [jN]float64) {
	var y [jN]float64
	for i := 0; i < jN; i++ {
		s := b[i]
		for p := 0; p < i; p++ {
			s -= l[i][p] * y[p]
		}
		y[i] = s / l[i][i]
	}
	for i := jN - 1; i >= 0; i-- {
		s := y[i]
		for p := i + 1; p < jN; p++ {
			s -= l[p][i] * x[p]
		}
		x[i] = s / l[i][i]
	}
	return x
}

// jointTime sets the time of contact e, of a moving ball with one at rest,
// by the joint fit of both balls' detections (jointContact), when both ways
// out are known; e.t, the estimates combined, is its first guess. The cue
// ball's first contact soon after the stroke is timed from its rest point
// instead (strokeTime).
//
// sd0 is the standard error of e.t: a joint fit more than jointAgree
// standard errors from it is not kept (the motion is not the model's: a ball
// met by another at the same time, one in a cluster).
func (k *Tracker) jointTime(e *pevent, sd0 float64) {
	if k.strokeTime(e, sd0) || k.frozenTime(e, sd0) { // frozentime.go
		return
	}
	for _, x := range [2][2]*side{{&e.sides[0], &e.sides[1]}, {&e.sides[1], &e.sides[0]}} {
		mv, rs := x[0], x[1]
		if !rs.rest || mv.rest {
			continue
		}
		// With none of the struck ball's detections out, its way out is
		// the one lineRows gives it: not when it met a cushion or another
		// ball at once (frozen to it, the impulse is shared), nor when the
		// moving ball met a cushion at about the same time (within
		// pinchTime): its speed into the struck ball is not its way in's
		// (rendered seed 76, 10-ball shot 33: the cue ball met the 10 and
		// the left cushion 2.6 ms apart, the 10 left at 700 mm/s, not the
		// 470 the line gives, and the fit took the contact 10 ms early).
		line := !k.sharedHit(rs.tr, mv.tr, rs.in.a) && !k.railAbout(mv.tr, e.t, pinchTime)
		none := line && rs.nPost == 0 && !k.eventOf(rs.tr, e.t-k.dt, e.t+k.dt, e)
		if mv.nPre < 2 || rs.nPost < jointObjMin && !none || k.eventOf(mv.tr, mv.pre[mv.nPre-1].t-k.dt, e.t-1e-3, e) {
			if k.trace != nil {
				k.trace("%.4f joint contact balls %d %d: not run: pre %d post %d rest post %d", k.lastT, e.ids[0], e.ids[1], mv.nPre, mv.nPost, rs.nPost)
			}
			continue
		}
		var buf [approachMax + 16]sample
		all := append(buf[:0], mv.pre[:mv.nPre]...)
		for _, s := range mv.post[:mv.nPost] {
			if len(all) == 0 || s.t > all[len(all)-1].t {
				all = append(all, s)
			}
		}
		// First with the struck ball's rest point held at its reads' mean.
		fit := func(qVar float64) (tc, sd, chi, dof float64, why string) {
			return jointContactChi(all, rs.post[:rs.nPost], rs.in.a, 2*k.R, e.t, k.dt, k.skip(), k.cfg.Exposure, k.cfg.SlideDecel, k.noise, line, qVar)
		}
		tc, sd, chi, dof, why := fit(0)
		if why == "" && sd0 < jointSharp*k.dt {
			why = jointScatter(chi, dof) // jointscatter.go
		}
		if why == "" && sd < jointSharpest*k.dt {
			why = fmt.Sprintf("± %.2f ms: sharper than the reads allow", 1000*sd)
		}
		if why == "" && math.Abs(tc-e.t) > jointAgree*math.Hypot(sd, sd0) {
			why = fmt.Sprintf("%.1f ms from the estimates combined (± %.2f ms)", 1000*(tc-e.t), 1000*sd0)
		}
		if why == "" && k.freeRest(mv, rs, e.t) {
			// Kept: then with it free about them (restbias.go), kept in
			// its place if the time is not too loose. (Not when the fit
			// held is not kept: freed, the rest point takes up a scatter
			// of the reads the model does not explain, and a fit that
			// finds no least held wanders a frame or two.)
			tf, sf, _, _, wf := fit(k.cfg.RestBias * k.cfg.RestBias)
			if wf == "" && sf > jointFreeSD*k.dt {
				wf = fmt.Sprintf("± %.2f ms", 1000*sf)
			}
			if k.trace != nil {
				k.trace("%.4f joint contact balls %d %d: rest point held %.5f ± %.2f ms; free %.5f ± %.2f ms, ok %v %s", k.lastT, e.ids[0], e.ids[1], tc, 1000*sd, tf, 1000*sf, wf == "", wf)
			}
			if wf == "" {
				tc, sd = tf, sf
			}
		}
		if k.trace != nil {
			k.trace("%.4f joint contact balls %d %d: from %.5f to %.5f ± %.2f ms, ok %v %s", k.lastT, e.ids[0], e.ids[1], e.t, tc, 1000*sd, why == "", why)
		}
		if why == "" {
			e.t, e.sd = tc, sd
		}
		return
	}
}

// sharedHit reports whether ball track i, resting at q, was frozen at the
// stroke to a ball other than track mv's or to a cushion: hit there, it
// shares the impulse, and leaves other than along the line of centres at the
// speed lineRows gives it.
func (k *Tracker) sharedHit(i, mv int, q table.Point) bool {
	if _, gap := k.tab.NearestRail(q); gap <= k.backTol() {
		return true
	}
	for j, p := range k.before {
		if j != i && j != mv && p.Dist(q)-2*k.R <= k.backTol() {
			return true
		}
	}
	return false
}

// onCircle moves the fitted point ah onto the circle of radius d about c (the
// centres 2R apart at the contact), weighing the move by S = [sxx sxy; sxy syy],
// the inverse of ah's covariance: Newton steps on the angle. It returns the
// penalty eᵀSe of the move e and S·e, by which the other parameters follow
// through their covariance with ah.
func onCircle(c, ah table.Point, d, sxx, sxy, syy float64) (pen float64, se table.Point) {
	r := ah.Sub(c)
	al := math.Atan2(r.Y, r.X)
	var e table.Point
	for it := 0; it < 8; it++ {
		cs, sn := math.Cos(al), math.Sin(al)
		e = c.Add(table.Point{X: d * cs, Y: d * sn}).Sub(ah)
		da := table.Point{X: -d * sn, Y: d * cs}
		d2 := table.Point{X: -d * cs, Y: -d * sn}
		se := table.Point{X: sxx*e.X + sxy*e.Y, Y: sxy*e.X + syy*e.Y}
		sd := table.Point{X: sxx*da.X + sxy*da.Y, Y: sxy*da.X + syy*da.Y}
		g := 2 * se.Dot(da)
		h := 2*sd.Dot(da) + 2*se.Dot(d2)
		if h <= 0 {
			h = 2 * sd.Dot(da)
		}
		if h <= 0 {
			break
		}
		al -= g / h
	}
	cs, sn := math.Cos(al), math.Sin(al)
	e = c.Add(table.Point{X: d * cs, Y: d * sn}).Sub(ah)
	return sxx*e.X*e.X + 2*sxy*e.X*e.Y + syy*e.Y*e.Y, table.Point{X: sxx*e.X + sxy*e.Y, Y: sxy*e.X + syy*e.Y}
}

// solveA solves the normal equations ne of a contact fit: θ, its χ², the
// columns ex, ey of θ's covariance for A's two coordinates, and S = [sxx sxy;
// sxy syy], the inverse of Â's covariance; ok is false when they are singular.
func solveA(ne *normal) (th [jN]float64, chi float64, ex, ey [jN]float64, sxx, sxy, syy float64, ok bool) {
	l, good := cholesky(&ne.m)
	if !good {
		return th, 0, ex, ey, 0, 0, 0, false
	}
	th = cholSolve(&l, ne.r)
	chi = ne.yy
	for i := range th {
		chi -= th[i] * ne.r[i]
	}
	ex = cholSolve(&l, [jN]float64{jAx: 1})
	ey = cholSolve(&l, [jN]float64{jAy: 1})
	cxx, cxy, cyy := ex[jAx], ex[jAy], ey[jAy]
	det := cxx*cyy - cxy*cxy
	if det <= 0 {
		return th, chi, ex, ey, 0, 0, 0, false
	}
	return th, chi, ex, ey, cyy / det, -cxy / det, cxx / det, true
}

// railAbout reports whether track i was told meeting a cushion within d of
// time t.
func (k *Tracker) railAbout(i int, t, d float64) bool { return k.railBetween(i, t-d, t+d) }

// railBetween reports whether track i was told meeting a cushion within
// [lo, hi].
func (k *Tracker) railBetween(i int, lo, hi float64) bool {
	for j := range k.events {
		o := &k.events[j]
		if !o.cancel && o.kind == shot.RailHit && o.a == i && o.t >= lo && o.t <= hi {
			return true
		}
	}
	return false
}
