package tracking

import (
	"math"

	"github.com/cueref/cueref/shot"
	"github.com/cueref/cueref/table"
)

// Close passes: contacts that no start or break of a path explains.
//
// The pairing of starts and breaks (explain, pair) needs a ball's path to show a
// change beyond the noise before it looks for the other ball. Two kinds of
// contact slip through it:
//
//   - Two moving balls that meet at a slow closing speed: each path bends by
//     a few hundred mm/s, absorbed a detection at a time into the fitted path.
//   - A slow ball that nudges a ball at rest: the struck ball creeps a
//     centimetre or two, and its rest point is moved with it (checkRest's
//     running mean, update's shift) without a start.
//
// So each frame of a shot, any two balls whose detections come within touching
// distance (a moving ball and another moving ball, or a ball at rest) are noted
// as a close pass, and looked at again once the detections after it are in:
// two moving balls touched when both velocities changed at that instant, by
// about equal and opposite amounts along the line of centres (the momentum of
// equal masses is kept, the impulse is along the line of centres); a ball at
// rest was touched when it ended up off its rest point, moved away from the
// other ball along the line of centres.

// pass is a close pass of tracks a (moving) and b.
type pass struct {
	a, b  int
	t     float64     // time of the closest detections
	d     float64     // their distance (mm)
	first float64     // the first time they were close
	last  float64     // the last time they were close
	done  bool        // judged
	rest  bool        // b was at rest
	at    table.Point // b's rest point when it was at rest
	// long: two moving balls the first look did not tell a contact of,
	// waiting for the detections of the long look (passlong.go).
	long bool
}

// Settings of the close passes.
const (
	// passGate (mm) is the gap between the balls' detections, beyond touching,
	// that makes a close pass (plus a part of the closing speed's frame step).
	passGate = 8.0
	// passAfter (s) is how long after a close pass of two moving balls its
	// detections after it are waited for.
	passAfter = 0.13
	// passFit is the most detections each side of the pass fitted.
	passFit = 8
	// passMinDV (mm/s) is the least change of velocity a moving ball must show;
	// passSig the change in standard errors of the fitted velocities.
	passMinDV = 70.0
	passSig   = 3.5
	// passCos is the least cosine between a ball's change of velocity and the
	// line of centres (throw and the slide after the contact turn it a little).
	passCos = 0.75
	// passMomentum bounds |Δva + Δvb| as a share of |Δva| + |Δvb|.
	passMomentum = 0.4
	// nudgeMin (mm) is how far off its rest point a ball at rest must come to
	// rest (the mean of its last detections) to have been touched (nudge.go's
	// rest-point shift uses it too); nudgeWait
	// (s) how long it is watched for that.
	nudgeMin  = 6.0
	nudgeWait = 1.0
	// nudgeCreep (mm/s): a ball seen moving this fast before the pass was not
	// at rest.
	nudgeCreep = 25.0
	// nudgeCos is the least cosine between its way off and the line of centres.
	nudgeCos = 0.8
	// nudgeTold (s): a contact of the pair told this near the pass is the same
	// (the same pair touches again after a bounce off a cushion 50 ms on).
	nudgeTold = 0.035
)

// watchPasses notes the close passes of this frame and judges those whose
// detections after the pass are in (each frame of a shot).
func (k *Tracker) watchPasses() {
	if k.phase != inShot {
		k.passes = k.passes[:0]
		return
	}
	for i := range k.tracks {
		x := &k.tracks[i]
		if !x.used || !x.confirmed || x.gone || !x.moving || !x.seen {
			continue
		}
		for j := range k.tracks {
			y := &k.tracks[j]
			if j == i || !y.used || !y.confirmed || y.gone {
				continue
			}
			var d, vrel float64
			switch {
			case y.moving:
				if j < i || !y.seen {
					continue // each pair of moving balls once
				}
				d = x.last.p.Dist(y.last.p)
				vrel = x.fit.vel(x.last.t).Sub(y.fit.vel(y.last.t)).Len()
			default:
				d = x.last.p.Dist(y.rest)
				vrel = x.fit.vel(x.last.t).Len()
			}
			if d > 2*k.R+passGate+0.6*vrel*k.dt {
				continue
			}
			k.notePass(i, j, d, !y.moving)
		}
	}
	n := 0
	for pi := range k.passes {
		p := &k.passes[pi]
		if !p.done {
			p.done = k.judgePass(p, false)
		}
		// A pass judged is kept while the balls stay close: one pass.
		if !p.done || k.lastT-p.last < 3*k.dt {
			k.passes[n] = *p
			n++
		}
	}
	k.passes = k.passes[:n]
}

