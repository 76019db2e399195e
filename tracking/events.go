package tracking

import (
	"fmt"
	"math"
	"sort"

	"github.com/cueref/cueref/shot"
	"github.com/cueref/cueref/table"
)

// seemedStop (s): a ball of the shot off again this soon after it came to rest,
// with no ball near it, had not stopped (explain).
const seemedStop = 0.1

// holdFrames is how long a start or break waits for the change that explains it.
const holdFrames = 3

// chgKeep (s) is how long a change is kept after it began, done or not (and 12
// frames at least). In frames it lost the starts a slow cue ball's start
// explains at 120 fps, where the cue ball's start is seen 0.1–0.2 s late.
const chgKeep = 0.3

// explain pairs the starts and breaks of ball paths into contacts, cushions and
// touches.
func (k *Tracker) explain(t float64) {
	for ci := range k.chg {
		c := &k.chg[ci]
		if c.done {
			continue
		}
		tr := &k.tracks[c.tr]
		if !tr.used || !tr.confirmed {
			c.done = true
			continue
		}
		if k.phase == idle {
			continue // strikes, lags and touches between shots: advance
		}
		if k.phase == inLag && c.start && k.frame-c.frame < holdFrames {
			// The second lag ball starting.
			tr.moved = true
			c.done = true
			continue
		}
		if k.behindStroke(ci) || k.frozenStart(ci) || k.pair(ci) { // behindStroke: cueaway.go
			continue
		}
		if !c.start && k.railHit(ci) {
			continue
		}
		if k.frame-c.frame < holdFrames {
			continue
		}
		if !c.start && k.pairResting(ci) {
			continue
		}
		if !c.start {
			// A bend in a pocket's mouth: off a jaw.
			if lo, hi := k.window(c); hi-lo < 0.3 && k.jawEvent(c.tr, &c.in, lo, hi, c.gap, "") {
				c.done = true
				k.tracks[c.tr].moved = true
				continue
			}
		}
		c.done = true
		if !c.start || k.phase != inShot {
			continue // an unexplained bend: swerve, a jaw, noise
		}
		if k.inheritedRest(c) {
			continue // the cue ball never came to rest: no stroke, no touch (swaprest.go)
		}
		if tr.ball == 0 && !c.slow && (c.tr != k.strikeTr || c.t-tr.restT > 0.3) {
			// The cue ball struck again after it came to rest while others still
			// roll: a new stroke (rule 1.12 is for the rules to judge).
			if k.frame-c.frame < cueStartWait && k.provTouched(c.tr, c.t) {
				c.done = false // a ball told touching it may explain it (strokewait.go)
				continue
			}
			if k.cuePushed(c) { // cuepushed.go
				continue
			}
			k.endShot(c.t, false)
			k.beginShot(ci)
			continue
		}
		if tr.moved && c.t-tr.restT < 1.5 && tr.fit.vel(c.first.t).Len() < 200 {
			// It had only seemed to stop: a slow ball creeping on.
			continue
		}
		if tr.moved && k.nearbyMover(c, 2*k.R+40, 5, nil) < 0 && k.rolledOn(c) {
			continue // it had only seemed to stop: its reads stalled (rolledon.go)
		}
		if tr.moved && c.t-tr.restT < seemedStop && k.nearbyMover(c, 2*k.R+40, 5, nil) < 0 {
			// Off again a few frames after it came to rest, with no ball near
			// it: it had only seemed to stop (a rest read into a slowing
			// ball's noise), whatever its speed; no hand is that quick.
			continue
		}
		if k.frame-c.frame < 12 && tr.moving && (tr.nhead < 4 || tr.head[tr.nhead-1].p.Dist(c.in.a) < 15) {
			c.done = false // not yet clear it moves at all: wait a little longer
			continue
		}
		if k.goneStart(ci) {
			continue // gonestart.go: gone at once, with no ball near
		}
		if !tr.moving || tr.head[0].t != c.first.t && tr.nhead > 0 && k.frame-c.frame < 12 && !k.unmetBend(c) { // unmetbend.go
			if !tr.moving {
				// Crept off a few millimetres and stopped: nudged, if a ball
				// that moved came to touch it (see nudged).
				k.nudged(c.tr, c.in.a, tr.rest, c.first.t)
			}
			continue // it stopped again at once, or moved on by a contact: no touch
		}
		// Before calling it a touch (a foul), any ball that passed close by at
		// about that time is taken to have hit it, timed roughly.
		if o := k.nearbyMover(c, 2*k.R+40, 5, k.leftAfter); o >= 0 {
			po := k.pathUntil(&k.tracks[o], c.t)
			if ot := &k.tracks[o]; !ot.moving && ot.restT <= c.t {
				// At rest then: its last path, run on to now, is far off.
				po = still(ot.rest, c.t)
			}
			k.restContact(k.contact(c.tr, o, c.t, &c.in, &po, true), c, o, &po)
			continue
		}
		o, d := k.nearestSeen(c, 12, true)
		if o < 0 || d >= 2*k.R+25 {
			o, d = k.nearestSeen(c, 12, false)
		}
		if o >= 0 && d < 2*k.R+25 {
			// A ball seen passing about a diameter away a few frames from the
			// start: a contact whose paths were too short or too noisy to solve.
			// One moving then before one at rest all the while: camera model
			// at 30 fps, seed 27, 9-ball shot 223, the 1's start, its pairing
			// with the cue ball missed, was put to a contact with the 9,
			// resting 64.1 mm from it, nearer than the cue ball's nearest read
			// (65.7 mm, at 3 m/s) as it met the 1: a wrong-ball foul for a
			// legal pot, unasked (TestRestNotMet).
			po := k.pathUntil(&k.tracks[o], c.t)
			if ot := &k.tracks[o]; !ot.moving && ot.restT <= c.t {
				// At rest then: its last path, run on to now, is far off.
				po = still(ot.rest, c.t)
			}
			k.restContact(k.contact(c.tr, o, c.t, &c.in, &po, true), c, o, &po)
			continue
		}
		if k.phantom(c.tr) || k.jumpStill(c) /* jumpstill.go */ {
			continue // no ball is left for it (see phantom), or it jumped and stood: not a ball's start
		}
		tr.moved = true
		if why, o := k.weakTouch(c); why != "" {
			// Not enough to call a foul on: a person decides (rule 1.19 needs
			// the touch to be seen).
			k.addWeak(c, why, k.stillTouch(c.tr, tr.ball, touchReader(tr.ball, o, c.t-k.strikeT))) // weakback.go, stilltouch.go
			if k.trace != nil {
				k.trace("%.4f touch track %d ball %d not told: %s", k.lastT, c.tr, tr.ball, why)
			}
			continue
		}
		if k.shortRestTouch(c) {
			continue // touchflip.go: too short a rest for a touch to be told
		}
		// still: if the ball ends the shot where it rested, it never moved
		// (a detection that jumped and came back) and endShot drops it.
		k.addEvent(pevent{t: c.t, kind: shot.Touch, a: c.tr, unseen: c.gap, still: c.tr, stillAt: c.in.a})
	}
	// Forget changes that can no longer be paired: kept chgKeep after they
	// began, so that a slow start of the cue ball, seen late, still finds the
	// starts it explains (advance).
	n, keep := 0, max(12, int(math.Ceil(chgKeep/k.dt)))
	wait := k.throughWaitT() - k.dt // throughwait.go
	for _, c := range k.chg {
		if !c.done || k.frame-c.frame < keep || c.t >= wait {
			k.chg[n] = c
			n++
		}
	}
	k.chg = k.chg[:n]
}

// window is the time span in which the event behind a change happened.
func (k *Tracker) window(c *change) (float64, float64) {
	if c.start {
		return math.Min(c.t-2.5*k.dt-c.slack, c.lastIn-1.5*k.dt), c.t + 1.5*k.dt + c.slack/3
	}
	return math.Min(c.t, c.lastIn) - 1.5*k.dt, math.Max(c.t, c.first.t) + 0.5*k.dt
}

// incoming returns the path a track followed around time t, when the change
// `self` (a start if selfStart) happened to another ball: the path before its own
// change at about t (the same contact), but when both changes are starts from rest
// the other ball must have been moving already: its path after its start. Without
// a change of its own, its current path if that began before t. start reports
// that the returned path is the track at rest.
func (k *Tracker) incoming(oi int, t float64, self int, selfStart bool) (p path, oc int, start, ok bool) {
	best, bd := -1, 2.5*k.dt
	for cj := range k.chg {
		if cj == self || k.chg[cj].tr != oi {
			continue
		}
		if d := math.Abs(k.chg[cj].t - t); d < bd {
			best, bd = cj, d
		}
	}
	if best < 0 && selfStart && self >= 0 {
		// A start timed late (its reads zig-zagged off a cushion it was
		// driven into): the other ball's break inside the start's window,
		// before it and not yet explained, when its way in reached the ball
		// at that break (the break was the contact: its way in says nothing
		// of later). Rendered 9-ball, seed 64, shot 33: the cue ball's break
		// lay 42 ms before the start of the 2 it hit
		// (TestStartTimedLateByCushion).
		c := &k.chg[self]
		lo, _ := k.window(c)
		for cj := range k.chg {
			x := &k.chg[cj]
			if cj != self && x.tr == oi && !x.start && !x.done && x.t >= lo && x.t < t && (best < 0 || x.t > k.chg[best].t) {
				if tc, _, hit := firstWithin(&c.in, &x.in, 2*k.R, lo, x.t+k.dt); hit && tc >= x.t-k.dt/2 {
					best = cj
				}
			}
		}
	}
	if best < 0 {
		// A break of its path found late (a slow, bending contact): its path
		// in still ran at t.
		for cj := range k.chg {
			x := &k.chg[cj]
			if cj != self && x.tr == oi && !x.start && x.t > t && x.t-t < 6*k.dt && x.lastIn >= t-2*k.dt && x.in.n >= 2 {
				best = cj
				break
			}
		}
	}
	o := &k.tracks[oi]
	if best >= 0 {
		c := &k.chg[best]
		if c.start && selfStart {
			if c.t < t && o.moving && len(o.seg) >= 2 {
				return k.pathUntil(o, t), -1, false, true
			}
			return path{}, -1, false, false
		}
		return c.in, best, c.start, true
	}
	if k.wasMoving(o, t) && len(o.seg) >= 2 && o.seg[0].t < t+k.dt {
		return k.pathUntil(o, t), -1, false, true
	}
	return path{}, -1, false, false
}

// wasMoving reports whether track o was moving at time t as far as its current
// piece of path tells: moving now, or come to rest since (its path is kept until
// it starts again).
func (k *Tracker) wasMoving(o *track, t float64) bool {
	if o.moving {
		return true
	}
	return !o.gone && len(o.seg) >= 2 && o.restT > t-2*k.dt && o.seg[0].t < t
}

// inBefore is the path before change c refitted with its detections before t
// only (a detection just after the event may have passed as one before it).
func (k *Tracker) inBefore(c *change, t float64) path {
	n := c.nIn
	for n > 2 && c.inS[n-1].t >= t {
		n--
	}
	if n == c.nIn || n < 2 {
		return c.in
	}
	if c.inS[0].t == c.in.t0 && c.in.n == 1 {
		return c.in
	}
	return k.incomingFit(c.inS[:n])
}

// pathUntil fits a moving track's current piece of path with the detections up to
// time t only: later ones may already carry the effect of what happened at t.
func (k *Tracker) pathUntil(o *track, t float64) path {
	n := len(o.seg)
	for n > 2 && o.seg[n-1].t >= t {
		n--
	}
	seg := o.seg[:n]
	if o.anchored && n > 3 {
		seg = seg[1:]
	}
	return k.incomingFit(seg)
}

// After a contact, a ball's path in runs on only as long as it does not run
// into the ball it hit: two balls cannot overlap. inUntil is the first time
// that path comes within 2R − hitOverlap (mm) of where that ball went, after
// the contact; a second contact of the ball (a cluster hit at once, or a thin
// cut on its way to another ball) is timed on it only until then. Rendered
// 8-ball, seed 1's break: the cue ball, back off the apex ball at 900 mm/s, was
// paired by the extension of its 10 m/s path in (through the apex ball) with
// seven balls of the rack it never reached (they were pushed by their
// neighbours), each a false contact told 6 to 9 frames late.
const hitOverlap = 10.0

// inUntil returns the latest time the path in of change x (a break) may place
// its ball for a contact: no limit without a contact told for it.
func (k *Tracker) inUntil(x *change) float64 {
	if !x.hit || x.start || x.partner < 0 || x.partner >= len(k.tracks) {
		return math.Inf(1)
	}
	o := &k.tracks[x.partner]
	at := func(t float64) table.Point { return o.rest }
	if o.moving && len(o.seg) >= 2 && o.seg[0].t <= x.hitT+k.dt {
		at = o.fit.at
	} else if o.moving {
		return math.Inf(1) // where it went is not known yet
	}
	lim := 2*k.R - hitOverlap
	step := k.dt / 32
	for t := x.hitT + step; t <= x.hitT+3*k.dt; t += step {
		if x.in.at(t).Dist(at(t)) < lim {
			return t
		}
	}
	return math.Inf(1)
}

// toldWithin returns the contact of tracks i and j told already within
// [lo, hi] (a start's window), when the balls' detections were no further
// apart at its time than at t: the start found later of a ball it pushed off
// slowly is that contact's, not another. Found 18 frames back, a slow start's
// pair was told again at its window's edge (120 fps bench, 8-ball shot 8: the
// 12 pushed the 10 off at 71.33 s, told by the nudge; the 10's start, found
// at 71.58, was paired with the 12 again at 71.44, 4 mm apart: a false
// contact that twinContact's margins did not drop).
func (k *Tracker) toldWithin(i, j int, lo, hi, t float64) *pevent {
	g, _ := k.seenGap(i, j, t)
	for n := range k.events {
		x := &k.events[n]
		if x.kind != shot.Contact || x.cancel || x.t < lo || x.t > hi || !(x.a == i && x.b == j || x.a == j && x.b == i) {
			continue
		}
		if gx, _ := k.seenGap(i, j, x.t); !math.IsNaN(gx) && !math.IsNaN(g) && gx <= g {
			return x
		}
	}
	return nil
}

