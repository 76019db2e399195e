package tracking

import (
	"math"

	"github.com/cueref/cueref/shot"
	"github.com/cueref/cueref/table"
)

// Slow pushes. A slow ball that pushes a ball at rest moves it off at a few
// tens of mm/s: the struck ball's start shows only as a creep of a millimetre
// a frame, and the pusher's way in, slow and slowing, reaches touching distance
// at a shallow angle. The first estimate of such a contact (a start paired
// within a window, a close pass, a nudge) can be off by two or three frames,
// and the refinements that follow (combineContact) only look within two frames
// of it. So at the end of the shot every contact of a moving ball with a ball
// at rest is timed once more over a wide window: by the struck ball's
// detections, at rest on its rest point q until the contact and sliding, then
// rolling, away from it after (the model of restFit), together with the
// pusher's way in, which must bring it within touching distance of q at that
// time (it cannot start before the pusher reaches it). The new time replaces
// the old only when it lies more than pushShift away and explains the
// detections clearly better.
const (
	// pushWide (s) is how far either side of a contact's time the new one is
	// looked for.
	pushWide = 0.1
	// pushShift (frames): a time nearer the old one than this is left to the
	// finer estimates.
	pushShift = 1.5
	// pushGain is how much lower (in units of the noise variance) the new
	// time's misfit must be than the old one's.
	pushGain = 9.0
	// pushOut (s) is how much of the struck ball's way out is fitted, at most
	// (before its next event).
	pushOut = 0.25
	// pushRestLook (s) is how far before the window its rest point is taken.
	pushRestLook = 0.3
	// pushInFit is the most detections of the pusher's way in fitted.
	pushInFit = 8
	// pushModel (mm) is the error allowed the pusher's straight way in, beyond
	// the noise of its fit (it slows as it rolls).
	pushModel = 1.5
	// pushSlow (mm/s): a struck ball sent off faster than this, or struck
	// by a ball faster than twice this, is timed well enough by the finer
	// estimates.
	pushSlow = 300.0
)

// retimePushes times again the contacts of a moving ball with one at rest (see
// above), at the end of the shot.
func (k *Tracker) retimePushes() {
	for ei := range k.events {
		e := &k.events[ei]
		if e.kind != shot.Contact || e.cancel {
			continue
		}
		for _, x := range [2][2]int{{e.b, e.a}, {e.a, e.b}} {
			if tc, ok := k.pushTime(e, x[0], x[1]); ok {
				if k.trace != nil {
					k.trace("%.4f push contact balls %d %d: %.4f -> %.4f", k.lastT, e.ids[0], e.ids[1], e.t, tc)
				}
				e.t = tc
				break
			}
		}
	}
}

// pushTime returns the new time of contact e when track st rested until it and
// track mv pushed it (see retimePushes); ok is false when there is none.
func (k *Tracker) pushTime(e *pevent, st, mv int) (float64, bool) {
	if st < 0 || mv < 0 || st == mv {
		return 0, false
	}
	ss, ms := k.tracks[st].slog, k.tracks[mv].slog
	lo, hi := e.t-pushWide, e.t+pushWide
	// At rest before the window, on q.
	var rest []sample
	for _, x := range ss {
		if x.t > lo-pushRestLook && x.t <= lo {
			rest = append(rest, x)
		}
	}
	q, ok := k.restMean(rest)
	if !ok || k.creeping(rest) { // pushguard.go
		return 0, false
	}
	// Its detections since, up to its next event.
	next := math.Min(hi+pushOut, k.nextEvent(st, e))
	var out []sample
	for _, x := range ss {
		if x.t > lo && x.t < next-0.5*k.dt {
			out = append(out, x)
		}
	}
	if len(out) < 2*restFitMin {
		return 0, false
	}
	// The pusher's way in: its detections before it came near q, since its
	// last event before.
	prev := k.prevEvent(mv, e)
	gate := 2*k.R + 2*k.cfg.SigmaMoving + 1
	var in []sample
	for _, x := range ms {
		if x.t <= prev || x.t >= hi {
			continue
		}
		if x.p.Dist(q) < gate {
			break
		}
		in = append(in, x)
	}
	in = in[max(0, len(in)-pushInFit):]
	if len(in) < 4 {
		return 0, false
	}
	line := fitLine(in)
	vin := line.vel(line.hi)
	if c := q.Sub(line.at(line.hi)); vin.Len() < 20 || c.Dot(vin) < 20*c.Len() {
		return 0, false // the other ball was not moving: not a push
	}
	var rss float64
	for _, x := range in {
		d := x.p.Sub(line.at(x.t))
		rss += d.Dot(d)
	}
	sigIn := math.Max(k.noise(vin.Len()), math.Sqrt(rss/float64(max(1, 2*len(in)-4))))
	// Where the struck ball went: along the line of centres, roughly.
	far := out[len(out)-1].p.Sub(q)
	sig := k.cfg.Sigma
	if far.Len() < 4*sig+2 {
		return 0, false
	}
	u := far.Scale(1 / far.Len())
	// Touching distance: the pusher's line within 2R of q at t, within its
	// noise.
	pushMiss := func(t float64) float64 {
		d := line.at(t).Dist(q) - 2*k.R
		h := fitLeverage(in, &line, t, false)
		s2 := sigIn*sigIn*h + pushModel*pushModel + restVar
		return d * d / s2
	}
	cost := func(t float64) float64 {
		c, _, ok := wayOutMisfit(q, u, out, t, sig, k.cfg.SlideDecel)
		if !ok {
			return math.Inf(1)
		}
		return c + pushMiss(t)
	}
	// Before the pusher's line reaches q it cannot have pushed it.
	at := still(q, lo)
	first, _, hit := firstWithin(&line, &at, 2*k.R, lo, hi)
	if !hit || first <= lo {
		return 0, false
	}
	// Within three standard errors of the line's own time, at the speed the
	// gap closed.
	c := q.Sub(line.at(first))
	vc := math.Max(c.Dot(line.vel(first))/c.Len(), 20)
	h := fitLeverage(in, &line, first, false)
	a := math.Max(lo, first-3*math.Sqrt(sigIn*sigIn*h+pushModel*pushModel+restVar)/vc)
	best, bc := e.t, math.Inf(1)
	for t := a; t <= hi; t += k.dt / 20 {
		if c := cost(t); c < bc {
			best, bc = t, c
		}
	}
	if math.IsInf(bc, 1) || math.Abs(best-e.t) <= pushShift*k.dt || best < a+k.dt/10 || best > hi-k.dt/2 {
		return 0, false
	}
	old := cost(e.t)
	if _, v0, _ := wayOutMisfit(q, u, out, best, sig, k.cfg.SlideDecel); v0 > pushSlow || vin.Len() > 2*pushSlow {
		return 0, false
	}
	if k.trace != nil {
		k.trace("%.4f push try tracks %d<-%d at %.4f: best %.4f cost %.1f old %.1f (in %d, out %d, v %.0f)", k.lastT, st, mv, e.t, best, bc, old, len(in), len(out), vin.Len())
	}
	if old-bc < pushGain*pushScale(bc, len(out)) { // pushguard.go
		return 0, false
	}
	return best, true
}

