package tracking

import (
	"fmt"
	"math"

	"github.com/cueref/cueref/shot"
	"github.com/cueref/cueref/table"
)

// The time of the cue ball's first contact soon after the stroke, from its
// rest point. A contact within a few frames of the stroke leaves the joint fit
// (joint.go) too few detections of the cue ball's way in, and one at the
// stroke (a ball frozen or nearly frozen to the cue ball) none at all; but the
// cue ball's way in is known to start at its rest point q0, at the stroke ts.
// The stroke fit adds ts to the joint fit's unknowns: every detection of the
// cue ball, from a few frames before the stroke to the end of its way out, is
// the mean over its exposure of
//
//	x(t) = q0 + B·max(0, t−ts) + K(t) − V·max(0, t−tc) + a·max(0, t−tc)²/2
//
// with K the way in's known deceleration along it (from ts until tc), B its
// velocity, V the struck ball's, a the cue ball's spin after the contact;
// the struck ball leaves its rest point q1 at tc as in the joint fit, and the
// cue ball is 2R from q1 at tc. With A = x(tc) − K(tc) the joint fit's unknown,
// q0 = A − B·(tc − ts): the model is the joint fit's with ts added, which
// enters through products with B; it is solved by Gauss–Newton about a guess
// (the stroke told, then each solution), so that the search over tc stays
// one-dimensional. The stroke's time found is the shot's start.

// strokeWin (s): the cue ball's first contact is timed from its rest point
// when it came less than this long after the stroke told.
const strokeWin = 0.15

// strokeRestSD (mm) is the standard error of a ball's rest point (the mean of
// many detections) in the stroke fit.
const strokeRestSD = 0.7

// strokeLineSD is the spread of the prior on the struck ball's velocity (see
// rows) when it was frozen to another ball or a cushion, a fraction of the
// cue ball's speed along the line of centres: the impulse is shared.
const strokeLineSD = 0.1

// strokeLead is how many frames before the stroke told the stroke fit takes
// the cue ball's detections from (its start may be told late).
const strokeLead = 4

// jDelta is the stroke fit's unknown for the change of ts from its guess (it
// takes the place of the joint fit's free quadratic, which it does not use).
const jDelta = jCx

// strokeFit holds the detections of the cue ball's first contact.
type strokeFit struct {
	mv     []sample // the cue ball's detections, time order
	obj    []sample // the struck ball's after it left q1
	q0, q1 table.Point
	d      float64 // 2R
	skip   float64
	exp    float64
	slide  float64
	line   bool // the struck ball's velocity by lineRows (see jointFit)

	// Set per pass: the detections used, the noise of each kind (mm), the
	// guess of ts and B that Gauss–Newton starts from, and the struck
	// ball's way out (direction, first speed, deceleration).
	use, ob, obMid []sample
	sIn, sOut, sOb float64
	ts0            float64
	b0             table.Point
	u              table.Point
	v0, dd         float64
	step           float64 // the largest change of ts a Gauss–Newton step makes (s)
}

// strokeSol is the stroke fit's solution at a contact time.
type strokeSol struct {
	th [jN]float64 // the unknowns, A on the circle
	// The linearization it was found at.
	lts      float64
	lb, ldir table.Point
	chi      float64
	ts       float64
	b        table.Point // the cue ball's velocity into the contact
	v        table.Point // the struck ball's out of it
	dd       float64
}

// split sets the detections used for a contact near t.
func (j *strokeFit) split(t float64) {
	j.use = j.use[:0]
	for _, x := range j.mv {
		if x.t >= t+jointOut {
			break
		}
		if j.exp == 0 && (math.Abs(x.t-t) <= j.skip || math.Abs(x.t-j.ts0) <= j.skip) {
			continue
		}
		j.use = append(j.use, x)
	}
	j.ob, j.obMid = objWindow(j.obj, t, j.skip, j.exp)
}

// dw1 is the derivative of expMean's w1 in τ.
func dw1(tau, e float64) float64 {
	switch {
	case tau <= -e/2:
		return 0
	case tau >= e/2:
		return 1
	}
	return (tau + e/2) / e
}