// notePass notes a close pass of moving track a and track b at distance d, or
// brings a pass of the pair noted lately closer.
func (k *Tracker) notePass(a, b int, d float64, rest bool) {
	t := k.tracks[a].last.t
	for pi := range k.passes {
		p := &k.passes[pi]
		// A pass with the ball at rest and one after it started are two: the
		// ball struck may come back off a cushion into the other at once.
		if (p.a == a && p.b == b || p.a == b && p.b == a) && p.rest == rest && t-p.last < 3*k.dt {
			p.last = t
			if d < p.d && !p.done {
				p.t, p.d = t, d
			}
			return
		}
	}
	p := pass{a: a, b: b, t: t, d: d, first: t, last: t, rest: rest}
	if rest {
		p.at = k.tracks[b].rest
	}
	k.passes = append(k.passes, p)
}

// judgePass tells the contact of a close pass when the detections show one;
// it reports whether the pass is done with. final says the shot ends: judge now
// on what there is.
func (k *Tracker) judgePass(p *pass, final bool) bool {
	if p.rest {
		return k.judgeNudge(p, final)
	}
	if p.long {
		return k.judgeLong(p, final) // passlong.go
	}
	if k.lastT-p.t < passAfter && !final {
		return false
	}
	if !k.judgeMoving(p) && !final && k.longLook() {
		p.long = true
		return false
	}
	return true
}

// histAround returns track i's detections in (lo, hi), oldest first, in buf.
func (k *Tracker) histAround(i int, lo, hi float64, buf []sample) []sample {
	tr := &k.tracks[i]
	n := min(tr.nh, len(tr.hist))
	out := buf[:0]
	for j := n - 1; j >= 0; j-- {
		s := tr.hist[(tr.nh-1-j)%len(tr.hist)]
		if s.t > lo && s.t < hi {
			out = append(out, s)
		}
	}
	return out
}

// splitAt returns the last passFit detections of s before t and the first
// passFit after it.
func splitAt(s []sample, t float64) (before, after []sample) {
	return splitAtN(s, t, passFit)
}

// splitAtN returns the last n detections of s before t and the first n after it.
func splitAtN(s []sample, t float64, n int) (before, after []sample) {
	j := 0
	for j < len(s) && s[j].t < t {
		j++
	}
	return s[max(0, j-n):j], s[j:min(len(s), j+n)]
}

// spanVar is Σ(τ − τ̄)² of the detections' times: a straight fit's velocity has
// the variance σ²/spanVar.
func spanVar(s []sample) float64 {
	var m float64
	for _, x := range s {
		m += x.t
	}
	m /= float64(len(s))
	var v float64
	for _, x := range s {
		v += (x.t - m) * (x.t - m)
	}
	return v
}

// judgeMoving tells the contact of close pass p of two moving balls when both
// velocities changed at it, equal and opposite along the line of centres.
// The ways in are fitted to the detections before the pass (straight ones:
// see straight), and failing that to those after each ball's last told event
// only: a ball just off a cushion or a contact (the same pair kisses again off
// a cushion) has a way in a few detections long. It reports whether the
// contact was told (or told already).
func (k *Tracker) judgeMoving(p *pass) bool {
	if k.contactTold(p.a, p.b, p.t, nudgeTold) {
		return true
	}
	return k.judgeMovingFrom(p, false, passFit) || k.judgeMovingFrom(p, true, passFit)
}