// pair looks for the other ball of a contact that explains change ci.
func (k *Tracker) pair(ci int) bool {
	c := &k.chg[ci]
	if x := k.cameBack(c); x != nil {
		// Its start is that contact's, its way back off a cushion since.
		other := x.a
		if other == c.tr {
			other = x.b
		}
		if k.trace != nil {
			k.trace("%.4f pair track %d (start at %.4f): back off a cushion after its contact with track %d told at %.4f", k.lastT, c.tr, c.t, other, x.t)
		}
		c.done, c.partner = true, other
		c.hit, c.hitT = true, x.t
		return true
	}
	lo, hi := k.window(c)
	best, bestOc := -1, -1
	bestScore := math.Inf(1)
	var bestT float64
	var bestPo path
	tol := 2*k.cfg.SigmaMoving + 2
	for oi := range k.tracks {
		o := &k.tracks[oi]
		if oi == c.tr || !o.used || !o.confirmed || (o.gone && o.goneT < lo) {
			continue
		}
		po, oc, ostart, ok := k.incoming(oi, c.t, ci, c.start)
		if !ok || oc >= 0 && k.spentOn(ci, oc) {
			continue
		}
		if ostart && c.start {
			continue // two balls at rest cannot hit each other
		}
		if c.in.at(c.t).Dist(po.at(c.t)) > 2*k.R+400 {
			continue
		}
		// A path fitted to detections from po.lo on says little about where
		// the ball was well before them (it began there: a start or a break).
		// Nor does a path into a break say where the ball went after it: it
		// was seen on its new path from the break's first detection.
		plo, phi := lo, hi
		if po.n > 1 && (oc < 0 || k.bornOn(o, &po)) {
			plo = math.Max(lo, po.lo-2*k.dt)
		}
		if oc >= 0 && !k.chg[oc].start {
			phi = math.Min(hi, k.chg[oc].first.t+k.dt)
			phi = math.Min(phi, k.inUntil(&k.chg[oc]))
		}
		if plo >= phi {
			continue
		}
		tc, gap, hit := firstWithin(&c.in, &po, 2*k.R, plo, phi)
		if !hit && gap > tol || !hit && (plo > lo && tc-plo < 1e-3 || phi < hi && phi-tc < 1e-3) {
			continue
		}
		if !hit && (tc-lo < 1e-3 || hi-tc < 1e-3) && k.frame-c.frame < holdFrames-1 {
			continue // closest at the window's edge: wait for better paths
		}
		pa, pb := c.in.at(tc), po.at(tc)
		vrel := c.in.vel(tc).Sub(po.vel(tc))
		if pb.Sub(pa).Dot(vrel) <= 0 {
			continue // moving apart
		}
		if c.start && k.beforeTold(c, oc, tc) {
			if k.trace != nil {
				k.trace("%.4f pair track %d with %d at %.4f: before its hit told at %.4f", k.lastT, c.tr, oi, tc, k.chg[oc].hitT)
			}
			continue // hitorder.go
		}
		if oc >= 0 && k.chg[oc].start && !k.departsAlong(&k.chg[oc], c.tr, tc, pb.Sub(pa), vrel) ||
			c.start && !k.departsAlong(c, oi, tc, pa.Sub(pb), vrel.Scale(-1)) {
			if k.trace != nil {
				k.trace("%.4f pair track %d with %d at %.4f: departs across (hit %v) %v %v", k.lastT, c.tr, oi, tc, hit, pa, pb)
			}
			continue // the struck ball left across the line of centres (departs.go)
		}
		score := math.Abs(tc - c.t)
		if !hit {
			score += gap / 1000
		}
		if score < bestScore {
			best, bestOc, bestScore, bestT, bestPo = oi, oc, score, tc, po
		}
	}
	if best >= 0 {
		// Refit both paths without the detections after the contact, and solve
		// again: a frame just after it may have passed for one before.
		for it := 0; it < 2; it++ {
			pc := c.in
			if !c.start {
				pc = k.inBefore(c, bestT)
			}
			po := bestPo
			if bestOc >= 0 && !k.chg[bestOc].start {
				po = k.inBefore(&k.chg[bestOc], bestT)
			} else if bestOc < 0 {
				po = k.pathUntil(&k.tracks[best], bestT)
			}
			rlo := bestT - 1.5*k.dt
			if bestOc < 0 && po.n > 1 {
				rlo = math.Max(rlo, po.lo-2*k.dt)
			}
			if rlo >= bestT+1.5*k.dt {
				break
			}
			rhi := bestT + 1.5*k.dt
			if bestOc >= 0 {
				rhi = math.Min(rhi, k.inUntil(&k.chg[bestOc]))
			}
			if rlo >= rhi {
				break
			}
			tc, gap, hit := firstWithin(&pc, &po, 2*k.R, rlo, rhi)
			if !hit && gap > tol {
				break
			}
			c.in, bestPo, bestT = pc, po, tc
		}
	}
	if best < 0 {
		if !c.start {
			return false
		}
		// Paths too short to solve (contacts a frame apart): the nearest moving
		// ball seen within a diameter and a bit of the ball that started.
		best, bestT, bestPo = k.nearestMover(c)
		if best < 0 {
			best, bestT, bestPo = k.neighbourStart(ci)
		}
		if best < 0 {
			return false
		}
	}
	if c.start {
		if x := k.toldWithin(c.tr, best, lo, hi, bestT); x != nil {
			// Its start is that contact's (toldWithin).
			if k.trace != nil {
				k.trace("%.4f pair track %d (start, window %.4f–%.4f) with track %d: told already at %.4f", k.lastT, c.tr, lo, hi, best, x.t)
			}
			c.done, c.partner = true, best
			c.hit, c.hitT = true, x.t
			return true
		}
	}
	c.done, c.partner = true, best
	c.hit, c.hitT = true, bestT
	gap := c.gap
	if bestOc >= 0 {
		oc := &k.chg[bestOc]
		if oc.done && oc.partner == c.tr {
			return true // the same contact, already told
		}
		oc.done, oc.partner = true, c.tr
		if !oc.hit {
			oc.hit, oc.hitT = true, bestT
		}
		gap = gap || oc.gap
	}
	if !k.tracks[best].seen && k.tracks[best].missed > 2 {
		gap = true
	}
	if k.trace != nil {
		k.trace("%.4f pair track %d (start %v, t %.4f, window %.4f–%.4f) with track %d (change %d) at %.4f: %v %v", k.lastT, c.tr, c.start, c.t, lo, hi, best, bestOc, bestT, c.in.at(bestT), bestPo.at(bestT))
		if bestOc >= 0 {
			oc := &k.chg[bestOc]
			for _, s := range oc.inS[:oc.nIn] {
				k.trace("    in %.4f %v", s.t, s.p)
			}
		}
	}
	e := k.contact(c.tr, best, bestT, &c.in, &bestPo, gap)
	k.anchorAt(c.tr, c.first.t, bestT, c.in.at(bestT))
	if bestOc < 0 {
		k.struck(best, bestT) // afterhit.go
	}
	if bestOc >= 0 {
		oc := &k.chg[bestOc]
		k.anchorAt(best, oc.first.t, bestT, bestPo.at(bestT))
	}
	if e != nil {
		e.sides[0] = side{tr: c.tr, in: c.in, rest: c.start, first: c.first.t}
		if c.start {
			k.startEst(&e.sides[0], c) // its own start's time (combineContact)
		}
		e.sides[1] = side{tr: best, in: bestPo, first: math.NaN()}
		if !c.start {
			e.sides[0].setPre(c.pre[:c.nPre], bestT+k.dt)
		}
		if bestOc >= 0 {
			oc := &k.chg[bestOc]
			e.sides[1].rest, e.sides[1].first = oc.start, oc.first.t
			if !oc.start {
				e.sides[1].setPre(oc.pre[:oc.nPre], bestT+k.dt)
			}
		} else if o := &k.tracks[best]; len(o.seg) >= 2 {
			seg := o.seg
			if o.anchored && len(seg) > 3 {
				seg = seg[1:]
			}
			e.sides[1].setPre(seg, bestT+k.dt)
			k.preFromHist(&e.sides[1], bestT) // its path broke since: see twins.go
		}
		seq := e.seq
		sides := e.sides
		for s := range sides {
			x, o := &sides[s], &sides[1-s].in
			if x.rest {
				k.frozenRail(x.tr, x.in.a, o.at(bestT), o.vel(bestT), bestT, seq)
			} else {
				k.contactRail(x.tr, &x.in, o, bestT, seq)
			}
		}
	}
	return true
}

// contactE is the ball–ball restitution contactRail assumes; contactRailGap
// (mm) and contactRailTime (s) bound how near a cushion, and how soon after the
// contact, a ball must reach it for contactRail to tell the hit. A fast ball
// may be further, as far as it goes into the cushion in contactRailFrames
// frames (camera model seed 6, 9-ball shot 86: the cue ball cut the 9 at
// 6.2 m/s 64 mm from the foot cushion and met it 10 ms later, untold; seed 2,
// 9-ball shot 167, at 4.2 m/s, a frame and a third on); a path that then
// reaches the cushion line retimes such a hit (pevent.far, addEvent).
const (
	contactE          = 0.93
	contactRailGap    = 30.0
	contactRailTime   = 0.05
	contactRailFrames = 1.5
)

// nearRail (mm) is how near a cushion a ball at rest must be for frozenRail to
// time its bounce from the contact that drove it there.
const nearRail = 40.0

// frozenDrive and glanceDrive: the least cosine from a cushion's normal at
// which a ball near it, struck, is told driven into it (frozenRailHits):
// from the contact alone, and provisionally. Between the two (84°–87°) the
// line of centres, a millimetre or two off at the contact, times the hit
// too poorly to confirm it (camera model seed 5, 14.1 shot 189: told 54 ms
// early), and the path's V (veeTest) confirms it.
const (
	frozenDrive = 0.1
	glanceDrive = 0.05
)

// nearestMover finds the moving ball whose detections around a start came
// closest to the started ball's rest point, within 2R + 25 mm.
func (k *Tracker) nearestMover(c *change) (int, float64, path) {
	best, bd := -1, 2*k.R+25
	for oi := range k.tracks {
		o := &k.tracks[oi]
		if oi == c.tr || !o.used || !o.confirmed || o.gone || !k.wasMoving(o, c.t) {
			continue
		}
		for j := len(o.seg) - 1; j >= 0 && j >= len(o.seg)-8; j-- {
			s := o.seg[j]
			if math.Abs(s.t-c.t) > 2*k.dt {
				continue
			}
			d := s.p.Dist(c.in.a)
			if v := o.fit.vel(s.t); s.t <= c.t && v.Dot(c.in.a.Sub(s.p)) > 0 {
				// Seen last on its way to the ball, a frame or two before:
				// a fast ball covers that much more before it touches.
				d -= math.Min(v.Len(), ballSpeedMax) * (c.t - s.t + k.dt)
			}
			if d < bd {
				best, bd = oi, d
			}
		}
	}
	if best < 0 {
		return -1, 0, path{}
	}
	p := k.pathUntil(&k.tracks[best], c.t+k.dt)
	if p.at(c.t).Dist(c.in.a) > 2*k.R+moverAtReach {
		// Its path, carried to the start, is nowhere near the ball (a path
		// across a swap, or fitted to a read or two): no contact to tell
		// from it. Camera model at 30 fps, seed 3, 10-ball break at 1067.6
		// s: the cue ball's old track, its way carried on to x = 4422 mm,
		// off the table, was paired with the 9's start, and the 9 was told
		// the cue ball's first contact, unasked, on a legal break.
		return -1, 0, path{}
	}
	return best, c.t, p
}

// moverAtReach (mm): how far beyond touching a mover's path, carried to the
// start it is paired with by nearestMover, may lie from the started ball.
const moverAtReach = 100.0

// nearbyMover returns a track other than the change's whose detections within
// frames of the change came within radius of where the changed ball was, or −1.
// Tracks for which skip (nil: none) reports true are passed over.
func (k *Tracker) nearbyMover(c *change, radius float64, frames int, skip func(c *change, oi int) bool) int {
	best, bd := -1, radius
	win := float64(frames) * k.dt
	for oi := range k.tracks {
		o := &k.tracks[oi]
		if oi == c.tr || !o.used || !o.confirmed || (!k.wasMoving(o, c.t-win) && !o.gone) || skip != nil && skip(c, oi) {
			continue
		}
		for j := len(o.seg) - 1; j >= 0 && j >= len(o.seg)-30; j-- {
			s := o.seg[j]
			if s.t < c.t-win {
				break
			}
			if s.t > c.t+win {
				continue
			}
			if d := s.p.Dist(c.in.a); d < bd {
				best, bd = oi, d
			}
		}
	}
	return best
}

// nearestSeen returns the track other than the change's whose detections (its
// last ones, moving or not) within frames of the change came nearest to where the
// changed ball rested, and that distance; moving, only a track not at rest
// all the while (since before them, and still).
func (k *Tracker) nearestSeen(c *change, frames int, moving bool) (int, float64) {
	best, bd := -1, math.Inf(1)
	win := float64(frames) * k.dt
	for oi := range k.tracks {
		o := &k.tracks[oi]
		if oi == c.tr || !o.used || !o.confirmed || moving && !o.moving && !o.gone && o.restT <= c.t-win {
			continue
		}
		for j := 0; j < len(o.hist) && j < o.nh; j++ {
			s := o.hist[(o.nh-1-j)%len(o.hist)]
			if s.t < c.t-win {
				break
			}
			if s.t > c.t+win {
				continue
			}
			if d := s.p.Dist(c.in.a); d < bd {
				best, bd = oi, d
			}
		}
	}
	return best, bd
}