// rows gives emit the rows of the fit at tc (see solve); who is 1+i for the
// cue ball's detection j.use[i], −1−i for the struck ball's j.ob[i], 0 for
// the others.
func (j *strokeFit) rows(tc, ts float64, b0, dir table.Point, a float64, emit func(w, y float64, idx []int, c []float64, who int)) {
	sv := ts - tc
	// The rest point (the mean of many detections): A + B·(ts − tc) = q0.
	wq := 1 / (strokeRestSD * strokeRestSD)
	emit(wq, j.q0.X, []int{jAx, jBx, jDelta}, []float64{1, sv, b0.X}, 0)
	emit(wq, j.q0.Y, []int{jAy, jBy, jDelta}, []float64{1, sv, b0.Y}, 0)
	for i, x := range j.use {
		ws, ks := expMean(x.t-ts, j.exp)
		gs := dw1(x.t-ts, j.exp)
		wc, kc := expMean(x.t-tc, j.exp)
		// Known: the way in's deceleration from ts to tc, carried on
		// linearly after.
		k := dir.Scale(a * (ks - kc))
		cb := sv + ws // B's coefficient: q0 + B·w = A + B·(ts − tc + w)
		cd := b0.Scale(1 - gs).Sub(dir.Scale(a * ws))
		sg := j.sIn
		switch {
		case x.t-tc >= j.exp/2:
			sg = j.sOut
		case x.t-tc > -j.exp/2:
			sg = math.Max(j.sIn, j.sOut)
		}
		w := 1 / (sg * sg)
		y := x.p.Sub(k)
		emit(w, y.X, []int{jAx, jBx, jVx, jax, jDelta}, []float64{1, cb, -wc, kc, cd.X}, 1+i)
		emit(w, y.Y, []int{jAy, jBy, jVy, jay, jDelta}, []float64{1, cb, -wc, kc, cd.Y}, 1+i)
	}
	// The struck ball leaves along the line of centres at contact, with
	// (1 + e)/2 of the cue ball's speed along it (equal masses): the line
	// of centres from the linearization's contact point (lineRows); a
	// softer prior when it was frozen to another ball or a cushion (it
	// shares the impulse).
	if e := math.Max(0, tc-ts); j.line {
		kv := dir.Scale(a * e)
		p := j.q0.Add(b0.Scale(e)).Add(dir.Scale(a / 2 * e * e))
		lineRows(j.q1.Sub(p), b0.Add(kv), kv, func(w, y float64, idx []int, c []float64) { emit(w, y, idx, c, 0) })
	} else if n := j.q1.Sub(j.q0.Add(b0.Scale(tc - ts))); n.Len() > 0 && b0.Len() > 0 {
		n = n.Scale(1 / n.Len())
		k := (1 + contactE) / 2
		sgv := strokeLineSD*math.Abs(b0.Dot(n)) + 30
		wv := 1 / (sgv * sgv)
		// V − k·n·(n·B) = 0
		emit(wv, 0, []int{jVx, jBx, jBy}, []float64{1, -k * n.X * n.X, -k * n.X * n.Y}, 0)
		emit(wv, 0, []int{jVy, jBx, jBy}, []float64{1, -k * n.Y * n.X, -k * n.Y * n.Y}, 0)
	}
	wa := 1 / (cueAccelPrior * cueAccelPrior)
	emit(wa, 0, []int{jax}, []float64{1}, 0)
	emit(wa, 0, []int{jay}, []float64{1}, 0)
	emit(1, 0, []int{jCy}, []float64{1}, 0)
	// The struck ball's rest point is not moved here, as the joint fit
	// does (jointFit.qVar): on the bench it made these times worse. Those
	// unknowns are pinned at 0.
	emit(1, 0, []int{jQx}, []float64{1}, 0)
	emit(1, 0, []int{jQy}, []float64{1}, 0)
	tsl := math.Inf(1)
	if j.v0 > 0 && j.dd > 0 {
		tsl = 2 * j.v0 / (7 * j.dd)
	}
	wb := 1 / (j.sOb * j.sOb)
	for i, x := range j.ob {
		g, h, k := restBasis(x.t-tc, tsl)
		y := x.p.Sub(j.q1).Add(j.u.Scale(k))
		emit(wb, y.X, []int{jVx, jD}, []float64{g, -j.u.X * h}, -1-i)
		emit(wb, y.Y, []int{jVy, jD}, []float64{g, -j.u.Y * h}, -1-i)
	}
	for _, x := range j.obMid {
		w1, _ := expMean(x.t-tc, j.exp)
		y := x.p.Sub(j.q1)
		emit(wb, y.X, []int{jVx}, []float64{w1}, 0)
		emit(wb, y.Y, []int{jVy}, []float64{w1}, 0)
	}
	wd := 1 / (decelPrior * decelPrior)
	emit(wd, j.slide, []int{jD}, []float64{1}, 0)
}