// judgeMovingFrom is judgeMoving's look at close pass p, on the detections
// after each ball's last told event if bent, fitting up to fit detections
// each side (passFit; more in the long look, passlong.go); it reports whether
// it told the contact.
func (k *Tracker) judgeMovingFrom(p *pass, bent bool, fit int) bool {
	var bufA, bufB [len(track{}.hist)]sample
	lo, hi := p.t-float64(fit+2)*k.dt, p.t+float64(fit+2)*k.dt
	loA, loB, minIn := lo, lo, 4
	hiA, hiB := hi, hi
	if bent {
		loA = math.Max(lo, k.lastBend(p.a, p.t-0.5*k.dt))
		loB = math.Max(lo, k.lastBend(p.b, p.t-0.5*k.dt))
		if loA == lo && loB == lo && fit == passFit {
			return false // no event cut either way in: nothing new to see
		}
		minIn = passMinIn
	}
	if fit > passFit {
		// The long look's ways out end at each ball's next told event.
		hiA, hiB = math.Min(hi, k.nextBend(p.a, p.t+0.5*k.dt)), math.Min(hi, k.nextBend(p.b, p.t+0.5*k.dt))
	}
	sa := k.histAround(p.a, loA, hiA, bufA[:])
	sb := k.histAround(p.b, loB, hiB, bufB[:])
	// The detections nearest the pass may lie either side of the contact:
	// split first around them, then at the contact the paths in give.
	ba, _ := splitAt(sa, p.t-0.5*k.dt)
	bb, _ := splitAt(sb, p.t-0.5*k.dt)
	if len(ba) < minIn || len(bb) < minIn {
		if !bent {
			return false
		}
		// One ball came off a cushion (or a contact) a frame or two before:
		// its way in is too short to fit; the other ball's change tells.
		if len(ba) >= minIn && len(bb) >= 2 {
			return k.judgeOneSided(p, p.a, p.b, sa, sb)
		} else if len(bb) >= minIn && len(ba) >= 2 {
			return k.judgeOneSided(p, p.b, p.a, sb, sa)
		}
		return false
	}
	pa, pb := fitLine(ba), fitLine(bb)
	tlo := p.t - 2*k.dt
	tc, gap, hit := firstWithin(&pa, &pb, 2*k.R, tlo, p.t+1.5*k.dt)
	if !hit && gap > 2*k.cfg.SigmaMoving+2 || hit && tc <= tlo {
		return false // apart, or touching already: no approach to see
	}
	var aa, ab []sample
	var qa, qb path
	fitp := passFitter(fit)
	for it := 0; ; it++ {
		ba, aa = splitAtN(sa, tc, fit)
		bb, ab = splitAtN(sb, tc, fit)
		if len(ba) < minIn || len(bb) < minIn || len(aa) < 4 || len(ab) < 4 {
			return false
		}
		ba, bb = k.straight(ba, true), k.straight(bb, true)
		aa, ab = k.straight(aa, false), k.straight(ab, false)
		pa, pb = fitp(ba), fitp(bb)
		qa, qb = fitp(aa), fitp(ab)
		if it > 1 {
			break
		}
		// Where the ways in and out meet times the contact better than
		// where the ways in first come within touching distance: those
		// take in the detections of a frame or two after it (see
		// longRetime, passlong.go; TestPassRetimed).
		t2, ok := k.longRetime(&pa, &pb, &qa, &qb, tc)
		if !ok {
			break
		}
		tc = t2
	}
	if fit > passFit && pa.at(tc).Dist(pb.at(tc))-2*k.R > 2*k.cfg.SigmaMoving+2 {
		return false // the long look's ways in pass clear of each other
	}
	n := pb.at(tc).Sub(pa.at(tc))
	if l := n.Len(); l > 0 {
		n = n.Scale(1 / l)
	} else {
		return false
	}
	if pa.vel(tc).Sub(pb.vel(tc)).Dot(n) <= 0 {
		return false // not closing
	}
	dva, dvb := qa.vel(tc).Sub(pa.vel(tc)), qb.vel(tc).Sub(pb.vel(tc))
	sm := k.cfg.SigmaMoving
	sigA := sm * math.Sqrt(1/spanVar(ba)+1/spanVar(aa))
	sigB := sm * math.Sqrt(1/spanVar(bb)+1/spanVar(ab))
	la, lb := dva.Len(), dvb.Len()
	// The push along the line of centres, as both balls tell it together.
	push := (dvb.Dot(n) - dva.Dot(n)) / 2
	minDV := passMinDV
	if fit > passFit {
		minDV = passLongMinDV
	}
	ok := la >= math.Max(minDV, 2*sigA) && lb >= math.Max(minDV, 2*sigB) && push >= passSig*math.Hypot(sigA, sigB)/2 &&
		dva.Dot(n) <= -passCos*la && dvb.Dot(n) >= passCos*lb &&
		dva.Add(dvb).Len() <= passMomentum*(la+lb)+2*math.Hypot(sigA, sigB)
	if k.trace != nil {
		k.trace("%.4f close pass tracks %d %d at %.4f: Δv %.0f %.0f (σ %.0f %.0f) along %.2f %.2f, sum %.0f: %v (balls %d %d, fit %d, push %.0f)",
			k.lastT, p.a, p.b, tc, la, lb, sigA, sigB, -dva.Dot(n)/la, dvb.Dot(n)/lb, dva.Add(dvb).Len(), ok, k.tracks[p.a].ball, k.tracks[p.b].ball, fit, push)
	}
	if !ok {
		return false
	}
	if e := k.contact(p.a, p.b, tc, &pa, &pb, false); e != nil {
		e.byPass = true
	}
	return true
}