// weakTouch says why an unexplained start is too weak a sign of a touch to call
// a foul on, or "" when it is a clear one: the ball was well seen and no other
// ball moved anywhere near it about then. It also returns the ball that may
// have met it instead (−1: none known).
func (k *Tracker) weakTouch(c *change) (string, int) {
	tr := &k.tracks[c.tr]
	name := fmt.Sprintf("ball %d", tr.ball)
	if tr.ball < 0 {
		name = "a ball"
	}
	if c.gap {
		return name + " started unseen", -1
	}
	if o, d := k.nearestSeen(c, 20, false); o >= 0 && d < 2*k.R+250 {
		return fmt.Sprintf("%s started with ball %d %.0f mm away: a contact or a touch", name, k.tracks[o].ball, d), k.tracks[o].ball
	}
	if tr.ball < 0 || tr.votes[tr.ball] < 3 {
		return name + " started, its identity unsure", -1
	}
	if why := k.mouthRestart(c, name); why != "" {
		return why, -1 // touchhome.go
	}
	return "", -1
}

// neighbourStart finds, for a start, a ball that rested next to it (within
// 2R + 12 mm) and started moments before: in a cluster or a rack the push goes
// from ball to ball faster than a frame.
func (k *Tracker) neighbourStart(ci int) (int, float64, path) {
	c := &k.chg[ci]
	best, bd := -1, 2*k.R+12
	for cj := range k.chg {
		oc := &k.chg[cj]
		if cj == ci || oc.tr == c.tr || !oc.start || oc.t > c.t+k.dt || oc.t < c.t-6*k.dt {
			continue
		}
		if d := oc.in.a.Dist(c.in.a); d < bd {
			best, bd = oc.tr, d
		}
	}
	if best < 0 {
		return -1, 0, path{}
	}
	return best, c.t, still(k.startPoint(best), c.t)
}

// backed reports whether resting track i could be hit without being seen to
// move: frozen to a cushion or to another ball at rest, or in a pocket's mouth
// (it drops at once).
func (k *Tracker) backed(i int) bool {
	if k.railBacked(i) {
		return true
	}
	p := k.tracks[i].rest
	tol := k.backTol()
	for j := range k.tracks {
		o := &k.tracks[j]
		if j != i && o.used && o.confirmed && !o.gone && !o.moving && o.rest.Dist(p)-2*k.R <= tol {
			return true
		}
	}
	return false
}

// restingHit returns when change ci's path in first reached a ball at rest in a
// pocket's mouth that did not move (as pairResting finds it), without pairing
// them.
func (k *Tracker) restingHit(ci int) (float64, bool) {
	c := &k.chg[ci]
	lo, hi := k.window(c)
	best, ok := math.Inf(1), false
	for oi := range k.tracks {
		o := &k.tracks[oi]
		if oi == c.tr || !o.used || !o.confirmed || o.gone || o.moving {
			continue
		}
		if pk, d := k.tab.NearestPocket(o.rest); d > pk.Width/2+k.R {
			continue
		}
		po := still(o.rest, c.t)
		tc, gap, hit := firstWithin(&c.in, &po, 2*k.R, lo, hi)
		if !hit && (gap > 2*k.cfg.SigmaMoving+2 || !k.pushBacked(oi, c.in.at(tc))) { // pushbacked.go
			continue
		}
		if tc < best {
			best, ok = tc, true
		}
	}
	return best, ok
}

// backTol (mm) is the gap within which a ball counts as backed (see backed).
func (k *Tracker) backTol() float64 { return table.FrozenTolerance + 2*k.cfg.Sigma + 2 }

// railBacked reports whether track i rests in a pocket's mouth or against a
// cushion (see backed).
func (k *Tracker) railBacked(i int) bool {
	p := k.tracks[i].rest
	if pk, d := k.tab.NearestPocket(p); d < pk.Width/2+k.R {
		return true
	}
	_, gap := k.tab.NearestRail(p)
	return gap <= k.backTol()
}

// ballGap is the least gap (mm) between track i at rest and another ball at rest.
func (k *Tracker) ballGap(i int) float64 {
	p := k.tracks[i].rest
	gap := math.Inf(1)
	for j := range k.tracks {
		o := &k.tracks[j]
		if j != i && o.used && o.confirmed && !o.gone && !o.moving {
			gap = math.Min(gap, o.rest.Dist(p)-2*k.R)
		}
	}
	return gap
}

// backersStill reports whether every ball that rested against the still ball
// of contact e at the stroke (see backed) is still where it rested: a hit on a
// ball backed by others moves one of them at least.
func (k *Tracker) backersStill(e *pevent) bool {
	for j, q := range k.before {
		if j == e.still || j == e.a || j == e.b || q.Dist(e.stillAt)-2*k.R > k.backTol() {
			continue
		}
		if tr := &k.tracks[j]; tr.gone || tr.moving || tr.rest.Dist(q) >= 3*k.cfg.Sigma+1 {
			return false
		}
	}
	return true
}

// pairResting explains a break by a ball at rest that did not move (frozen to a
// cushion or to other balls).
func (k *Tracker) pairResting(ci int) bool {
	c := &k.chg[ci]
	lo, hi := k.window(c)
	for oi := range k.tracks {
		o := &k.tracks[oi]
		if oi == c.tr || !o.used || !o.confirmed || o.gone || o.moving {
			continue
		}
		po := still(o.rest, c.t)
		tc, gap, hit := firstWithin(&c.in, &po, 2*k.R, lo, hi)
		if !hit && gap > 2*k.cfg.SigmaMoving+2 {
			continue
		}
		if st := k.tracks[c.tr].startT; k.tracks[c.tr].fromRest && tc < st-1e-3 {
			// Before the ball set off from rest: its way carried back
			// to where it rested, not a meeting. Camera model at 30 fps,
			// seed 57, 10-ball shot 23: the cue ball, 7 mm from the 8
			// (held by the foot cushion), was struck away from it; its
			// way broke soon after the stroke, and the break, its way in
			// reaching back to its rest point, was told a contact with
			// the 8 13 ms before the stroke: a wrong-ball foul for a
			// legal pot, unasked (TestNoContactBeforeStart).
			continue
		}
		if !hit && !k.pushBacked(oi, c.in.at(tc)) { // pushbacked.go
			// A ball free to move that was hit moves, and its start explains
			// the bend: a path that only came near it went past.
			continue
		}
		c.done, c.partner = true, oi
		e := k.contact(c.tr, oi, tc, &c.in, &po, c.gap)
		if e != nil {
			// Timed again at the end of the shot from the way in.
			e.sides[0] = side{tr: c.tr, in: c.in, first: c.first.t}
			e.sides[0].setPre(c.pre[:c.nPre], tc+k.dt)
			e.sides[1] = side{tr: oi, in: po, rest: true, first: math.NaN()}
		}
		if e != nil && (!k.backed(oi) || k.chordAcross(c)) { // railchord.go
			// A ball free to move that was hit moves: checked at the end.
			e.still, e.stillAt = oi, o.rest
		} else if e != nil && !k.railBacked(oi) && k.ballGap(oi) > table.FrozenTolerance+k.cfg.Sigma {
			// Near other balls but frozen to none: hit, it or one of
			// them moves.
			e.still, e.stillAt, e.group = oi, o.rest, true
		} else if e != nil && !hit {
			// Held, and only passed near: nothing to check at the end.
			k.nearPasses = append(k.nearPasses, nearTold{seq: e.seq, gap: gap}) // nearpass.go
		}
		k.anchorAt(c.tr, c.first.t, tc, c.in.at(tc))
		seq := 0
		if e != nil {
			seq = e.seq
		}
		k.frozenRail(oi, o.rest, c.in.at(tc), c.in.vel(tc), tc, seq)
		k.contactRail(c.tr, &c.in, &po, tc, seq)
		return true
	}
	return false
}

// restContact gives contact e, of a ball that started from rest (change c)
// with moving track o on path po found roughly, its sides, so that the end of
// the shot times it again (combineContact).
func (k *Tracker) restContact(e *pevent, c *change, o int, po *path) {
	if e == nil {
		return
	}
	e.sides[0] = side{tr: c.tr, in: c.in, rest: true, first: c.first.t}
	e.sides[1] = side{tr: o, in: *po, first: math.NaN()}
	if tr := &k.tracks[o]; len(tr.seg) >= 2 {
		seg := tr.seg
		if tr.anchored && len(seg) > 3 {
			seg = seg[1:]
		}
		e.sides[1].setPre(seg, e.t+k.dt)
		k.preFromHist(&e.sides[1], e.t) // its path broke since: see twins.go
	}
	k.roughRail(e, c, o) // roughrail.go
}

// contact records a ball–ball contact at tc between tracks x and y, whose
// incoming paths are px and py; the faster ball is a.
func (k *Tracker) contact(x, y int, tc float64, px, py *path, unseen bool) *pevent {
	a, b := x, y
	if py.vel(tc).Len() > px.vel(tc).Len() {
		a, b = y, x
	}
	at := px.at(tc).Add(py.at(tc)).Scale(0.5)
	k.tracks[x].moved = true
	k.tracks[y].moved = true
	e := k.addEvent(pevent{t: tc, kind: shot.Contact, a: a, b: b, at: at, hasAt: true, unseen: unseen,
		sides: [2]side{{tr: -1}, {tr: -1}}, closing: closingSpeed(px, py, tc), closingOK: true,
		inSpeed: math.Max(px.vel(tc).Len(), py.vel(tc).Len())})
	if e != nil {
		k.watchContact(x, y, tc, e.seq)
	}
	return e
}

// finishContacts retimes the contacts of track i, now that its path out of each
// of them is known. The first estimate of a contact (when the paths into it come
// 2R apart) uses the detections before it only (with a ball at rest, refitted
// at the end of the shot: approach); each ball's detections after it give
// another, independent one: a ball struck from rest, by when its way out, a
// slide from its rest point, began (restStart); a moving ball, by where its
// outgoing path meets its incoming one. The estimates are averaged with
// weights from their variances (see combineContact).
func (k *Tracker) finishContacts(i int) {
	if i < 0 || k.phase == idle {
		return
	}
	tr := &k.tracks[i]
	for ei := range k.events {
		e := &k.events[ei]
		if e.kind != shot.Contact || e.refined || e.cancel {
			continue
		}
		for s := range e.sides {
			x := &e.sides[s]
			if x.tr != i || x.done {
				continue
			}
			x.done = true
			if math.IsNaN(x.first) && x.rest {
				x.first = k.startAt(tr, x.in.a, e.t)
			}
			if math.IsNaN(x.first) || tr.nhead < 3 || tr.head[0].t != x.first {
				continue
			}
			k.sideEstimate(e, x, tr.head[:tr.nhead])
		}
	}
}

// startAt is the time of the first detection of track tr's piece of path
// when that piece is its start from rest at q at about t (a contact told
// before the ball was seen to move, with it still at rest: see pairResting);
// NaN when it is not.
func (k *Tracker) startAt(tr *track, q table.Point, t float64) float64 {
	if tr.nhead < 3 || tr.from.Dist(q) > k.backTol() || math.Abs(tr.startT-t) > 2*k.dt || tr.head[0].t < t-k.dt || tr.head[0].t > t+3*k.dt {
		return math.NaN()
	}
	return tr.head[0].t
}

// sameTime (s): another event of a ball this near a contact's time is at the
// same time (a cushion or a ball met at once, told from the same bend).
const sameTime = 1e-3

// sideEstimate fills in x's estimate of contact e from its outgoing detections,
// those before the ball's next contact or cushion.
func (k *Tracker) sideEstimate(e *pevent, x *side, out []sample) {
	t := e.t
	// Up to the next event of the ball told: past it the way out is another
	// (none, with another at once: a cushion or ball met at the same time).
	next := math.Inf(1)
	for i := range k.events {
		o := &k.events[i]
		if o != e && !o.cancel && o.t > t-sameTime && (o.kind == shot.Contact || o.kind == shot.RailHit) && (o.a == x.tr || o.kind == shot.Contact && o.b == x.tr) {
			next = math.Min(next, o.t)
		}
	}
	n := 0
	for n < len(out) && out[n].t < next-0.5*k.dt {
		n++
	}
	out = out[:n]
	x.nPost = copy(x.post[:], out)
	if x.rest {
		// When a ball sliding out from its rest point left it (restStart);
		// failing that, where a free path fitted to its way out leaves it.
		ro := out[:min(len(out), restOut)]
		sig := k.cfg.SigmaMoving
		if len(ro) > 0 && ro[len(ro)-1].t > t {
			sig = k.noise(ro[len(ro)-1].p.Dist(x.in.a) / (ro[len(ro)-1].t - t))
		}
		if tc, sd, ok := restStart(x.in.a, ro, t, k.dt, k.skip(), sig, k.cfg.SlideDecel); ok {
			if math.Abs(tc-e.t) <= 2*k.dt {
				x.est, x.w = tc, 1/(sd*sd)
			}
			return
		}
	}
	out = out[:min(len(out), movingOut)]
	f := fitPath(out)
	var ss float64
	for _, s := range out {
		d := s.p.Sub(f.at(s.t))
		ss += d.Dot(d)
	}
	sig := math.Max(1, math.Sqrt(ss/float64(max(1, 2*len(out)-4))))
	if x.rest {
		// Where the outgoing path leaves the rest point.
		v := f.vel(t)
		if v.Len() < 50 {
			return
		}
		for it := 0; it < 5; it++ {
			g := f.at(t).Sub(x.in.a).Dot(v)
			dg := f.vel(t).Dot(v)
			if dg <= 0 {
				return
			}
			t -= g / dg
		}
		x.w = (v.Len() / (1.5 * sig)) * (v.Len() / (1.5 * sig))
	} else {
		// Where the outgoing path meets the incoming one; not when the ball
		// met a cushion between its way in and this contact: the bend the two
		// paths show is the cushion's (rendered seed 66, 10-ball shot 18: the
		// cue ball off the head cushion met the 9 10 ms later, and the
		// contact was timed at the cushion, 7 ms early). A ball met between
		// stays: the bend may be this contact's, told before it (camera model
		// seed 1, 8-ball shot 29: the cue ball met the 8, then the 10 5 ms
		// later, the 8 first told after the 10; its bend put it first).
		if k.railBetween(x.tr, x.in.hi-k.dt, e.t-sameTime) {
			return
		}
		// Nor with fewer than two detections out before its next event:
		// no way out to meet (camera model seed 6, 9-ball shot 144: the cue
		// ball at 6.6 m/s met the 7, frozen to the head cushion, and the
		// cushion 1.4 ms later; the empty way out, at rest, met the way in
		// 18 ms early and outweighed the first estimate, 0.1 ms off).
		if len(out) < 2 {
			return
		}
		dv := f.vel(t).Sub(x.in.vel(t))
		if dv.Len() < 150 {
			return
		}
		u := dv.Scale(1 / dv.Len())
		for it := 0; it < 5; it++ {
			g := f.at(t).Sub(x.in.at(t)).Dot(u)
			dg := f.vel(t).Sub(x.in.vel(t)).Dot(u)
			if dg <= 0 {
				return
			}
			t -= g / dg
		}
		x.w = (dv.Len() / (2 * sig)) * (dv.Len() / (2 * sig))
	}
	if math.Abs(t-e.t) > 2*k.dt {
		x.w = 0
		return
	}
	x.est = t
}