// nextEvent returns the time of track i's first contact or cushion after e (∞
// if none).
func (k *Tracker) nextEvent(i int, e *pevent) float64 {
	next := math.Inf(1)
	for j := range k.events {
		o := &k.events[j]
		if o == e || o.cancel || o.t <= e.t {
			continue
		}
		if o.hits(i) {
			next = math.Min(next, o.t)
		}
	}
	return next
}

// prevEvent returns the time of track i's last contact or cushion before e
// (−∞ if none).
func (k *Tracker) prevEvent(i int, e *pevent) float64 {
	return k.lastEventOf(i, e.t-0.5*k.dt, e)
}

// wayOutMisfit is the misfit (in units of sig²) of detections out of a ball
// that rested at q until t and then slid, then rolled, along u (restFit's
// model, its start speed and deceleration fitted, the deceleration with a prior
// about slide): at rest before t, on its way after.
func wayOutMisfit(q, u table.Point, out []sample, t, sig, slide float64) (float64, float64, bool) {
	prior := (sig / decelPrior) * (sig / decelPrior)
	var s [64]float64
	n := min(len(out), len(s))
	var c float64
	na := 0
	for i := 0; i < n; i++ {
		d := out[i].p.Sub(q)
		s[i] = d.Dot(u)
		if out[i].t <= t {
			c += s[i] * s[i]
		} else {
			na++
		}
	}
	if na < restFitMin {
		return 0, 0, false
	}
	v0, d, ok := restSolve(out[:n], s[:n], t, prior, slide, func(i int) bool { return out[i].t > t })
	if !ok || v0 <= 0 {
		return 0, 0, false
	}
	ts := math.Inf(1)
	if d > 0 {
		ts = 2 * v0 / (7 * d)
	}
	for i := 0; i < n; i++ {
		if out[i].t <= t {
			continue
		}
		g, h, kk := restBasis(out[i].t-t, ts)
		r := s[i] - (v0*g - d*h - kk)
		c += r * r
	}
	c += prior * (d - slide) * (d - slide)
	return c / (sig * sig), v0, true
}

// Partners. A ball struck from rest leaves along the line of centres (the
// impulse between smooth balls is along it; throw turns it a degree or two):
// the ball that struck it was touching it at q − 2R·u at the contact, u the
// direction of its way out. In a pack, where several balls move at once, the
// pairing of starts by time alone may name a neighbour that never touched it;
// the one on that line did.
const (
	// partnerOff (mm): a told partner this far from where the striker must
	// have been is looked at again.
	partnerOff = 25.0
	// partnerNear (mm): another ball this near that point took its place.
	partnerNear = 10.0
	// partnerWay (mm): how far out the struck ball's way must be seen to
	// give its direction.
	partnerWay = 8.0
)