// passOneSig is the least push along the line of centres, in standard errors
// of its fitted change of velocity, the one ball of a close pass whose way in
// can be fitted must show when the other's way in is two detections long.
const passOneSig = 5.0

// judgeOneSided tells the contact of close pass p of two moving balls from
// ball x's change of velocity alone (sx, sy: the detections of x and y about
// the pass, from their last told events on), when y's way in is too short to
// fit, just off a cushion or another ball, and reports whether it told it. The detection nearest the pass may
// lie either side of the contact and is left out; the contact is timed when
// the paths out of it part at touching distance. x's velocity must change by
// far more than its noise, away from y along the line of centres, x's way in
// and y's two detections must close, and no other event of x may explain
// the change.
func (k *Tracker) judgeOneSided(p *pass, x, y int, sx, sy []sample) bool {
	bx, _ := splitAt(sx, p.t-0.5*k.dt)
	_, ax := splitAt(sx, p.t+0.5*k.dt)
	_, ay := splitAt(sy, p.t+0.5*k.dt)
	if len(bx) < passMinIn || len(ax) < 4 || len(ay) < 4 {
		return false
	}
	bx, ax, ay = k.straight(bx, true), k.straight(ax, false), k.straight(ay, false)
	px, qx, qy := fitLine(bx), fitLine(ax), fitLine(ay)
	// The last time the paths out were touching.
	tc, found := 0.0, false
	for t := p.t + 1.5*k.dt; t >= p.t-1.5*k.dt; t -= gridStep {
		if qx.at(t).Dist(qy.at(t)) <= 2*k.R {
			tc, found = t, true
			break
		}
	}
	if !found {
		return false
	}
	n := qy.at(tc).Sub(px.at(tc))
	l := n.Len()
	if l == 0 || math.Abs(l-2*k.R) > 2*k.cfg.SigmaMoving+2 {
		return false // x's way in does not reach y there
	}
	n = n.Scale(1 / l)
	dvx := qx.vel(tc).Sub(px.vel(tc))
	sig := k.cfg.SigmaMoving * math.Sqrt(1/spanVar(bx)+1/spanVar(ax))
	lx, push := dvx.Len(), -dvx.Dot(n)
	by, _ := splitAt(sy, p.t-0.5*k.dt) // two detections at least (judgeMoving)
	py := fitLine(by)
	closing := px.vel(tc).Sub(py.vel(tc)).Dot(n)
	ok := lx >= math.Max(2*passMinDV, 3*sig) && push >= passOneSig*sig && push >= passCos*lx &&
		closing > 0 && !k.bentNear(x, y, tc)
	if k.trace != nil {
		k.trace("%.4f close pass tracks %d %d at %.4f, one-sided: Δv %.0f (σ %.0f) push %.0f, closing %.0f: %v",
			k.lastT, x, y, tc, lx, sig, push, closing, ok)
	}
	if !ok {
		return false
	}
	if e := k.contact(x, y, tc, &px, &py, false); e != nil {
		e.byPass = true
	}
	return true
}

// bentNear reports whether an event of track x other than a contact with y
// (a cushion hit, a contact with another ball) was told within three frames of
// t: it, not y, may have changed x's velocity.
func (k *Tracker) bentNear(x, y int, t float64) bool {
	for j := range k.events {
		e := &k.events[j]
		if e.cancel || math.Abs(e.t-t) > 3*k.dt || e.kind != shot.Contact && e.kind != shot.RailHit {
			continue
		}
		if e.a == x && (e.kind != shot.Contact || e.b != y) || e.kind == shot.Contact && e.b == x && e.a != y {
			return true
		}
	}
	return false
}