// restOut and movingOut are how many detections out of a contact a ball struck
// from rest and a moving ball time it by: further out, the motion strays from
// the model (spin taking hold, throw), and the times got worse on the bench.
const (
	restOut   = 12
	movingOut = 8
)

// movingTrust scales the weight of a moving ball's own estimate of a contact's
// time (see combineContact): its fresh path out is short and noisy, and at full
// weight it made the times worse on the bench (p95 4.4 ms at 1, 3.6 at 0.1).
const movingTrust = 0.1

// sharpStruck: a struck ball's estimate of a contact's time whose standard
// error is at most a frame over this is sharp (combineContact).
const sharpStruck = 4.0

// combineContact sets a contact's time from its estimates (see finishContacts);
// for a moving ball and one at rest, the joint fit of both balls' detections
// (jointTime) then times it again from there.
func (k *Tracker) combineContact(e *pevent) {
	if e.refined || e.sides[0].tr < 0 {
		return
	}
	e.refined = true
	a, b := &e.sides[0], &e.sides[1]
	t0 := e.t
	// The first estimate: closing speed along the line of centres.
	n := b.in.at(t0).Sub(a.in.at(t0))
	if l := n.Len(); l > 0 {
		n = n.Scale(1 / l)
	}
	vc := math.Abs(a.in.vel(t0).Sub(b.in.vel(t0)).Dot(n))
	sig := 1.2 * k.cfg.SigmaMoving
	w0 := (vc / sig) * (vc / sig)
	// Better, when one ball was at rest: when the other's way in brought it
	// within 2R of it (approach), with its own standard error; not when the
	// mover had another contact or cushion since its last detection before
	// this one (a cluster: its way in led elsewhere).
	halfFrame := 4 / (k.dt * k.dt) // the weight of an estimate good to half a frame
	for _, x := range [2][2]*side{{a, b}, {b, a}} {
		mv, rs := x[0], x[1]
		if !rs.rest || mv.rest || mv.nPre < 3 {
			continue
		}
		if k.eventOf(mv.tr, mv.pre[mv.nPre-1].t-k.dt, t0-1e-3, e) {
			if rs.w*(k.dt*k.dt) >= sharpStruck*sharpStruck {
				// The first estimate, from the mover's way in, is of a
				// way that led elsewhere: no sharper than two frames
				// (weight halfFrame/16). The struck ball's sharp one
				// rules. At half a frame it still pulled: rendered seed
				// 74, 10-ball shot 12, the cue ball's contact with the
				// 8, 12 ms after the 6 with no read between, -2.2 ms
				// (-1.8 now; the 8's own start -1.7).
				w0 = math.Min(w0, halfFrame/16)
			}
			continue
		}
		// Its way in may be past the resting ball at t0 (a contact told
		// late): the solution starts earlier, but not before the mover's
		// event before (crossTime).
		back := math.Max(0, t0-k.lastEventOf(mv.tr, t0, e))
		if ta, sd, ok := approach(mv.pre[:mv.nPre], rs.in.a, 2*k.R, t0, back, k.dt, k.skip(), k.noise); ok {
			t0, w0 = ta, 1/(sd*sd)
		}
	}
	sum, wsum := w0*t0, w0
	// A ball struck from rest adds when its way out left its rest point; a
	// moving ball, where its way out meets its way in, at a tenth of its weight.
	// (A third estimate, the ghost ball's — the striker 2R back along the struck
	// ball's way out — made the times worse on the bench and was dropped.)
	// A ball struck from rest whose way out is too short to time the
	// contact by (no estimate of its own: it met a ball or a cushion a frame
	// or two on) adds its start's time (startEst). Camera model seed 3, 14.1
	// shot 184: the 3, pushed off by the cue ball, met the 8 4 mm away; the
	// 8's start was timed 0.3 ms from the truth, its way out one detection
	// long, and the contact was timed by the 3's approach alone, 132 mm/s
	// along the line of centres, 18 ms late. Not for the cue ball's contacts
	// soon after the stroke (strokeWin): there it moved the stroke fit's first
	// guess, and two contacts at the stroke went 6 and 18 ms off on rendered
	// seeds 74 and 67 (see frozentime.go).
	stroke := (a.tr == k.strikeTr || b.tr == k.strikeTr) && e.t-k.strikeT <= strokeWin
	for _, x := range []*side{a, b} {
		if x.rest && w0 >= halfFrame && k.turnedBefore(e, x, t0+2/math.Sqrt(w0)) {
			continue
		}
		if x.w > 0 {
			w := x.w
			if !x.rest {
				w *= movingTrust
			}
			sum += w * x.est
			wsum += w
		} else if x.rest && x.startSD > 0 && !stroke && math.Abs(x.startT-t0) <= startAgree*math.Hypot(x.startSD, 1/math.Sqrt(w0)) {
			w := 1 / (x.startSD * x.startSD)
			sum += w * x.startT
			wsum += w
		}
	}
	sd0 := math.Inf(1)
	if wsum > 0 {
		e.t = sum / wsum
		sd0 = 1 / math.Sqrt(wsum)
		e.sd = sd0
	}
	k.jointTime(e, sd0)
	if k.trace != nil {
		k.trace("%.4f combine contact balls %d %d: first %.5f w %.3g vc %.0f; a %d rest %v est %.5f w %.3g; b %d rest %v est %.5f w %.3g; t %.5f",
			k.lastT, e.ids[0], e.ids[1], t0, w0, vc, a.tr, a.rest, a.est, a.w, b.tr, b.rest, b.est, b.w, e.t)
	}
}

// turnedBefore reports whether the other ball of contact e than struck side
// x, moving, met a cushion after t0 (combineContact: two standard errors
// after the contact's first estimate, when that is sharp to half a frame)
// and before x's own estimates of its time (its way out's, its start's):
// those are then of a second contact, the mover come back off the cushion
// into it, not of e (camera model, seed 2, 8-ball shot 101: the cue ball cut
// the 2 at 1.5 m/s 86° thin, met the head cushion 18 ms later and came back
// into the 2 9 ms after that; the 2, hardly moved by the first, left by the
// second, and the contact was timed 19.5 ms late).
func (k *Tracker) turnedBefore(e *pevent, x *side, t0 float64) bool {
	mv := &e.sides[0]
	if mv == x {
		mv = &e.sides[1]
	}
	if mv.rest || mv.tr < 0 {
		return false
	}
	hi := math.Inf(-1)
	if x.w > 0 {
		hi = x.est
	}
	if x.startSD > 0 {
		hi = math.Max(hi, x.startT)
	}
	for j := range k.events {
		o := &k.events[j]
		if !o.cancel && o.kind == shot.RailHit && o.a == mv.tr && o.t > t0 && o.t < hi {
			return true
		}
	}
	return false
}

// eventOf reports whether track i had a contact or cushion hit other than e
// within [lo, hi]: its way in before then is not its way into e.
func (k *Tracker) eventOf(i int, lo, hi float64, e *pevent) bool {
	for j := range k.events {
		o := &k.events[j]
		if o == e || o.cancel || o.t < lo || o.t > hi {
			continue
		}
		if o.hits(i) {
			return true
		}
	}
	return false
}

// hits reports whether x is a contact of track i or a cushion hit of it.
func (x *pevent) hits(i int) bool {
	return x.kind == shot.Contact && (x.a == i || x.b == i) || x.kind == shot.RailHit && x.a == i
}

// lastEventOf is the time of track i's latest contact or cushion hit, but for
// e, before t; −Inf with none.
func (k *Tracker) lastEventOf(i int, t float64, e *pevent) float64 {
	last := math.Inf(-1)
	for j := range k.events {
		o := &k.events[j]
		if o == e || o.cancel || o.t >= t || o.t <= last {
			continue
		}
		if o.hits(i) {
			last = o.t
		}
	}
	return last
}

// skip is how near a contact a detection may be and yet hold the ball on the
// other side of it in its exposure: half the exposure, and a little for the
// error of the contact's first time.
func (k *Tracker) skip() float64 { return k.cfg.Exposure/2 + 0.05*k.dt }

// noise is the position noise (mm per axis) of a detection of a ball moving at
// v mm/s: Sigma at rest, SigmaMoving at 1 m/s, growing with the blur's length.
func (k *Tracker) noise(v float64) float64 {
	return k.cfg.Sigma + (k.cfg.SigmaMoving-k.cfg.Sigma)*v/1000
}

// sameEvent (s): an event of the same kind and balls this near one told is
// the same (three frames at 60 fps; a time, for two ways of timing one hit
// differ by a time, not by a number of frames).
const sameEvent = 0.05

// addEvent adds an event to the shot or lag in progress and tells it live. It
// returns the stored event, nil when it repeats one already told.
func (k *Tracker) addEvent(e pevent) *pevent {
	if k.phase == idle {
		return nil
	}
	if k.phase == inShot && e.t < k.strikeT-preStroke && (e.a != k.strikeTr && (e.kind != shot.Contact || e.b != k.strikeTr) ||
		e.kind == shot.Contact && k.cueRestedAfter(e.t)) || k.apartContact(&e) {
		// Before the stroke, between shots (balls moved by hand, read on
		// only once the shot began): not the shot's. Nor a contact of the
		// cue ball, read resting after it (sharpstroke.go).
		if k.trace != nil {
			k.trace("%.4f %s of track %d at %.4f before the stroke at %.4f: not the shot's", k.lastT, e.kind, e.a, e.t, k.strikeT)
		}
		return nil
	}
	same := math.Max(3*k.dt, sameEvent) // told already: the same event within it
	for j, x := range k.events {
		if x.kind != e.kind || x.cancel || math.Abs(x.t-e.t) >= same || x.byPass && !e.byPass {
			continue
		}
		switch e.kind {
		case shot.Contact:
			if k.rekissing && math.Abs(x.t-e.t) >= rekissMin {
				continue // a re-kiss off a cushion (rekiss.go)
			}
			if (x.a == e.a && x.b == e.b) || (x.a == e.b && x.b == e.a) {
				if k.twinWorse(&k.events[j], &e) {
					k.events[j].cancel = true // mistimed: e replaces it (twins.go)
					continue
				}
				return nil
			}
		case shot.RailHit:
			if x.a == e.a && x.rail == e.rail {
				// One told from a path that stopped short of the cushion line
				// before the other reached it came before the bounce: one hit
				// (see stillInto), whatever the jaws.
				shortFirst := x.short && !e.short && x.t < e.t
				if math.Abs(x.t-e.t) >= 3*k.dt && k.atJaw(&x) != k.atJaw(&e) {
					if !shortFirst && !(e.short && !x.short && e.t < x.t) {
						continue // a jaw and the cushion's nose: two hits
					}
					if shortFirst {
						k.retimeRail(&k.events[j], &e, "the earlier stopped short of the cushion")
					}
				}
				if k.wayIntoPocket(&k.events[j]) && !k.wayIntoPocket(&e) {
					// x was the ball's way into a pocket, not a hit (rail.go);
					// e, the jaw it met there, is.
					k.retimeRail(&k.events[j], &e, "its way into the pocket met the jaw")
				}
				if x.after != 0 && e.after == 0 && (math.Abs(x.t-e.t) >= 3*k.dt || x.far && !e.short) {
					// Told from a contact's model, the path now shows it
					// (a far one, reaching the cushion line: camera model
					// seed 6, 8-ball shot 272, the cue ball's hit 60 mm
					// on at 3.7 m/s, its model 8 ms late, its path 1 ms
					// early).
					if k.trace != nil {
						k.trace("%.4f rail of track %d %s retimed from %.4f to %.4f by its path", k.lastT, e.a, e.rail, x.t, e.t)
					}
					k.events[j].t, k.events[j].at, k.events[j].after = e.t, e.at, 0
				}
				return nil
			}
		}
	}
	if e.kind == shot.Contact && k.twinContact(&e) {
		if k.trace != nil {
			k.trace("%.4f contact of tracks %d %d at %.4f: a mistimed twin, dropped", k.lastT, e.a, e.b, e.t)
		}
		return nil // the same contact told, better timed (twins.go)
	}
	if e.kind == shot.Contact && !e.byPass {
		k.replacePass(&e)
	}
	k.seq++
	e.seq = k.seq
	e.ids = [2]int{k.tracks[e.a].ball, -1}
	if e.still == 0 {
		e.still = -1 // the zero value: no check (see pairResting)
	}
	if e.kind == shot.Contact {
		e.ids[1] = k.tracks[e.b].ball
	}
	k.events = append(k.events, e)
	if k.phase != inLag {
		if ev, ok := k.toEvent(&e, k.strikeT); ok {
			k.out = append(k.out, Output{Kind: OutEvent, T: e.t, Event: ev})
		}
	}
	return &k.events[len(k.events)-1]
}