// solve is one Gauss–Newton step of the fit at tc, with the way in's
// deceleration a along dir, linearized about the start ts and velocity b0.
func (j *strokeFit) solve(tc, ts float64, b0, dir table.Point, a float64) (s strokeSol, ok bool) {
	var ne normal
	j.rows(tc, ts, b0, dir, a, func(w, y float64, idx []int, c []float64, _ int) { ne.row(w, y, idx, c) })
	// |A + K(tc) − q1| = 2R, as in jointFit.eval.
	th, chi, ex, ey, sxx, sxy, syy, good := solveA(&ne)
	if !good {
		return s, false
	}
	kp := dir.Scale(a / 2 * (tc - ts) * (tc - ts))
	if tc < ts {
		kp = table.Point{}
	}
	c := j.q1.Sub(kp)
	ah := table.Point{X: th[jAx], Y: th[jAy]}
	pen, se := onCircle(c, ah, j.d, sxx, sxy, syy)
	at := func(i int) float64 { return th[i] + ex[i]*se.X + ey[i]*se.Y }
	for i := range th {
		th[i] = at(i)
	}
	s = strokeSol{
		lts: ts, lb: b0, ldir: dir,
		th:  th,
		chi: chi + pen,
		ts:  ts + at(jDelta),
		b:   table.Point{X: at(jBx), Y: at(jBy)},
		v:   table.Point{X: at(jVx), Y: at(jVy)},
		dd:  at(jD),
	}
	return s, true
}

// strokeIters is how many Gauss–Newton steps the stroke fit takes at a tc.
const strokeIters = 2

// eval is the stroke fit at tc with the way in's deceleration a: Gauss–Newton
// from the pass's guess.
func (j *strokeFit) eval(tc, a float64) (s strokeSol, ok bool) {
	ts, b := j.ts0, j.b0
	for it := 0; it < strokeIters; it++ {
		dir := b
		if l := dir.Len(); l > 1 {
			dir = dir.Scale(1 / l)
		} else {
			dir = j.q1.Sub(j.q0).Scale(1 / math.Max(1e-9, j.q1.Dist(j.q0)))
		}
		s, ok = j.solve(tc, ts, b, dir, a)
		if !ok {
			return s, false
		}
		// A damped step: far from its least the linearization misleads.
		ts, b = ts+math.Max(-j.step, math.Min(j.step, s.ts-ts)), s.b
	}
	return s, true
}

// worst finds the detection of least fit in solution s at tc with
// deceleration a: its index in j.use (cue, true) or j.ob, and its χ² (2 dof).
func (j *strokeFit) worst(tc, a float64, s *strokeSol) (i int, cue bool, chi float64) {
	cs := make([]float64, len(j.use))
	os := make([]float64, len(j.ob))
	j.rows(tc, s.lts, s.lb, s.ldir, a, func(w, y float64, idx []int, c []float64, who int) {
		if who == 0 {
			return
		}
		r := y
		for k, x := range idx {
			r -= c[k] * s.th[x]
		}
		if who > 0 {
			cs[who-1] += w * r * r
		} else {
			os[-who-1] += w * r * r
		}
	})
	i, chi = -1, -1
	for k, c := range cs {
		if c > chi {
			i, cue, chi = k, true, c
		}
	}
	for k, c := range os {
		if c > chi {
			i, cue, chi = k, false, c
		}
	}
	return i, cue, chi
}

// search finds the tc in [lo, hi] of least χ² for deceleration a.
func (j *strokeFit) search(a, lo, hi, step float64) (tc float64, s strokeSol, ok bool) {
	f := func(t float64) float64 {
		s, good := j.eval(t, a)
		if !good {
			return math.Inf(1)
		}
		return s.chi
	}
	best, bc := 0.0, math.Inf(1)
	for t := lo; t <= hi+1e-9; t += step {
		if c := f(t); c < bc {
			best, bc = t, c
		}
	}
	if math.IsInf(bc, 1) {
		return 0, s, false
	}
	x := golden(f, best-step, best+step, 14)
	s, ok = j.eval(x, a)
	return x, s, ok
}