// judgeNudge tells the contact of close pass p of a moving ball with a ball at
// rest when the ball at rest has come off its rest point, away from the moving
// one along the line of centres; it reports whether p is done with.
func (k *Tracker) judgeNudge(p *pass, final bool) bool {
	if k.lastT-p.t > nudgeWait {
		return true
	}
	y := &k.tracks[p.b]
	if y.gone || y.startT > p.first-k.dt || k.contactTold(p.a, p.b, p.t, nudgeTold) {
		k.lateNudge(p) // railnudge.go: unless seen too late to be
		return true    // started: a start is paired by explain
	}
	if y.moving || y.npend > 0 {
		return final
	}
	if told, wait := k.backedKiss(p, final); told || wait {
		return told // held by a cushion, it could not give way (kissrail.go)
	}
	var buf [len(track{}.hist)]sample
	after := k.histAround(p.b, p.t+k.dt, math.Inf(1), buf[:])
	if len(after) < 3 {
		return final
	}
	after = after[max(0, len(after)-6):]
	m, ok := k.restMean(after)
	if !ok {
		return final
	}
	// At rest before the pass, where it rested.
	var bufB [len(track{}.hist)]sample
	before := k.histAround(p.b, p.first-nudgeWait, p.first-0.5*k.dt, bufB[:])
	before = before[max(0, len(before)-10):]
	m0, ok := k.restMean(before)
	if len(before) < 3 {
		m0, ok = p.at, true // unseen before the pass: its rest point
	}
	if !ok || m0.Dist(p.at) > 2*k.cfg.Sigma+1 || len(before) >= 4 && fitLine(before).b.Len() > nudgeCreep {
		if k.trace != nil {
			k.trace("%.4f nudge tracks %d %d at %.4f: not at rest before (%d detections, %v, %.1f mm off)", k.lastT, p.a, p.b, p.t, len(before), ok, m0.Dist(p.at))
		}
		if k.restedAt(before, p.at) {
			return final // read at two places: its start may be seen late (railnudge.go)
		}
		return true // not at rest before the pass: creeping on from an earlier contact
	}
	way := m.Sub(m0)
	if way.Len() < nudgeMin {
		return final
	}
	nm, found := k.meetNudge(p, way)
	if !found {
		return true
	}
	pa, pb, tc, gap, n, l := nm.pa, nm.pb, nm.tc, nm.gap, nm.n, nm.l
	ok = nm.ok
	if k.trace != nil {
		k.trace("%.4f nudge tracks %d %d at %.4f: off rest %.1f mm, gap %.1f, along %.2f, closing %.0f mm/s, first %.4f: %v", k.lastT, p.a, p.b, tc, way.Len(), gap, way.Dot(n)/(way.Len()*l), pa.vel(tc).Dot(n)/l, p.first, ok)
	}
	if !ok || k.contactTold(p.a, p.b, tc, nudgeTold) || k.otherContact(p.a, p.b, p.first-3*k.dt, math.Max(tc, p.t)+2*k.dt) {
		return true // or the moving ball's way in bent at another ball first
	}
	// Timed by the detections that reached touching distance (nudgetime.go).
	if t, ok := k.nudgeTime(p.a, p.at, p.first-float64(passFit)*k.dt, p.t+k.dt); ok && k.nudgeNear(t, tc, pa.vel(tc).Dot(n)/l) {
		if k.trace != nil {
			k.trace("%.4f nudge tracks %d %d: timed %.4f -> %.4f by the detections", k.lastT, p.a, p.b, tc, t)
		}
		tc = t
	}
	// Its way off is told by this contact, not a touch.
	for ei := range k.events {
		if e := &k.events[ei]; e.kind == shot.Touch && e.a == p.b && !e.cancel && e.t > tc-0.05 && e.t < tc+nudgeWait {
			e.cancel = true
		}
	}
	if e := k.contact(p.a, p.b, tc, &pa, &pb, false); e != nil {
		e.byPass = true
	}
	return true
}

// passMinIn is the fewest detections a ball's way into a close pass of two
// moving balls is fitted to.
const passMinIn = 3

// lastBend returns the time just after the last event told of track i before
// t (a cushion hit or a contact): its path runs straight from there (−Inf:
// none).
func (k *Tracker) lastBend(i int, t float64) float64 {
	last := math.Inf(-1)
	for j := range k.events {
		e := &k.events[j]
		if e.cancel || e.t >= t || e.kind != shot.Contact && e.kind != shot.RailHit {
			continue
		}
		if e.a == i || e.kind == shot.Contact && e.b == i {
			last = math.Max(last, e.t+0.5*k.dt)
		}
	}
	return last
}