// fixPartners names again the partner of the contacts with a ball struck from
// rest whose partner was not on its line of centres (see above).
func (k *Tracker) fixPartners() {
	for ei := range k.events {
		e := &k.events[ei]
		if e.kind != shot.Contact || e.cancel {
			continue
		}
		for _, x := range [2][2]int{{e.b, e.a}, {e.a, e.b}} {
			st, pt := x[0], x[1]
			if pt == k.strikeTr && k.firstOfCue(e) {
				continue // the first contact is firstByPath's to judge (rule 3.8)
			}
			if k.rackPassed(st, e.t) {
				continue // it passed the push on: its way out is not its striker's line (rackpush.go)
			}
			lp, ok := k.linePartner(e, st, pt)
			if !ok {
				continue
			}
			// A partner ahead of the struck ball (along its way out) may
			// have been struck by it in turn, a moment after: kept. A
			// contact of the struck ball with the one on its line told
			// already is the same contact.
			told := k.contactTold(st, lp.o, e.t, nudgeTold)
			if k.trace != nil {
				k.trace("%.4f partner contact balls %d %d at %.4f: struck %d, partner %d off %.1f mm (%.1f along), track %d ball %d %.1f mm, told %v",
					k.lastT, e.ids[0], e.ids[1], e.t, k.tracks[st].ball, k.tracks[pt].ball, lp.dp, lp.along, lp.o, k.tracks[lp.o].ball, lp.do, told)
			}
			if lp.along < 0 && told && k.coneTold(st, lp.o, e.t) {
				// The cone told it (presscone.go): this one is it, named
				// with a wrong partner.
				e.cancel = true
				break
			}
			if lp.along >= 0 || told {
				continue
			}
			if e.a == pt {
				e.a, e.ids[0] = lp.o, k.tracks[lp.o].ball
			} else {
				e.b, e.ids[1] = lp.o, k.tracks[lp.o].ball
			}
			e.at = lp.at
			break
		}
	}
}

// firstOfCue reports whether contact e is the cue ball's first of the shot.
func (k *Tracker) firstOfCue(e *pevent) bool {
	for i := range k.events {
		o := &k.events[i]
		if o != e && o.kind == shot.Contact && !o.cancel && o.t < e.t && (o.a == k.strikeTr || o.b == k.strikeTr) {
			return false
		}
	}
	return true
}

// linePart is what linePartner finds: track o was do mm from where the
// striker must have been, the told partner dp mm, along mm of it ahead of the
// struck ball's rest point on its way out; at is the contact point.
type linePart struct {
	o             int
	dp, do, along float64
	at            table.Point
}

// linePartner returns the track on struck track st's line of centres at
// contact e (see fixPartners) when the told partner pt was not there.
func (k *Tracker) linePartner(e *pevent, st, pt int) (linePart, bool) {
	var lp linePart
	if st < 0 || pt < 0 {
		return lp, false
	}
	ss := k.tracks[st].slog
	var rest []sample
	for _, x := range ss {
		if x.t > e.t-pushRestLook && x.t <= e.t-k.dt {
			rest = append(rest, x)
		}
	}
	q, good := k.restMean(rest[max(0, len(rest)-10):])
	if !good {
		return lp, false
	}
	next := math.Min(e.t+pushOut, k.nextEvent(st, e))
	var u table.Point
	for _, x := range ss {
		if x.t <= e.t || x.t >= next {
			continue
		}
		if d := x.p.Sub(q); d.Len() >= partnerWay {
			u = d.Scale(1 / d.Len())
			break
		}
	}
	if u.Len() == 0 {
		return lp, false
	}
	want := q.Sub(u.Scale(2 * k.R))
	pp, seen := k.posAt(pt, e.t)
	if !seen {
		return lp, false
	}
	lp.dp = pp.Dist(want)
	if lp.dp < partnerOff {
		return lp, false
	}
	lp.o, lp.do = -1, math.Inf(1)
	for j := range k.tracks {
		if j == st || j == pt || !k.tracks[j].used || !k.tracks[j].confirmed {
			continue
		}
		if p, seen := k.posAt(j, e.t); seen && p.Dist(want) < lp.do {
			lp.o, lp.do = j, p.Dist(want)
		}
	}
	if lp.o < 0 || lp.do > partnerNear {
		return lp, false
	}
	lp.along = pp.Sub(q).Dot(u)
	lp.at = q.Sub(u.Scale(k.R))
	return lp, true
}

// posAt returns where track i was at t, between its detections of the shot
// (within two frames of t).
func (k *Tracker) posAt(i int, t float64) (table.Point, bool) {
	s := k.tracks[i].slog
	j := 0
	for j < len(s) && s[j].t < t {
		j++
	}
	switch {
	case j > 0 && j < len(s) && s[j].t-s[j-1].t < 3*k.dt:
		a, b := s[j-1], s[j]
		f := (t - a.t) / (b.t - a.t)
		return a.p.Add(b.p.Sub(a.p).Scale(f)), true
	case j > 0 && t-s[j-1].t < 2*k.dt:
		return s[j-1].p, true
	case j < len(s) && s[j].t-t < 2*k.dt:
		return s[j].p, true
	}
	return table.Point{}, false
}