// retimeRail moves rail event x, told already, to e, a telling of the same
// hit found since that places it better; why says how.
func (k *Tracker) retimeRail(x, e *pevent, why string) {
	if k.trace != nil {
		k.trace("%.4f rail of track %d %s retimed from %.4f to %.4f: %s", k.lastT, e.a, e.rail, x.t, e.t, why)
	}
	x.t, x.at, x.hasAt, x.deepIn, x.short, x.after = e.t, e.at, e.hasAt, e.deepIn, e.short, 0
	x.kept = x.kept || e.kept
}

// atJaw reports whether rail event e is at a pocket's jaw: within mouthMargin
// of a jaw point, or in the mouth.
func (k *Tracker) atJaw(e *pevent) bool {
	if !e.hasAt {
		return false
	}
	pk, d := k.tab.NearestPocket(e.at)
	return d < math.Max(pk.Jaws[0].Dist(pk.Center), pk.Jaws[1].Dist(pk.Center))+mouthMargin
}

// toEvent converts an event of tracks to a contract event of balls.
func (k *Tracker) toEvent(e *pevent, t0 float64) (shot.Event, bool) {
	ev := shot.Event{T: math.Max(0, e.t-t0), Kind: e.kind}
	ball := func(i int) int {
		b := k.tracks[i].ball
		if b < 0 || e.fixed || b == 0 && i != k.strikeTr && k.beforeFirst(e.t, t0) {
			// (Before the stroke a track other than the struck one
			// was not the cue ball, whatever its number now: no-render
			// seed 1 at 30 fps, the 9-ball break at 872.84 s, a jitter
			// "contact" of the 9 and the 7 in the rack 13 ms before the
			// stroke, the 7's track named the cue ball later in the
			// scramble, made the 9 the cue ball's first contact: an
			// illegal break told for a legal one, unflagged. Nor was it
			// until the cue ball's first contact: see beforeFirst.)
			// Lost since: the number it had when the event was found.
			switch i {
			case e.a:
				b = e.ids[0]
			case e.b:
				b = e.ids[1]
			}
		}
		return b
	}
	switch e.kind {
	case shot.Contact:
		ev.A, ev.B = ball(e.a), ball(e.b)
		if ev.A < 0 || ev.B < 0 || ev.A == ev.B {
			return ev, false
		}
	case shot.Stop:
	case shot.Strike:
		ev.Ball = 0 // the tip strikes the cue ball, whatever its track's number now
	default:
		ev.Ball = ball(e.a)
		if ev.Ball < 0 {
			return ev, false
		}
	}
	placeEvent(e, &ev)
	return ev, true
}

// placeEvent fills in where event e was: its cushion, pocket and point.
func placeEvent(e *pevent, ev *shot.Event) {
	ev.Rail = string(e.rail)
	ev.Pocket = string(e.pocket)
	if e.hasAt {
		p := shot.FromP(e.at)
		ev.At = &p
	}
}

// resolveIDs gives each confirmed track the ball its identity votes support best,
// all balls distinct: a global assignment, with a little hysteresis.
func (k *Tracker) resolveIDs() {
	k.noteContested()
	rows := k.rowTr[:0]
	for i := range k.tracks {
		if k.tracks[i].used && k.tracks[i].confirmed {
			rows = append(rows, i)
		}
	}
	k.rowTr = rows
	if len(rows) == 0 {
		return
	}
	cols := 16 + len(rows)
	c := k.asg.matrix(len(rows), cols)
	down := k.downBalls()       // comeback.go
	onTable := k.heldOnTable()  // stalegone.go
	lift := k.hiddenHeld()      // hiddenhold.go
	white := k.rackWhites(rows) // rackwhite.go
	read := k.surelyRead()      // elimread.go
	for r, i := range rows {
		tr := &k.tracks[i]
		var sum float64
		for _, v := range tr.votes {
			sum += v
		}
		sum = k.rackWhiteSum(i, sum, white) // rackwhite.go
		w := 1.0
		switch {
		case tr.lifted:
			w = 0.3
		case tr.gone:
			w = 0.6
		}
		keep := k.keepsOwn(i, &down) || k.goneKeeps(i) // downhold.go, gonekeep.go
		for b := 0; b < 16; b++ {
			cost := bigCost
			if k.inPlay[b] && k.mayTake(i, b, &down) && !k.staleTake(i, b, &onTable) && !k.hiddenTake(i, b, &lift) &&
				!(b == 0 && k.cueDownBars(i)) && // cuedown.go
				!(b == 0 && tr.ball != 0 && k.stillThroughStroke(i)) && // swaprest.go
				!(b == 0 && white != nil && white[i]) {
				cost = -w * tr.votes[b] / (sum + 0.5)
				if b == tr.ball {
					cost -= 0.1
				}
				if tr.elim == b+1 && !(tr.gone && read[b]) {
					cost -= elimHold // named by elimination (see eliminate; elimread.go)
				}
				if b == tr.ball && k.held(i) {
					cost -= holdCost // its number contested (contested.go)
				}
				if keep && b == tr.ball {
					cost -= holdCost // a ball on the table does not become a pocketed one (downhold.go)
				}
				if b == 0 && k.cueNotDown(i) {
					cost -= holdCost // the cue ball, its track gone with another ball (cuenotdown.go)
				}
			}
			c[r*cols+b] = cost
		}
		for j := 16; j < cols; j++ {
			c[r*cols+j] = bigCost
		}
		c[r*cols+16+r] = -0.15
		if tr.ball < 0 {
			c[r*cols+16+r] -= 0.05
		}
	}
	as := k.asg.solve(c, len(rows), cols)
	for r, i := range rows {
		tr := &k.tracks[i]
		if j := as[r]; j < 16 {
			if k.trace != nil && tr.ball != j {
				k.trace("%.4f id track %d %d -> %d votes %v", k.lastT, i, tr.ball, j, tr.votes)
			}
			if tr.ball != j {
				k.renames = append(k.renames, rename{tr: i, old: tr.ball})
				tr.namedT = k.lastT
				tr.putBack = false
				if d := down[j]; d != 0 && d-1 != i {
					tr.tookDownT = k.lastT
					tr.putBack = k.phase == idle && !tr.gone // stalegone.go
				}
			}
			k.handTake(i, j, &down) // handtake.go
			tr.ball = j
		} else {
			if k.trace != nil && tr.ball >= 0 {
				k.trace("%.4f id track %d %d -> -1 votes %v", k.lastT, i, tr.ball, tr.votes)
			}
			tr.ball = -1
			if tr.lifted && k.phase == idle {
				tr.used = false // a lifted ball that lost its number to another
			}
		}
	}
	k.renamedAtRest() // restname.go
}

// advance runs the shot state machine: strikes, lags, touches between shots, the
// end of a shot or lag.
func (k *Tracker) advance(t float64) {
	switch k.phase {
	case idle:
		k.tellHeld()
		for ci := range k.chg {
			c := &k.chg[ci]
			if c.done || !c.start {
				continue
			}
			tr := &k.tracks[c.tr]
			if k.lagDue {
				k.beginLag(ci)
				return
			}
			if tr.ball == 0 && k.strikerFirst(ci) {
				return // names crossed: the struck ball left first (strikerfirst.go)
			}
			if tr.ball == 0 {
				// A ball next to the cue ball that started first was hit by
				// it: the cue ball's own start, slow off a near-frozen ball,
				// shows later. The stroke is no later than that ball's start
				// (unless the cue ball, read still since, left too fast for
				// that: sharpstroke.go).
				through := false
				for cj := range k.chg {
					oc := &k.chg[cj]
					if cj != ci && oc.start && !oc.done && oc.t < c.t && oc.t > c.t-float64(cueWait)*k.dt && oc.in.a.Dist(c.in.a) < 2*k.R+30 && !k.restarted(oc) && !k.sharpStroke(c, oc.t) && !k.stayedApart(c, oc) {
						c.t = math.Min(c.t, oc.t-0.5*k.dt)
						through = true
					}
					// A slow cue ball whose neighbour started about when it did
					// (timed before or after it: a slow start's time is rough)
					// pushed it: a stroke, however soft.
					if cj != ci && oc.start && math.Abs(oc.t-c.t) < 0.3 && oc.in.a.Dist(c.in.a) < 2*k.R+30 {
						through = true
						if c.slow {
							// Its start belongs to the shot: explained by the
							// cue ball's push, not a touch between shots.
							c.t = math.Min(c.t, oc.t-0.5*k.dt)
							oc.done = false
						}
					}
					// Other balls further off that started about then: the
					// cue ball pushed into a cluster, its slow start timed
					// roughly (seen only now and then in it); a stroke all
					// the same, no later than the first of them.
					if c.slow && cj != ci && oc.start && math.Abs(oc.t-c.t) < 0.3 {
						through = true
						c.t = math.Min(c.t, oc.t-0.5*k.dt)
						oc.done = false
					}
				}
				if c.slow && !through {
					if k.frame-c.frame < k.slowThroughFrames() {
						continue // a neighbour's start may yet show (slowthrough.go)
					}
					// Creeping off on its own, too slowly for a stroke: it
					// had not quite stopped.
					c.done = true
					continue
				}
				k.beginShot(ci)
				return
			}
		}
		for ci := range k.chg {
			c := &k.chg[ci]
			if !c.done && c.start && k.nextToCue(c) {
				if k.frame-c.frame < cueWait {
					continue // the cue ball may be about to show it started too
				}
				if k.hopStart(c) || k.cueStayed(c) || k.creptNext(c) {
					c.done = true // hopstart.go, cuestayed.go, creepnext.go
					continue
				}
				// It never did: struck through a ball frozen to it, the cue
				// ball barely moved. The stroke was just before this start.
				k.strikeThrough(c)
				return
			}
			if !c.done && c.start && k.frame-c.frame >= holdFrames {
				if k.missedStroke(c) {
					return
				}
				if c.fast = c.fast || k.fastStart(c); c.fast && k.frame-c.frame >= k.strokeWaitFrames() && k.rolledOff(c) {
					k.strokeOnOther(c)
					return
				}
			}
			if !c.done && !c.start && k.frame-c.frame < cueWait && k.startWaits(c.tr) {
				// A bend of a ball whose start waits for the cue ball's (a
				// ball frozen to it, pushed into a cushion): the shot's, once
				// the cue ball shows it started.
				continue
			}
			if !c.done && k.frame-c.frame >= holdFrames {
				if c.start && !c.told && k.tracks[c.tr].ball >= 0 {
					// A ball moved between shots with no stroke: told live only.
					c.told = true
					k.idleStart(c) // wanderhome.go, handback.go
					o := Output{Kind: OutEvent, T: c.t, Event: shot.Event{Kind: shot.Touch, Ball: k.tracks[c.tr].ball}}
					hold := k.strikeTold(c.t) || c.fast
					if k.trace != nil {
						k.trace("%.4f touch track %d ball %d at %.4f (held %v)", k.lastT, c.tr, k.tracks[c.tr].ball, c.t, hold)
					}
					if hold {
						k.heldTouches = append(k.heldTouches, heldTouch{k.frame, o}) // heldtouch.go
					} else {
						k.out = append(k.out, o)
					}
				}
				if c.fast && k.frame-c.frame < k.strokeWaitFrames() {
					// Told as a touch, but it left at a stroke's speed: the
					// cue ball's own start may yet show (this ball was hit,
					// or misread) or the ball roll off as a struck one does
					// (strokeOnOther). Wait before ruling a stroke out.
					continue
				}
				c.done = true
			}
		}
	case inShot:
		k.recordCue()
		if k.atRest() {
			k.endShot(t, true)
		}
	case inLag:
		for i := range k.tracks {
			tr := &k.tracks[i]
			if !tr.used || !tr.moved || !tr.seen || !tr.moving {
				continue
			}
			half := k.W2()
			s := halfOf(tr.last.p.Y, half)
			if s != tr.lastSide && s != tr.side && tr.prev.t > 0 {
				y0, y1 := tr.prev.p.Y, tr.last.p.Y
				f := (half - y0) / (y1 - y0)
				tc := tr.prev.t + f*(tr.last.t-tr.prev.t)
				at := tr.prev.p.Add(tr.last.p.Sub(tr.prev.p).Scale(f))
				k.addEvent(pevent{t: tc, kind: shot.Cross, a: i, at: at, hasAt: true})
			}
			tr.lastSide = s
		}
		if k.atRest() {
			k.endLag(t)
		}
	}
}

// cueWait (frames) is how long a ball next to the resting cue ball that starts
// between shots waits for the cue ball to show it started too (a stroke into a
// near-frozen ball: the cue ball creeps after it).
const cueWait = 40

// strikeThrough begins a shot at a stroke the cue ball was not seen to make: the
// start c of a ball next to the resting cue ball, with nothing else to explain it.
func (k *Tracker) strikeThrough(c *change) {
	cue := -1
	for i := range k.tracks {
		tr := &k.tracks[i]
		if i != c.tr && tr.used && tr.confirmed && !tr.gone && tr.ball == 0 && !tr.moving && tr.rest.Dist(c.in.a) < 2*k.R+30 {
			cue = i
		}
	}
	if cue < 0 {
		return
	}
	t := k.throughT(c) // throughwait.go
	if k.tracks[cue].restT > t-throughRest {
		// The cue ball came to rest after that, or just before: it rolled
		// into the ball at the end of the last shot, and no stroke was
		// played (camera model at 30 fps, seed 4, 8-ball, 442.6 s; seed
		// 33, 14.1, 16.8 s: at rest 83 ms before the 1 crept off it).
		c.done = true
		if k.trace != nil {
			k.trace("%.4f no strike through track %d at %.4f: it came to rest at %.4f", k.lastT, cue, t, k.tracks[cue].restT)
		}
		return
	}
	tr := &k.tracks[cue]
	tr.restT = t
	if k.trace != nil {
		k.trace("%.4f strike through track %d at %.4f", k.lastT, cue, t)
	}
	k.reopenSince(t, cue) // throughwait.go
	from := k.restBefore(cue, t)
	k.chg = append(k.chg, change{tr: cue, start: true, t: t, frame: k.frame, in: still(from, t),
		first: sample{t, from}, lastIn: t, partner: -1})
	k.beginShot(len(k.chg) - 1)
}