// contactTold reports whether a contact of tracks a and b was told within win of t.
func (k *Tracker) contactTold(a, b int, t, win float64) bool {
	for i := range k.events {
		e := &k.events[i]
		if e.kind == shot.Contact && !e.cancel && math.Abs(e.t-t) < win && (e.a == a && e.b == b || e.a == b && e.b == a) {
			return true
		}
	}
	return false
}

// endPasses judges the close passes still open when the shot ends.
func (k *Tracker) endPasses() {
	for pi := range k.passes {
		if p := &k.passes[pi]; !p.done {
			k.judgePass(p, true)
		}
	}
	k.passes = k.passes[:0]
}

// restMean returns the mean of detections s when they are those of a ball at rest:
// at least three, all within the noise of their mean.
func (k *Tracker) restMean(s []sample) (table.Point, bool) {
	if len(s) < 3 {
		return table.Point{}, false
	}
	var m table.Point
	for _, x := range s {
		m = m.Add(x.p)
	}
	m = m.Scale(1 / float64(len(s)))
	for _, x := range s {
		if x.p.Dist(m) > 3*k.cfg.Sigma+1 {
			return m, false
		}
	}
	return m, true
}

// straight returns the detections of s on one straight path next to a close
// pass: passFit of them at most, fewer when a straight fit of them strays
// beyond the noise (a cushion or another ball bent the path just before or
// after). before says s leads into the pass (its end is kept), else out of it.
func (k *Tracker) straight(s []sample, before bool) []sample {
	lim := 2 * k.cfg.SigmaMoving * k.cfg.SigmaMoving
	for len(s) > 4 {
		f := fitLine(s)
		var ss float64
		for _, x := range s {
			d := x.p.Sub(f.at(x.t))
			ss += d.Dot(d)
		}
		if ss/float64(len(s)) <= 2*lim {
			break
		}
		if before {
			s = s[1:]
		} else {
			s = s[:len(s)-1]
		}
	}
	return s
}

// replacePass cancels the contacts told from close passes that contact e, found
// from the paths' changes, tells again (see addEvent).
func (k *Tracker) replacePass(e *pevent) {
	for i := range k.events {
		x := &k.events[i]
		if x.kind == shot.Contact && x.byPass && !x.cancel && math.Abs(x.t-e.t) < nudgeTold &&
			(x.a == e.a && x.b == e.b || x.a == e.b && x.b == e.a) {
			x.cancel = true
		}
	}
}

// otherContact reports whether a contact of track a with a track other than b
// was told within [lo, hi].
func (k *Tracker) otherContact(a, b int, lo, hi float64) bool {
	for i := range k.events {
		e := &k.events[i]
		if e.kind == shot.Contact && !e.cancel && e.t >= lo && e.t <= hi && (e.a == a && e.b != b || e.b == a && e.a != b) {
			return true
		}
	}
	return false
}

// nudgeMeet is what meetNudge found of a pass: the mover's fitted way in pa
// and the resting ball's place pb, when pa came within 2R of it (tc; gap
// when it never did), along n (length l) at tc, and whether that makes the
// nudge of a ball gone off its rest point along way (ok).
type nudgeMeet struct {
	pa, pb  path
	tc, gap float64
	n       table.Point
	l       float64
	ok      bool
}

// meetNudge fits pass p's moving ball's way in from its detections before
// the pass and times when it met the resting ball's place (see nudgeMeet);
// found is false when too few detections lie before the pass.
func (k *Tracker) meetNudge(p *pass, way table.Point) (m nudgeMeet, found bool) {
	var bufA [len(track{}.hist)]sample
	sa := k.histAround(p.a, p.first-float64(passFit+2)*k.dt, p.first+2*k.dt, bufA[:])
	ba, _ := splitAt(sa, p.first+0.5*k.dt)
	if len(ba) < 3 {
		return m, false
	}
	m.pa = fitLine(k.straight(ba, true))
	m.pb = still(p.at, p.t)
	tlo := p.first - 3*k.dt
	var hit bool
	m.tc, m.gap, hit = firstWithin(&m.pa, &m.pb, 2*k.R, tlo, p.t+1.5*k.dt)
	m.n = p.at.Sub(m.pa.at(m.tc))
	m.l = m.n.Len()
	m.ok = (hit && m.tc > tlo || !hit && m.gap <= 2*k.cfg.SigmaMoving+2) && m.l > 0 && m.pa.vel(m.tc).Dot(m.n) > 0 && way.Dot(m.n) >= nudgeCos*way.Len()*m.l
	return m, true
}