// golden is a golden-section search for f's least in [a, b], n steps.
func golden(f func(float64) float64, a, b float64, n int) float64 {
	const gr = 0.6180339887498949
	x1, x2 := b-gr*(b-a), a+gr*(b-a)
	f1, f2 := f(x1), f(x2)
	for it := 0; it < n; it++ {
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
	return (a + b) / 2
}

// strokeOutlier is the χ² (2 dof) of a detection beyond which the stroke
// fit leaves it out, strokeDrops the most it leaves out; strokeFitK bounds
// the fit's χ² (in standard deviations of its distribution above its degrees
// of freedom): a worse fit is not a stroke and a contact as modelled.
const (
	strokeOutlier = 16.0
	strokeDrops   = 2
	strokeFitK    = 4.0
)

// without is s less its sample at time t (a copy).
func without(s []sample, t float64) []sample {
	out := make([]sample, 0, len(s))
	for _, x := range s {
		if x.t != t {
			out = append(out, x)
		}
	}
	return out
}

// strokeDecels are the way in's decelerations the stroke fit tries (mm/s²,
// along it): rolling, sliding with draw or stun, sliding with follow.
var strokeDecels = [...]float64{-rollDecel, -slideDecel, slideDecel}

// strokeContact times the first contact of a cue ball that rested at q0 and
// was struck at about ts0 (the stroke told) with a ball resting at q1 (obj:
// its detections after it left), near t0: mv are the cue ball's detections
// from a few frames before the stroke to its next event after the contact.
// d is 2R; exp the exposure (s); noise gives a detection's noise at a speed.
// It returns the contact's time, its standard error, the stroke's time found,
// and why not when it found none.
func strokeContact(mv, obj []sample, q0, q1 table.Point, d, ts0, t0, dt, skip, exp, slide float64, noise func(v float64) float64, line bool) (tc, sd, ts float64, why string) {
	j := strokeFit{mv: mv, obj: obj, q0: q0, q1: q1, d: d, skip: skip, exp: exp, slide: slide, step: dt / 4, line: line}
	t := t0
	for pass := 0; pass < 2; pass++ {
		j.split(t)
		// The struck ball's way out: from its detections, or (none: its
		// next event came at once) along the line of centres at the speed in.
		j.u, j.dd, j.v0 = q1.Sub(q0).Scale(1/math.Max(1e-9, q1.Dist(q0))), slide, 0
		if n := len(j.ob) + len(j.obMid); n > 0 {
			far := obj[min(len(obj), n)-1]
			if len(j.ob) > 0 {
				far = j.ob[len(j.ob)-1]
			}
			fv := far.p.Sub(q1)
			if fv.Len() < 4 {
				return 0, 0, 0, "struck ball too near its rest point"
			}
			j.u = fv.Scale(1 / fv.Len())
			j.v0 = fv.Len() / math.Max(far.t-t, dt)
		}
		j.sOb = noise(j.v0)
		// The guess: the stroke told, and a velocity from the first
		// detection clear of the rest point.
		j.ts0, j.b0 = ts0, table.Point{}
		if pass == 1 {
			j.ts0 = ts
		}
		for _, x := range j.use {
			if x.t > j.ts0+skip && x.p.Dist(q0) > 4 {
				j.b0 = x.p.Sub(q0).Scale(1 / (x.t - j.ts0))
				break
			}
		}
		j.sIn, j.sOut = noise(j.b0.Len()), noise(j.b0.Len())
		// Settle the guess at t with the first deceleration, and take the
		// noise of each part from it; leave out a detection that does not
		// fit (another ball's, taken for one of these), up to strokeDrops.
		var s strokeSol
		ok := false
		for it, drops := 0, 0; it < 3; it++ {
			s, ok = j.eval(t, strokeDecels[0])
			if !ok {
				return 0, 0, 0, "singular"
			}
			if math.Abs(s.ts-ts0) > strokeLead*dt || s.b.Len() < 100 {
				return 0, 0, 0, fmt.Sprintf("no stroke near the one told (%.4f, speed %.0f)", s.ts, s.b.Len())
			}
			j.ts0, j.b0 = s.ts, s.b
			j.sIn = noise(s.b.Len())
			j.sOut = noise(s.b.Sub(s.v).Len())
			if s.v.Len() > 1 {
				j.u, j.v0 = s.v.Scale(1/s.v.Len()), s.v.Len()
			}
			if it < 2 || drops == strokeDrops {
				continue
			}
			wi, cue, wc := j.worst(t, strokeDecels[0], &s)
			if wi < 0 || wc < strokeOutlier {
				continue
			}
			if cue {
				j.mv = without(j.mv, j.use[wi].t)
			} else {
				j.obj = without(j.obj, j.ob[wi].t)
			}
			drops++
			j.split(t)
			it = 0
		}
		var tcs, chis, tss [len(strokeDecels)]float64
		n, base, bi := 0, math.Inf(1), 0
		for i, a := range strokeDecels {
			tb, sb, good := j.search(a, t-1.5*dt, t+1.5*dt, dt/4)
			if !good {
				continue
			}
			tcs[n], chis[n], tss[n] = tb, sb.chi, sb.ts
			if sb.chi < base {
				base, bi = sb.chi, i
			}
			n++
		}
		if n == 0 {
			return 0, 0, 0, "no least"
		}
		var sw, st, sts float64
		var ws [len(strokeDecels)]float64
		for i := 0; i < n; i++ {
			ws[i] = math.Exp(-(chis[i] - base) / 2)
			sw += ws[i]
			st += ws[i] * tcs[i]
			sts += ws[i] * tss[i]
		}
		tc, ts = st/sw, sts/sw
		h := dt / 20
		c0, g0 := j.eval(tc, strokeDecels[bi])
		cm, g1 := j.eval(tc-h, strokeDecels[bi])
		cp, g2 := j.eval(tc+h, strokeDecels[bi])
		curv := (cp.chi - 2*c0.chi + cm.chi) / (h * h)
		if !g0 || !g1 || !g2 || curv <= 0 {
			return 0, 0, 0, "χ² not convex at its least"
		}
		dof := float64(2*(len(j.use)+len(j.ob)+len(j.obMid)) + 2 - 7)
		if dof < 1 || c0.chi > dof+strokeFitK*math.Sqrt(2*dof) {
			return 0, 0, 0, fmt.Sprintf("χ² %.1f for %.0f degrees of freedom", c0.chi, dof)
		}
		v := 2 / curv
		for i := 0; i < n; i++ {
			v += ws[i] / sw * (tcs[i] - tc) * (tcs[i] - tc)
		}
		sd = math.Sqrt(v)
		if math.Abs(tc-t) < skip/4 {
			break
		}
		t = tc
	}
	if math.Abs(tc-t0) > 2*dt {
		return 0, 0, 0, "too far from the first guess"
	}
	// The cue ball must have had time to cross the gap between the balls at
	// rest: a fit whose stroke comes at the contact, or after it, with the
	// balls apart, found a least the model's freedom makes (camera model
	// seed 6, 9-ball shot 50: the cue ball, 220 mm from the 4, met it at
	// 6.9 m/s 37 ms after the stroke; the fit put the stroke and the contact
	// together, 12 ms after the one told and 22 ms before the true contact).
	if gap, sp := q1.Dist(q0)-d, j.b0.Len(); gap > strokeGapMin && sp > 0 && tc-ts < strokeReach*gap/sp {
		return 0, 0, 0, fmt.Sprintf("stroke %.1f ms before the contact, %.0f mm away at %.0f mm/s", 1000*(tc-ts), gap, sp)
	}
	// Nor a stroke found well before the one told: a cue ball resting a few
	// millimetres from the ball it met leaves the stroke's time loose, and
	// the fit may wander (camera model at 30 fps, seed 28, 14.1 shot 132:
	// the cue ball 3 mm from the 11, the stroke found 0.41 s before the one
	// told, 0.4 ms off the truth; the shot, timed then, was matched to none
	// played, and the safety to no shot). Over 360 fits on 30 fps 14.1
	// matches, 99 % moved the stroke less than 1.3 frames.
	if ts0-ts > strokeShift*dt {
		return 0, 0, 0, fmt.Sprintf("stroke %.1f ms before the one told", 1000*(ts0-ts))
	}
	return tc, sd, math.Min(ts, tc), ""
}

// strokeGapMin (mm) and strokeReach: a stroke fit whose cue ball, resting
// more than strokeGapMin from the struck ball, meets it sooner after the
// stroke than strokeReach of the time the gap takes at the stroke's speed,
// is not kept (strokeContact). Over a gap of a centimetre the fit's stroke
// time is too rough for the test: at 10 mm, camera model seed 3's 14.1 shot
// 91 (11 mm, 1.2 m/s) lost a good fit and went 20 ms off.
const (
	strokeGapMin = 30.0
	strokeReach  = 0.5
)

// strokeShift (frames): the most a stroke fit may put the stroke before the
// one told (strokeContact).
const strokeShift = 2.0

// strokeTime times contact e by the stroke fit (strokeContact) when it is the
// cue ball's first, with a ball at rest, within strokeWin of the stroke told;
// it reports whether it did. The stroke's time found becomes the shot's. sd0
// is the standard error of e.t, the estimates combined: a fit much less sharp
// is weighed with them (weighFit).
func (k *Tracker) strokeTime(e *pevent, sd0 float64) bool {
	cue := k.strikeTr
	q0, ok := k.before[cue]
	if !ok || e.t-k.strikeT > strokeWin || len(k.cueIn) == 0 {
		return false
	}
	var mv, rs *side
	for s := range e.sides {
		// (The cue ball's side may say it started from rest: it did.)
		if e.sides[s].tr == cue && e.sides[1-s].rest && e.sides[1-s].tr >= 0 {
			mv, rs = &e.sides[s], &e.sides[1-s]
		}
	}
	if mv == nil || k.eventOf(cue, k.strikeT-k.dt, e.t-1e-3, e) {
		return false
	}
	// The cue ball's detections from a few frames before the stroke to its
	// next event after this one.
	next := math.Inf(1)
	for i := range k.events {
		o := &k.events[i]
		if o != e && !o.cancel && o.t > e.t && o.hits(cue) {
			next = math.Min(next, o.t)
		}
	}
	var buf [64]sample
	all := buf[:0]
	for _, s := range k.cueLead {
		if s.t >= k.strikeT-strokeLead*k.dt {
			all = append(all, s)
		}
	}
	for _, s := range k.cueIn {
		if s.t >= next-0.5*k.dt || s.t > e.t+jointOut {
			break
		}
		if len(all) == 0 || s.t > all[len(all)-1].t {
			all = append(all, s)
		}
	}
	tc, sd, ts, why := strokeContact(all, rs.post[:rs.nPost], q0, rs.in.a, 2*k.R, k.strikeT, e.t, k.dt, k.skip(), k.cfg.Exposure, k.cfg.SlideDecel, k.noise, !k.sharedHit(rs.tr, cue, rs.in.a))
	if k.trace != nil {
		k.trace("%.4f stroke contact balls %d %d: from %.5f (± %.2f ms) to %.5f ± %.2f ms, stroke %.5f to %.5f, ok %v %s", k.lastT, e.ids[0], e.ids[1], e.t, 1000*sd0, tc, 1000*sd, k.strikeT, ts, why == "", why)
	}
	if why != "" {
		return false
	}
	e.t = weighFit(tc, sd, e.t, sd0)
	if sd > 0 && sd0 > 0 {
		e.sd = 1 / math.Hypot(1/sd, 1/sd0)
	}
	for i := range k.events {
		if o := &k.events[i]; o.kind == shot.Strike && o.t == k.strikeT {
			o.t = ts
		}
	}
	k.strikeT = ts
	return true
}

// keepLead keeps the cue ball's (track tr's) detections of the last few
// frames up to the stroke told, once a shot (see recordCue): the stroke fit's
// start from rest.
func (k *Tracker) keepLead(tr *track) {
	k.leadKept = true
	for j := min(tr.nh, len(tr.hist)) - 1; j >= 0; j-- {
		if s := tr.hist[(tr.nh-1-j)%len(tr.hist)]; s.t <= k.strikeT && s.t > k.strikeT-(strokeLead+1)*k.dt {
			k.cueLead = append(k.cueLead, s)
		}
	}
}