// missedStroke begins a shot, flagged for a person, at a stroke the tracker did
// not see: start c of a ball between shots that no stroke explains, while the
// cue ball, at rest until a moment before, is nowhere to be seen (sent off too
// fast to follow, its track lost). A shot must never vanish: a ruling on what
// was seen, with a person asked to check it, beats a break read as a dozen
// touches between shots. It reports whether it began one.
func (k *Tracker) missedStroke(c *change) bool {
	if k.lagDue || k.tracks[c.tr].ball == 0 || k.handStart(c) {
		return false
	}
	cue := -1
	for i := range k.tracks {
		tr := &k.tracks[i]
		born := k.bornStruck(i, c.t) // mouthrest.go
		if i == c.tr || !tr.used || !tr.confirmed || (tr.ball != 0 || tr.moving) && !born {
			continue
		}
		// Not one told pocketed or off the table in the shot before: it is
		// off the bed, and comes back by hand, in view (rendered 14.1, seed
		// 40, 194.2 s: the cue ball pocketed in the head-right corner, then
		// ball 3's reads hopping by the left cushion began a "shot" asked
		// "no stroke seen" and ruled a foul).
		if tr.gone && !tr.lifted && !born {
			continue
		}
		// Unseen since a moment before the start, with nothing hiding it.
		if born || (tr.missClr >= 2 && k.lastT-tr.last.t >= missedCueGap || tr.gone && tr.lifted) && tr.last.t < c.t && c.t-tr.last.t < missedCueTime {
			cue = i
		}
	}
	if cue < 0 {
		return false
	}
	tr := &k.tracks[cue]
	t, from := tr.last.t+0.5*k.dt, tr.rest
	if tr.moving {
		t, from = tr.born+0.5*k.dt, tr.bornAt // struck where first seen (bornStruck)
	}
	if j := k.restedCue(cue, t); j >= 0 {
		// Struck where the cue ball was last seen at rest (restedCue).
		t, from = k.tracks[j].last.t+0.5*k.dt, k.tracks[j].rest
	}
	// A ball that started a moment before is of the shot (its start timed
	// early, or the cue ball's last read late); one that started while the
	// cue ball was still seen at rest is not: the cue ball was not struck
	// yet (rendered 8-ball, seed 56, the second rack's break: a nameless
	// read by the kitchen set off 0.34 s before the cue ball, last seen at
	// rest a frame before its stroke, and the break was told struck then).
	lo := t - missedStrokeLead*k.dt
	for _, o := range k.chg {
		if o.start && o.tr != cue && o.t <= t && o.t >= lo {
			t = o.t - 0.5*k.dt
		}
	}
	if k.trace != nil {
		k.trace("%.4f missed stroke: track %d ball %d started at %.4f, cue ball track %d unseen since %.4f: shot at %.4f", k.lastT, c.tr, k.tracks[c.tr].ball, c.t, cue, tr.last.t, t)
	}
	if tr.gone {
		tr.gone, tr.lifted = false, false
	}
	ci := -1 // c's place in k.chg, which the append may move
	for j := range k.chg {
		if &k.chg[j] == c {
			ci = j
		}
	}
	k.chg = append(k.chg, change{tr: cue, start: true, t: t, frame: k.frame, in: still(from, t),
		first: sample{t, from}, lastIn: t, partner: -1})
	k.beginShot(len(k.chg) - 1)
	k.missedBefore(t) // nostroke.go
	k.reviewWhy, k.missedShot = missedStrokeWhy, true
	if ci >= 0 {
		k.missedMet(&k.chg[ci], cue, t, from) // missedmet.go
	}
	return true
}

// missedStrokeLead (frames): how long before the cue ball's last read a
// ball's start may come and still be of a missed stroke.
const missedStrokeLead = 3

// missedStrokeWhy is the review reason of a shot begun by missedStroke.
const missedStrokeWhy = "no stroke seen: balls moved between shots while the cue ball was lost from view"

// fastStart reports whether start c, between shots, is of a ball not taken for
// the cue ball leaving at a stroke's speed, far faster than a hand moves a ball.
func (k *Tracker) fastStart(c *change) bool {
	tr := &k.tracks[c.tr]
	return !k.lagDue && tr.ball != 0 && tr.moving && tr.nhead+len(tr.seg) >= 3 && tr.fit.vel(k.lastT).Len() >= strokeOnOtherSpeed
}

// rolledOff reports whether the ball of start c, after strokeWait, has rolled
// off on one path a stroke's way from where it rested since a while: not a track
// that hops between balls just put back on the table (a re-rack), nor one that
// went a few centimetres.
func (k *Tracker) rolledOff(c *change) bool {
	tr := &k.tracks[c.tr]
	return tr.moving && tr.seen && c.t-tr.restT >= strokeRested && len(tr.seg) >= strokeSeg && tr.last.p.Dist(c.in.a) >= strokeWay
}

// strokeRested (s), strokeSeg and strokeWay (mm): see rolledOff.
const (
	strokeRested = 0.5
	strokeSeg    = 8
	strokeWay    = 250.0
)

// strokeOnOther begins a shot, flagged for a person, at fast start c (see
// fastStart) when no start of the cue ball came with it: the cue ball struck
// with the two balls' names crossed (or another ball struck, a foul for the
// rules), not a touch.
func (k *Tracker) strokeOnOther(c *change) {
	tr := &k.tracks[c.tr]
	if k.trace != nil {
		k.trace("%.4f stroke on track %d ball %d at %.4f: %.0f mm/s between shots", k.lastT, c.tr, tr.ball, c.t, tr.fit.vel(k.lastT).Len())
	}
	k.beginShot(k.changeIndex(c))
	k.reviewWhy = fmt.Sprintf("stroke on ball %d, not the ball taken for the cue ball", tr.ball)
}

// strokeOnOtherSpeed (mm/s): a ball leaving this fast between shots was struck.
// strokeWait (s): strokeOnOther waits this long (and 15 frames at least) for the
// cue ball's start, and for the ball to roll a stroke's way (rolledOff): at 120
// fps 15 frames are too short for a struck ball to cover strokeWay.
const (
	strokeOnOtherSpeed = 1500.0
	strokeWait         = 0.25
)

// strokeWaitFrames is strokeWait in frames at the tracker's frame rate.
func (k *Tracker) strokeWaitFrames() int {
	return max(15, int(math.Ceil(strokeWait/k.dt-1e-6)))
}

// changeIndex is the index in k.chg of change c (a pointer into it).
func (k *Tracker) changeIndex(c *change) int {
	for i := range k.chg {
		if &k.chg[i] == c {
			return i
		}
	}
	return -1
}

// missedCueTime (s): missedStroke takes a start for a stroke's when the cue ball
// was last seen at rest this little before it, and has been unseen since, with
// nothing hiding it, for missedCueGap at least (a cue ball in a cluster is missed
// for a few frames at a time).
const (
	missedCueTime = 0.5
	missedCueGap  = 0.12
)

// nextToCue reports whether a start from rest began within a diameter and a bit
// of the cue ball at rest.
func (k *Tracker) nextToCue(c *change) bool {
	if k.tracks[c.tr].ball == 0 {
		return false
	}
	for i := range k.tracks {
		tr := &k.tracks[i]
		if i != c.tr && tr.used && tr.confirmed && !tr.gone && tr.ball == 0 && !tr.moving && tr.rest.Dist(c.in.a) < 2*k.R+30 {
			return true
		}
	}
	return false
}

// W2 is the long axis y = W/2.
func (k *Tracker) W2() float64 { return k.tab.W / 2 }

func halfOf(y, half float64) int {
	if y < half {
		return -1
	}
	return 1
}

// atRest reports whether every confirmed ball is at rest or gone and nothing waits
// to be explained.
func (k *Tracker) atRest() bool {
	for i := range k.tracks {
		tr := &k.tracks[i]
		if !tr.used || !tr.confirmed {
			continue
		}
		if tr.gone && !tr.lifted && k.phase == inShot && tr.goneT >= k.strikeT && k.lastT-tr.goneT < goneHold {
			// Just dropped: a ball that rattled in the jaws, unseen there,
			// may yet come back out (newTrack takes it back while the shot
			// lasts).
			return false
		}
		if k.mouthWait(i) { // mouthhold.go
			return false
		}
		if k.lipWait(i) { // lipwait.go
			return false
		}
		if tr.gone && !tr.lifted && k.phase == inShot && tr.goneT >= k.strikeT && k.lastT-tr.goneT < offBedHold && k.goneOffBed(i) {
			// Told off the table from the open bed: lost there, it may be
			// read again rolling on (offbed.go).
			return false
		}
		if tr.gone {
			continue
		}
		if tr.moving || tr.npend > 0 {
			return false
		}
		if k.phase == inShot && tr.moved && k.lastT-tr.restT < holeHold {
			if _, over := k.overHole(tr.rest); over {
				// Come to rest past the mouth line, over the hole: it is
				// still dropping (seen sinking, it looks still). Give it
				// time to go, within the shot.
				return false
			}
		}
	}
	for _, c := range k.chg {
		if !c.done {
			return false
		}
	}
	return true
}

// goneHold (s): a shot does not end until this long after a ball of it was
// taken for pocketed. holeHold (s): nor until this long after a ball of it came
// to rest over a pocket's hole.
const (
	goneHold = 0.25
	holeHold = 0.5
)

// beginShot starts a shot at the strike of change ci (the cue ball's start).
func (k *Tracker) beginShot(ci int) {
	c := &k.chg[ci]
	c.done = true
	k.phase = inShot
	k.strikeT = c.t
	k.strikeTr = c.tr
	k.releaseHeld(c.t) // heldtouch.go
	for j := range k.chg {
		if o := &k.chg[j]; o.told && o.t < c.t-preStroke {
			o.done = true // a touch between shots, told as such
		}
	}
	k.events = k.events[:0]
	k.provRails = k.provRails[:0]
	k.stopPasses = k.stopPasses[:0]
	k.leaves = k.leaves[:0]
	k.cones = k.cones[:0]
	k.rackNone = k.rackNone[:0]
	k.reviewWhy, k.reviewFirst, k.reviewRead, k.reviewHid = "", [2]int{}, nil, false
	k.weak = k.weak[:0]
	k.missedShot = false
	k.doubts = k.doubts[:0]
	k.strokeGone = k.strokeGone[:0]
	k.backedNear = k.backedNear[:0]
	k.cueIn = k.cueIn[:0]
	k.cueLead, k.leadKept = k.cueLead[:0], false
	k.late = k.late[:0]
	k.movedFrom = k.movedFrom[:0]
	clear(k.before)
	clear(k.beforeID)
	k.swapOff = k.swapOff[:0]
	k.jawTips = k.jawTips[:0]
	k.nearPasses = k.nearPasses[:0]
	k.faint = 0
	for i := range k.tracks {
		tr := &k.tracks[i]
		tr.moved = false
		tr.railGap, tr.earlyGap = math.Inf(1), math.Inf(1)
		tr.slog, tr.slowNext = tr.slog[:0], 0
		k.noteEarly(tr, c.t) // railearly.go
		if !tr.used || !tr.confirmed || tr.gone {
			continue
		}
		switch {
		case i == c.tr:
			k.before[i] = c.in.a
		case tr.moving && !k.startedAfter(i, c.t-2*k.dt) && (tr.fit.vel(c.t).Len() < 60 || k.wandersInPlace(i, c.t) || k.jumpedHome(i, c.t)):
			// Barely creeping, or going nowhere (stilljit.go): at rest as far
			// as anyone can see.
			tr.moving = false
			tr.rest = k.position(tr)
			tr.restT = c.t
			k.before[i] = tr.rest
		case tr.moving && !k.startedAfter(i, c.t-earlyStart) && (len(tr.seg) < movingSeg || k.backLately(i, c.t)):
			// Its path since the last break too short to say it rolls: a
			// ghost hopping between two spots, a ball just bumped; or a ball
			// back on the table only just before (see backLately). A person
			// decides; no foul is called on it.
			k.before[i] = k.position(tr)
			k.doubts = append(k.doubts, doubt{tr: i, t: c.t, why: fmt.Sprintf("ball %d may have been moving at the stroke", tr.ball)})
			if k.trace != nil {
				k.trace("%.4f moving at the stroke not told: track %d ball %d, %d detections since its last break", k.lastT, i, tr.ball, len(tr.seg))
			}
		case tr.moving && !k.startedAfter(i, c.t-earlyStart):
			k.before[i] = k.position(tr)
			k.addEvent(pevent{t: c.t, kind: shot.Moving, a: i})
			k.noteMovingFrom(i) // movejit.go
		case tr.moving:
			k.before[i] = k.startPoint(i)
		default:
			k.before[i] = tr.rest
			if p, ok := k.startedFrom(i, c.t); ok {
				// At rest again when a stroke through was told: where it
				// stood at the stroke (throughwait.go).
				k.before[i] = p
			}
		}
		k.beforeID[i] = tr.ball
		k.markFaint(i, c.t)
		k.trialFaint(i) // faintghost.go
	}
	k.tracks[c.tr].moved = true
	k.addEventFront(pevent{t: c.t, kind: shot.Strike, a: c.tr})
	k.goneAtStroke(ci)   // goneatstroke.go
	k.leavesAtStroke(ci) // leavebefore.go
	k.frozenToCue(ci)
	k.frozenReadsAtStroke() // frozendoubt.go
}

// preStroke (s): an event of balls other than the cue ball timed this long or
// more before the stroke is no event of the shot (addEvent).
const preStroke = 0.05

// earlyStart (s): a ball that started from rest this little before the stroke
// started with it (its start timed early, or the stroke late: a cue ball in a
// cluster is seen only now and then), not moving at the stroke (beginShot).
const earlyStart = 0.1

// movingSeg: a ball moving at the stroke is told (rule: balls still moving) only
// when its path since its last break holds this many detections (beginShot).
const movingSeg = 6

// frozenToCue adds the first contact of a stroke through a ball frozen to the
// cue ball (rule 1.18's frozen ball): a ball that rested touching the cue ball
// and started within a few frames of the stroke was pushed by it at once, before
// either path shows anything to pair.
func (k *Tracker) frozenToCue(ci int) {
	for cj := range k.chg {
		if cj != ci && !k.behindStroke(cj) { // cueaway.go
			k.frozenStart(cj)
		}
	}
}

// frozenStart explains start cj, in a shot, by the stroke when its ball rested
// frozen to the cue ball and started within a few frames of the stroke (see
// frozenToCue); it reports whether it did.
func (k *Tracker) frozenStart(cj int) bool {
	oc := &k.chg[cj]
	cue := k.strikeTr
	from, ok := k.before[cue]
	if k.phase != inShot || !oc.start || oc.tr == cue || oc.partner >= 0 || math.Abs(oc.t-k.strikeT) > frozenCueFrames*k.dt ||
		!ok || oc.in.a.Dist(from) > 2*k.R+table.FrozenTolerance+2*k.cfg.Sigma || k.leftAcross(oc, from) {
		return false
	}
	if k.trace != nil {
		k.trace("%.4f frozen to the cue ball: track %d ball %d", k.lastT, oc.tr, k.tracks[oc.tr].ball)
	}
	pa, pb := still(from, k.strikeT), still(oc.in.a, k.strikeT)
	oc.done, oc.partner = true, cue
	if e := k.contact(cue, oc.tr, k.strikeT, &pa, &pb, false); e != nil {
		// Timed again at the end of the shot: from the struck ball's way
		// out, and the cue ball's from its rest point (strokeTime).
		e.sides[0] = side{tr: cue, in: pa, first: math.NaN()}
		e.sides[1] = side{tr: oc.tr, in: pb, rest: true, first: oc.first.t}
		k.startEst(&e.sides[1], oc) // frozentime.go: the struck ball's start
		k.pushedRail(oc, from, e.seq)
	}
	return true
}

// pushedRail adds the cushion hit of a ball frozen to the cue ball that the
// stroke pushed into a cushion near it (start oc, the cue ball resting at cue):
// it leaves along the line of centres, and met the cushion before its path
// could show it (often before its first detection). Its speed is what its
// first detections show (after the cushion, if it met it: slower, so timed no
// earlier than it was).
func (k *Tracker) pushedRail(oc *change, cue table.Point, seq int) {
	if r, _ := k.tab.NearestRail(oc.in.a); k.nearMouth(oc.in.a, r) {
		return // in a pocket's mouth: its jaws, or the pocket
	}
	tr := &k.tracks[oc.tr]
	n := oc.in.a.Sub(cue)
	if n.Len() == 0 {
		return
	}
	n = n.Scale(1 / n.Len())
	var sp float64
	if v, _, ok := velFit(tr.seg); ok {
		sp = v.Len()
	} else if dt := oc.first.t - k.strikeT; dt > 0 {
		sp = oc.first.p.Dist(oc.in.a) / dt
	}
	// Its detections before its start was told may show it left faster
	// (pushspeed.go).
	sp = max(sp, k.pushedSpeed(tr, oc.in.a, n))
	if sp <= 0 {
		return
	}
	k.frozenRail(oc.tr, oc.in.a, cue, n.Scale(sp/0.975), k.strikeT, seq)
}

// frozenCueFrames: a ball frozen to the cue ball that starts this many frames or
// fewer from the stroke was pushed by it.
const frozenCueFrames = 6

// startedAfter reports whether track i has a start from rest after time t (or
// its current motion began after t).
func (k *Tracker) startedAfter(i int, t float64) bool {
	for _, c := range k.chg {
		if c.tr == i && c.start && c.t >= t {
			return true
		}
	}
	tr := &k.tracks[i]
	return tr.moving && tr.startT >= t
}

// startPoint is where track i rested before its latest start.
func (k *Tracker) startPoint(i int) table.Point {
	p := k.position(&k.tracks[i])
	best := math.Inf(-1)
	for _, c := range k.chg {
		if c.tr == i && c.start && c.t > best {
			best, p = c.t, c.in.a
		}
	}
	return p
}

func (k *Tracker) addEventFront(e pevent) {
	k.events = append(k.events, pevent{})
	copy(k.events[1:], k.events)
	k.events[0] = e
	if ev, ok := k.toEvent(&e, k.strikeT); ok {
		// Tell the strike before the moving events of the same instant.
		k.out = append(k.out, Output{})
		n := len(k.out) - 1
		for n > 0 && k.out[n-1].Kind == OutEvent && k.out[n-1].Event.Kind == shot.Moving {
			k.out[n] = k.out[n-1]
			n--
		}
		k.out[n] = Output{Kind: OutEvent, T: e.t, Event: ev}
	}
}

// endShot closes the shot in progress; stopped says every ball came to rest.
func (k *Tracker) endShot(t float64, stopped bool) {
	k.endProbes()
	k.endPasses()
	k.judgePressed(true)
	for i := range k.tracks {
		k.finishContacts(i)
	}
	for i := range k.events {
		if k.events[i].kind == shot.Contact {
			k.combineContact(&k.events[i])
		}
	}
	k.retimeLate() // lateside.go
	k.retimePushes()
	k.fixPartners()
	// presscone.go: contacts from the paths that the cone's explain.
	k.dropConeShadows()
	k.frozenCascades() // frozen.go: pushes through pressed balls
	for i := range k.events {
		// A contact with a ball at rest, free to move, that never moved: the
		// path that seemed to reach it bent for another reason. A touch of a
		// ball that ends where it rested: its detections jumped and came back
		// (a passing ball or the arm in the image), nothing touched it.
		if e := &k.events[i]; (e.kind == shot.Contact || e.kind == shot.Touch) && e.still >= 0 && !e.cancel {
			// Unless it was struck into a cushion near it (railhome.go).
			if tr := &k.tracks[e.still]; tr.used && !tr.gone && !tr.moving && tr.rest.Dist(e.stillAt) < 3*k.cfg.Sigma+1 && (!e.group || k.backersStill(e)) && !k.struckHome(e) {
				e.cancel = true
			} else if e.kind == shot.Contact && k.satStill(e) && !k.struckHome(e) { // satstill.go
				e.cancel = true
			}
			if e.kind == shot.Touch && k.homeAtStroke(e.still) {
				e.cancel = true // touchhome.go
			}
		}
	}
	k.dropHitBack()    // hitback.go: a contact told for a vanishing, the ball back where it rested
	k.dropNearMisses() // nearmiss.go: a ball at rest read towards one passing clear of it
	k.keepStops()      // stopagainst.go
	k.shotRails()
	k.keepProvRails(math.Inf(1))
	k.dropStillRails()
	k.dropMouthBends() // rail.go
	k.frozenPair()     // frozenpair.go: before the rail events derived from its contacts follow them
	// Rail events derived from a contact (and contacts of the push it
	// passed through pressed balls, presscone.go) follow it (see pevent.after).
	for i := range k.events {
		if e := &k.events[i]; e.after > 0 {
			for j := range k.events {
				if c := &k.events[j]; c.seq == e.after {
					e.t = c.t + e.off
					e.cancel = e.cancel || c.cancel
				}
			}
		}
	}
	k.dropRailTwice() // railtwice.go
	k.dropStayPut()
	k.dropHandBack()   // handback.go
	k.dropWanderHome() // wanderhome.go
	k.unseenCueHit()   // cuenear.go
	k.hiddenPot()      // vanish.go
	k.hiddenWayPot()   // hiddenwaypot.go
	k.turnBack()       // turnback.go
	k.firstByPath()
	k.firstIDs()
	k.lateStroke()      // flipstart.go
	k.missedLate()      // missedlate.go
	k.dropHomeTouches() // touchmet.go: a touch the ball's reads never showed, once every contact is in
	k.dropBridgeHands() // bridgehand.go
	t0 := k.strikeT
	if stopped {
		stop := t0
		for _, e := range k.events {
			stop = math.Max(stop, e.t)
		}
		for i := range k.tracks {
			tr := &k.tracks[i]
			if tr.used && tr.confirmed && tr.moved && !tr.gone {
				stop = math.Max(stop, tr.restT)
			}
			if tr.used && tr.byRail && tr.goneT >= t0 {
				// Lost moving by a cushion, on the table: it rolled on
				// at least until then (offrail.go).
				stop = math.Max(stop, tr.goneT)
			}
		}
		k.events = append(k.events, pevent{t: stop, kind: shot.Stop})
		k.out = append(k.out, Output{Kind: OutEvent, T: stop, Event: shot.Event{T: stop - t0, Kind: shot.Stop}})
	}
	k.liftedHeirs() // strokeheir.go
	rec := &shot.Shot{Before: shot.Positions{}, After: shot.Positions{}}
	start := t0
	rec.Start = &start
	k.placesBefore(rec)
	k.cueBefore(rec) // cuebefore.go
	k.frozenFirst()  // frozenshift.go
	for i := range k.events {
		if k.events[i].t < t0 {
			k.events[i].t = t0 // nothing of the shot happens before its stroke
		}
	}
	sort.SliceStable(k.events, func(i, j int) bool {
		a, b := &k.events[i], &k.events[j]
		if a.t != b.t {
			return a.t < b.t
		}
		if a.kind == shot.Strike || b.kind == shot.Strike {
			return a.kind == shot.Strike && b.kind != shot.Strike
		}
		// At the same instant (a cluster's contacts, clamped to the stroke),
		// the cue ball's comes first: it set the others off.
		ca := a.kind == shot.Contact && (a.a == k.strikeTr || a.b == k.strikeTr)
		cb := b.kind == shot.Contact && (b.a == k.strikeTr || b.b == k.strikeTr)
		return ca && !cb
	})
	var unseen, nameless []string
	var namelessEvs []unknownEv // (unidentified.go)
	readable := true
	for i := range k.events {
		e := &k.events[i]
		if e.cancel {
			continue
		}
		ev, ok := k.toEvent(e, t0)
		if !ok {
			ev, ok = k.heirEvent(e, ev) // liftheir.go
		}
		if !ok {
			if k.phantomEvent(e) {
				continue // not a ball's (see phantom)
			}
			if k.trace != nil {
				k.trace("%.4f unidentified %s at %.4f: tracks %d %d, balls then %v", k.lastT, e.kind, e.t, e.a, e.b, e.ids)
			}
			nameless = append(nameless, namelessWhy(e.kind))
			u, known := k.unknownEvent(e, t0)
			namelessEvs = append(namelessEvs, u)
			readable = readable && known
			continue
		}
		if e.kind == shot.Contact && e.unseen && k.toldPair(rec.Events, ev, 0.1) {
			continue // the same contact again, roughly timed from a second track
		}
		rec.Events = append(rec.Events, ev)
	}
	for i := range k.tracks {
		tr := &k.tracks[i]
		if !tr.used || !tr.confirmed || tr.gone || tr.ball < 0 {
			continue
		}
		rec.After[tr.ball] = shot.FromP(k.position(tr))
	}
	k.lostOff(rec) // lostbed.go
	if r := k.review(rec); r != "" {
		unseen = append(unseen, r)
	}
	if len(nameless) > 0 {
		// A doubt about which balls the nameless events were is asked unless
		// every reading of them gets the ruling told (unidentified.go).
		var alts []*shot.Shot
		if readable && len(unseen) == 0 {
			alts = k.unknownReading(rec, namelessEvs)
		}
		if len(unseen) > 0 || !k.needless(nameless[0], rec, alts) {
			unseen = append(unseen, nameless...)
		}
	}
	k.noteJawRests() // jawrest.go: for the shots after
	if r := k.appeared(rec); r != "" {
		unseen = append(unseen, r)
	}
	if len(unseen) > 0 {
		rec.Review = &shot.Review{Reason: unseen[0]}
	}
	if why := k.noStroke(rec); why != "" { // nostroke.go
		if k.trace != nil {
			k.trace("%.4f no stroke at %.4f (%s): the shot is not sent", k.lastT, t0, why)
		}
	} else {
		k.out = append(k.out, Output{Kind: OutShot, T: t0, Shot: rec})
	}
	k.lastAfter = rec.After.Clone() // where the next shot's unseen balls rested (stillunseen.go)
	k.noteShotEnd(rec)              // creepon.go
	k.dropPhantoms()
	k.phase = idle
	k.events = k.events[:0]
	_ = t
}

// toldPair reports whether events holds a contact of ev's two balls less than
// within seconds before it.
func (k *Tracker) toldPair(events []shot.Event, ev shot.Event, within float64) bool {
	for _, x := range events {
		if x.Kind == shot.Contact && ev.T-x.T < within && ev.T >= x.T &&
			(x.A == ev.A && x.B == ev.B || x.A == ev.B && x.B == ev.A) {
			return true
		}
	}
	return false
}

// review says why the deciding events of shot rec need a person's eye, or "".
// A doubt whose other readings (judge.go, readings.go) the judge finds cannot
// change the ruling is not asked; the next doubt is looked at.
func (k *Tracker) review(rec *shot.Shot) string {
	var first []*pevent
	for i := range k.events {
		e := &k.events[i]
		if e.cancel || e.kind != shot.Contact || (e.a != k.strikeTr && e.b != k.strikeTr) {
			continue
		}
		first = append(first, e)
		if len(first) == 2 {
			break
		}
	}
	if why := firstOccludedWhy; len(first) >= 1 && first[0].unseen && !k.needless(why, rec, firstAlts(rec, anyFirst(rec))) {
		return why
	}
	if k.reviewWhy != "" && !k.needless(k.reviewWhy, rec, k.whyReading(rec)) {
		return k.reviewWhy
	}
	if why := k.weakWhy(rec); why != "" {
		return why // weakback.go
	}
	if why, alts := k.movingBackDoubt(rec); why != "" && !k.needless(why, rec, alts) {
		return why // movejit.go
	}
	if why := k.doubtWhy(rec); why != "" {
		return why
	}
	if why, alts := k.overlapDoubt(rec); why != "" && !k.needless(why, rec, alts) {
		return why // overlap.go
	}
	if why := k.stackDoubt(rec); why != "" {
		return why // overlap.go
	}
	if why, alts := k.mouthDoubt(rec); why != "" && !k.needless(why, rec, alts) {
		return why // mouthrest.go
	}
	if why, alts := k.crawlDoubt(rec); why != "" && !k.needless(why, rec, alts) {
		return why // crawlhole.go
	}
	if why, alts := k.jawRestDoubt(rec); why != "" && !k.needless(why, rec, alts) {
		return why // jawrest.go
	}
	if why, alts := k.rattleDoubt(rec); why != "" && !k.needless(why, rec, alts) {
		return why // jawrattle.go
	}
	if why, alts := k.jumpDoubt(rec); why != "" && !k.needless(why, rec, alts) {
		return why // jawjump.go
	}
	if why, alts := k.lostBedDoubt(rec); why != "" && !k.needless(why, rec, alts) {
		return why // lostbed.go
	}
	if why, alts := k.vanishedDoubt(rec); why != "" && !k.needless(why, rec, alts) {
		return why // vanished.go
	}
	if why, alts := k.rackGoneDoubt(rec); why != "" && !k.needless(why, rec, alts) {
		return why // rackgone.go
	}
	if why, alts := k.jawTipDoubt(rec); why != "" && !k.needless(why, rec, alts) {
		return why // jawtip.go
	}
	if why := k.hiddenWayDoubt(); why != "" {
		return why // hiddenway.go
	}
	for _, why := range k.unknownAtStroke() {
		if !k.needless(why, rec, unseenReading(why, rec)) {
			return why
		}
	}
	if why, b, m := k.contestedWhy(); why != "" && !k.needless(why, rec, contestedReading(rec, b, m)) {
		return why
	}
	if len(first) == 2 {
		o1, o2 := first[0].a+first[0].b-k.strikeTr, first[1].a+first[1].b-k.strikeTr
		why := fmt.Sprintf("two candidate first contacts within %.1f ms", (first[1].t-first[0].t)*1000)
		if o1 != o2 && (first[1].t-first[0].t < 0.004 || k.metAtOnce(first[0], first[1])) && !k.wayOrdersPair(o1, o2, first[0].t) && !k.needless(why, rec, firstAlts(rec, k.trackBalls(o1, o2))) {
			return why
		}
		if why := k.wayMissDoubt(o1, o2, first[0].t, first[1].t); why != "" && !k.needless(why, rec, firstAlts(rec, k.trackBalls(o1, o2))) {
			return why // waymiss.go
		}
		if why := k.looseOrderWhy(first[0], first[1]); o1 != o2 && why != "" && !k.needless(why, rec, firstAlts(rec, k.trackBalls(o1, o2))) {
			return why // looseorder.go
		}
	}
	if len(first) >= 1 {
		if why, bs := k.hitBeforeWhy(first[0]); why != "" && !k.needless(why, rec, firstAlts(rec, bs)) {
			return why // hitbefore.go
		}
		if why, b := k.headWhy(first[0]); why != "" && !k.needless(why, rec, firstAlts(rec, []int{b})) {
			return why // rackhead.go
		}
	}
	for i := range k.events {
		e := &k.events[i]
		if e.unseen && !e.cancel && (e.kind == shot.Pocketed || e.kind == shot.OffTable) {
			return e.kind + " not seen (occluded)"
		}
	}
	if why, b := k.renamedFirstWhy(); why != "" && !k.needless(why, rec, firstAlts(rec, []int{b})) {
		return why // firstid.go
	}
	if why, alts := k.missDoubt(rec); why != "" && !k.needless(why, rec, alts) {
		return why // nearmiss.go
	}
	if why, alts := k.nearPassDoubt(rec); why != "" && !k.needless(why, rec, alts) {
		return why // nearpass.go
	}
	if why, alts := k.touchMetDoubt(rec); why != "" && !k.needless(why, rec, alts) {
		return why // touchmet.go
	}
	if why, alts := k.handDoubt(rec); why != "" && !k.needless(why, rec, alts) {
		return why // bridgehand.go
	}
	if why, alts := k.frozenShiftDoubt(rec); why != "" && !k.needless(why, rec, alts) {
		return why // frozenshift.go
	}
	if why, alts := k.hitBackDoubt(rec); why != "" && !k.needless(why, rec, alts) {
		return why // hitback.go
	}
	if why, alts := k.unmetDoubt(rec); why != "" && !k.needless(why, rec, alts) {
		return why // unmet.go
	}
	if len(first) >= 1 {
		if why, b := k.railDoubt(first[0]); why != "" && !k.needless(why, rec, railReading(rec, b)) {
			return why
		}
		if why, alts := k.railRestDoubt(rec, first[0].t); why != "" && !k.needless(why, rec, alts) {
			return why // railrest.go
		}
		if why, alts := k.crawlRailDoubt(rec, first[0].t); why != "" && !k.needless(why, rec, alts) {
			return why // crawlrail.go
		}
		if why := k.railOrderDoubt(first[0]); why != "" && !k.needless(why, rec, railOrderReading(rec)) {
			return why // railorder.go
		}
		if why, alts := k.railPinchDoubt(rec); why != "" && !k.needless(why, rec, alts) {
			return why // railpinch.go
		}
		if why := k.railNextDoubt(first[0]); why != "" && !k.needless(why, rec, railNextReading(rec)) {
			return why // railorder.go
		}
		if why, alts := k.frozenDoubt(rec); why != "" && !k.needless(why, rec, alts) {
			return why // frozendoubt.go
		}
		if why, alts := k.metFrozenDoubt(rec); why != "" && !k.needless(why, rec, alts) {
			return why // frozenmet.go
		}
		return ""
	}
	if why, b := k.contactDoubt(); why != "" && !k.needless(why, rec, contactReading(rec, b)) {
		return why
	}
	if why, b := k.passDoubt(); why != "" && !k.needless(why, rec, contactReading(rec, b)) {
		return why // passdoubt.go
	}
	if why, alts := k.shiftedDoubt(rec); why != "" && !k.needless(why, rec, alts) {
		return why // shifted.go
	}
	return ""
}

// railDoubtGap (mm): a ball seen this near a cushion may have touched it.
const railDoubtGap = 15.0

// beginLag starts the lag at the start of change ci.
func (k *Tracker) beginLag(ci int) {
	c := &k.chg[ci]
	c.done = true
	k.phase = inLag
	k.strikeT = c.t
	k.lagDue = false
	k.events = k.events[:0]
	clear(k.before)
	clear(k.beforeID)
	k.swapOff = k.swapOff[:0]
	k.jawTips = k.jawTips[:0]
	k.nearPasses = k.nearPasses[:0]
	for i := range k.tracks {
		tr := &k.tracks[i]
		tr.moved = false
		if tr.used && tr.confirmed && !tr.gone {
			p := tr.rest
			if i == c.tr {
				p = c.in.a
			}
			k.before[i] = p
			tr.side = halfOf(p.Y, k.W2())
			tr.lastSide = tr.side
		}
	}
	k.tracks[c.tr].moved = true
	for cj := range k.chg {
		if x := &k.chg[cj]; !x.done && x.start {
			x.done = true
			k.tracks[x.tr].moved = true
		}
	}
}

// endLag closes the lag: each player's ball with its events and rest.
func (k *Tracker) endLag(t float64) {
	var balls []int
	for i := range k.tracks {
		if tr := &k.tracks[i]; tr.used && tr.confirmed && tr.moved {
			balls = append(balls, i)
		}
	}
	if len(balls) > 2 {
		balls = balls[:2]
	}
	// A ball that did not move still lagged (it was not shot): pick the nearest
	// resting ball to the other's start behind the head string.
	for len(balls) < 2 {
		best, bd := -1, math.Inf(1)
		for i, p := range k.before {
			if len(balls) == 1 && i == balls[0] {
				continue
			}
			if d := p.X; d < bd {
				best, bd = i, d
			}
		}
		if best < 0 {
			break
		}
		balls = append(balls, best)
	}
	if len(balls) < 2 {
		k.phase = idle
		return
	}
	if k.before[balls[0]].Y > k.before[balls[1]].Y {
		balls[0], balls[1] = balls[1], balls[0]
	}
	lag := &shot.Lag{Balls: map[string]shot.LagBall{}}
	sort.SliceStable(k.events, func(i, j int) bool { return k.events[i].t < k.events[j].t })
	for n, i := range balls {
		tr := &k.tracks[i]
		lb := shot.LagBall{Events: []shot.Event{}}
		for _, e := range k.events {
			if e.a != i || e.cancel {
				continue
			}
			switch e.kind {
			case shot.RailHit, shot.Pocketed, shot.OffTable, shot.Cross:
			default:
				continue
			}
			ev := shot.Event{T: math.Max(0, e.t-k.strikeT), Kind: e.kind, Ball: max(tr.ball, 0), Rail: string(e.rail), Pocket: string(e.pocket)}
			if e.hasAt {
				p := shot.FromP(e.at)
				ev.At = &p
			}
			lb.Events = append(lb.Events, ev)
		}
		if !tr.gone {
			p := shot.FromP(tr.rest)
			lb.Rest = &p
		}
		name := k.lagNames[n]
		if name == "" {
			name = fmt.Sprintf("player %d", n+1)
		}
		lag.Balls[name] = lb
	}
	k.out = append(k.out, Output{Kind: OutLag, T: k.strikeT, Lag: lag})
	k.phase = idle
	k.events = k.events[:0]
	_ = t
}

// Flush ends the input: a shot or lag in progress is closed as it stands (a shot
// without a stop event). The returned slice is reused by the next call.
func (k *Tracker) Flush() []Output {
	k.out = k.out[:0]
	switch k.phase {
	case idle:
		k.releaseHeld(math.Inf(1)) // no shot began for them (heldtouch.go)
	case inShot:
		k.endShot(k.lastT, false)
	case inLag:
		k.endLag(k.lastT)
	}
	return k.out
}

// veeTest's settings: it looks at the last veeMax detections, once at least
// veeAfter follow the nearest one to the cushion; fall and rise must be veeSlope
// (mm/s) or more, and the V must beat the quadratic by veeK times the noise's
// variance.
const (
	veeMax   = 24
	veeAfter = 6
	veeSlope = 20.0
	veeK     = 12.0
	veeRise  = 4.0 // mm: the mean distance of the first and last three detections
)

// startWaits reports whether track i has a start between shots that waits for
// the cue ball to show its own (a ball next to the resting cue ball: see
// advance).
func (k *Tracker) startWaits(i int) bool {
	for cj := range k.chg {
		if oc := &k.chg[cj]; oc.tr == i && oc.start && !oc.done && k.nextToCue(oc) {
			return true
		}
	}
	return false
}

// dropStillRails drops, as the shot ends, the cushion hits of a ball that
// nothing hit (no contact of it stands; not the cue ball) and that rests where
// it rested at the stroke: it never moved, and its hits were the detector's
// centre jumping about next to a cushion.
func (k *Tracker) dropStillRails() {
	for i := range k.events {
		e := &k.events[i]
		if e.cancel || e.kind != shot.RailHit || e.a == k.strikeTr {
			continue
		}
		tr := &k.tracks[e.a]
		from, ok := k.before[e.a]
		if !ok || !tr.used || tr.gone || tr.moving || tr.rest.Dist(from) >= 3*k.cfg.Sigma+1 || k.hasContact(e.a) {
			continue
		}
		if k.trace != nil {
			k.trace("%.4f rail of track %d %s at %.4f dropped: nothing hit it and it rests where it did", k.lastT, e.a, e.rail, e.t)
		}
		e.cancel = true
	}
}

// hasContact reports whether a contact of track i stands in the shot.
func (k *Tracker) hasContact(i int) bool {
	for j := range k.events {
		if e := &k.events[j]; !e.cancel && e.kind == shot.Contact && (e.a == i || e.b == i) {
			return true
		}
	}
	return false
}

// bornOn reports whether path p, the way into a break of track o, was fitted
// from o's first detection on: the track was made on it, and the path says
// nothing of where the ball was before. Blue 30 fps 9-ball break, seed 42: the
// cue ball, unread in flight, was taken up by a new track on its way back off
// the 1; that way run back 80 ms passed the 4, and the 4's start was paired
// with it before the cue ball met the 1 (TestBreakWayOutNotIn).
func (k *Tracker) bornOn(o *track, p *path) bool {
	return p.lo <= o.born+k.dt/2
}

// beforeFirst reports whether time t (an event's) is at or before the
// stroke at t0, or before the first contact of the cue ball's track: until
// then the cue ball is that track and no other. Green 30 fps 9-ball break,
// seed 1: a false contact of the 3 and the 4, 48 ms before the cue ball met
// the 1, was told of the 4's track, which ended the scramble carrying the
// cue ball's number; the record named it the cue ball's first contact, with
// the 3, and wrong_ball_first was called on a legal break (asked).
func (k *Tracker) beforeFirst(t, t0 float64) bool {
	if t <= t0 {
		return true
	}
	fi := k.firstCueContact()
	return fi >= 0 && t < k.events[fi].t
}
