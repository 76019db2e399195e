package tracking

import (
	"math"

	"github.com/cueref/cueref/shot"
	"github.com/cueref/cueref/table"
)

// Provisional events (OutProvisional) are told on the first frame that shows
// them, from one detection: a ball seen off its rest point or off its path next
// to another ball or a cushion, a moving ball carried inside touching distance
// of a ball at rest, a moving ball gone from view in a pocket's mouth.
// The tracker confirms them later (OutEvent) from the fitted paths.

// prov is a provisional event already told, so that it is told once.
type prov struct {
	kind string
	a, b int // tracks (b −1 when none)
	t    float64
	rail string // a rail's cushion
	by   provBy // what timed it (provretime.go)
}

// provSame (s): a provisional event of the same kind and tracks within this of
// one already told is the same.
const provSame = 0.2

// provisional tells a provisional event of tracks a (and b, −1 none) at source
// time t, unless it was told already.
func (k *Tracker) provisional(kind string, a, b int, t float64, e shot.Event) {
	k.tell(kind, a, b, t, e, false, provSame)
}

// provMet tells the provisional contact of tracks a and b at t that their
// paths say they met (provPass, provMeet): timed from the paths, it may be the
// two balls meeting again (see contactSpent).
func (k *Tracker) provMet(a, b int, t float64, e shot.Event) {
	k.tell(shot.Contact, a, b, t, e, true, provSame)
}

// tell tells provisional event e unless it was told already (one of the same
// kind and tracks within same of t, unless t re-times it: see provToldNear; or
// a confirmed one within sameEvent); met says a contact is timed from paths
// that met (see provMet).
func (k *Tracker) tell(kind string, a, b int, t float64, e shot.Event, met bool, same float64) {
	by := provByDetection
	if met {
		by = provByPath
	}
	k.tellBy(kind, a, b, t, e, met, same, by)
}

// tellBy is tell of an event timed as by says (provretime.go).
func (k *Tracker) tellBy(kind string, a, b int, t float64, e shot.Event, met bool, same float64, by provBy) {
	if kind == shot.Contact && same >= provSame {
		// Timed from the striker's path where it can be (a start or a
		// break is seen a frame or more after the contact); not a re-kiss
		// (told with a smaller same, timed by its model: the striker's
		// path is still the one into the first contact).
		if _, _, tc, ok := k.provStriker(a, b, t); ok {
			t = tc
			e.T = math.Max(0, t-k.strikeT)
			by = provByPath
		}
	}
	n := 0
	for _, p := range k.provs {
		if p.t > k.lastT-1 {
			k.provs[n] = p
			n++
		}
	}
	k.provs = k.provs[:n]
	if k.provToldNear(kind, a, b, t, e.Rail, same, met, by) { // provretime.go
		return
	}
	if k.confirmedNear(kind, a, b, e.Rail, t, math.Min(same, sameEvent)) {
		return
	}
	k.provs = append(k.provs, prov{kind, a, b, t, e.Rail, by})
	e.Kind = kind
	if k.trace != nil {
		k.trace("%.4f provisional %s track %d %d at %.4f balls %v", k.lastT, kind, a, b, t, e.Balls())
	}
	k.out = append(k.out, Output{Kind: OutProvisional, T: t, Event: e})
	if kind == shot.Contact {
		k.tracks[a].provMet = t
		if b >= 0 {
			k.tracks[b].provMet = t
		}
		k.provContactNext(a, b, t)
	}
}

// provStart is told when resting track i is first seen provFar away from its
// rest point at s (a start, if the detections after confirm it), timed half a
// frame before the first of its detections off the rest point: the cue ball
// between shots is a strike, and another ball next to the cue ball just
// struck was hit by it; in a shot, a ball next to a moving one was hit by it.
func (k *Tracker) provStart(i int, s sample) {
	tr := &k.tracks[i]
	toff, off := k.pushedOff(i, s)   // provoff.go
	tl, leave := k.provLeaving(i, s) // provleave.go
	if !tr.confirmed || tr.ball < 0 || s.p.Dist(tr.rest) <= provFar && !off && !leave {
		return
	}
	t := s.t - 0.5*k.dt
	switch {
	case off:
		t = toff
	case leave:
		t = tl
	}
	if tr.npend > 0 && !leave {
		p0 := tr.pend[tr.npend-1]
		if k.phase != idle || p0.p.Dist(tr.rest) > provFar || !k.awayFromRest(tr.rest, p0.p, s.p) {
			// Told (or not) on the detection before; in a shot, only the
			// first detection off the rest point is looked at (a ball
			// pushed along in a cluster lingers off it, next to movers
			// that did not strike it); between shots, the two must show
			// the ball leaving.
			return
		}
		t = tr.pend[0].t - 0.5*k.dt
	}
	switch k.phase {
	case idle:
		if k.lagDue {
			return
		}
		if tr.ball == 0 {
			k.provisional(shot.Strike, i, -1, t, shot.Event{Ball: 0})
			return
		}
		if c, ts := k.cueStruck(tr.rest); c >= 0 {
			k.provisional(shot.Contact, c, i, t, shot.Event{T: math.Max(0, t-ts), A: 0, B: tr.ball})
			return
		}
		k.provFrozenStrike(i, s, t) // provfrozen.go: pressed against the cue ball
	case inShot:
		if o := k.nearMover(i, tr.rest); o >= 0 {
			k.provisional(shot.Contact, o, i, t, shot.Event{T: math.Max(0, t-k.strikeT), A: k.tracks[o].ball, B: tr.ball})
		}
	}
}

// provBreak is told when moving track i's detection s is first off its path:
// next to another ball, a contact; at a cushion, a rail.
func (k *Tracker) provBreak(i int, s sample) {
	tr := &k.tracks[i]
	if k.phase != inShot || !tr.confirmed || tr.ball < 0 {
		return
	}
	t := s.t - 0.5*k.dt
	pred := tr.fit.at(s.t)
	if o := k.nearMover(i, pred); o >= 0 {
		k.provisional(shot.Contact, i, o, t, shot.Event{T: math.Max(0, t-k.strikeT), A: tr.ball, B: k.tracks[o].ball})
		return
	}
	if o := k.nearResting(i, pred); o >= 0 {
		k.provisional(shot.Contact, i, o, t, shot.Event{T: math.Max(0, t-k.strikeT), A: tr.ball, B: k.tracks[o].ball})
		return
	}
	rail, gap := k.tab.NearestRail(pred)
	// Heading into the cushion (not leaving it).
	n := railOut(rail)
	into := tr.fit.vel(s.t).Dot(n) > 0
	if gap < provRail && into && !k.inMouth(k.tab.Clamp(pred).Add(n.Scale(k.R))) {
		k.provisional(shot.RailHit, i, -1, t, shot.Event{T: math.Max(0, t-k.strikeT), Ball: tr.ball, Rail: string(rail)})
	}
}

// provPass is told when moving track i's path, as fitted to its detections
// before s and carried on to s's time, came within 2R − provDeep of a resting
// ball's rest point since its last detection, and s is on that path: two balls
// cannot overlap, so it hit that ball, however thinly (a thin cut bends the
// striker's path too little to show, and sends the struck ball off too slowly
// to leave its rest point for several frames). It is timed where the path
// first came 2R from the rest point.
func (k *Tracker) provPass(i int, s sample) {
	tr := &k.tracks[i]
	if k.phase != inShot || !tr.confirmed || tr.ball < 0 || len(tr.seg) < provPassN {
		return
	}
	lo := math.Max(tr.last.t, s.t-2*k.dt)
	fit := k.afterHit(tr) // afterhit.go
	if v := fit.vel(s.t).Len(); v*provPassSlow*math.Max(k.dt, provPassStep) < provDeep {
		return // too slow to come that far inside in a frame (at 60 fps)
	}
	for j := range k.tracks {
		o := &k.tracks[j]
		if j == i || !o.used || !o.confirmed || o.gone || o.moving || o.ball < 0 {
			continue
		}
		if fit.at(s.t).Dist(o.rest) > 2*k.R+fit.vel(s.t).Len()*3*k.dt+provReach {
			continue
		}
		rest := still(o.rest, s.t)
		if _, _, deep := firstWithin(&fit, &rest, 2*k.R-k.provDepth(provDeep), lo, s.t); !deep { // provdepth.go
			continue
		}
		tc, _, _ := firstWithin(&fit, &rest, 2*k.R, s.t-4*k.dt, s.t)
		if tc <= s.t-4*k.dt+gridStep {
			continue // touching since before: moving together, not a meeting now
		}
		if o.rest.Sub(fit.at(tc)).Dot(fit.vel(tc)) <= 0 {
			continue // moving away from it: leaving a ball it was frozen to
		}
		k.provMet(i, j, tc, shot.Event{T: math.Max(0, tc-k.strikeT), A: tr.ball, B: o.ball})
		k.noteStopPass(i, j, tc, &fit) // stopagainst.go
	}
}

// provGone is told on the first frame moving track i is missing, with nothing
// hiding it, when its path was crossing a pocket's mouth.
func (k *Tracker) provGone(i int, t float64) {
	tr := &k.tracks[i]
	if k.phase != inShot || tr.ball < 0 || len(tr.seg) < 2 {
		return
	}
	pk, tc, ok := k.intoPocket(tr, t)
	if !ok {
		return
	}
	k.provisional(shot.Pocketed, i, -1, tc, shot.Event{T: math.Max(0, tc-k.strikeT), Ball: tr.ball, Pocket: string(pk)})
	k.provGoneJaw(i, pk, tc)
}

// awayFromRest reports whether detection q, after p, shows a ball leaving
// its rest point: further from it, by the noise, in about the same
// direction (not a detector's centre flipping, or a hand or cue over it).
func (k *Tracker) awayFromRest(rest, p, q table.Point) bool {
	u, v := p.Sub(rest), q.Sub(rest)
	return v.Len() >= u.Len()+2*k.cfg.Sigma && u.Dot(v) > 0.8*u.Len()*v.Len()
}

// cueStruck returns the cue ball's track and the time of its strike when the
// strike was told provisionally (the shot not yet begun) and its newest
// detection is within reach of touching a ball at p, or −1: a ball that
// leaves its rest point next to it was hit by it.
func (k *Tracker) cueStruck(p table.Point) (int, float64) {
	for _, q := range k.provs {
		if q.kind != shot.Strike || q.t < k.lastT-provCueSoon {
			continue
		}
		c := &k.tracks[q.a]
		if !c.used || c.gone || c.ball != 0 {
			continue
		}
		if c.last.t > q.t && c.last.p.Dist(p) < 2*k.R+provReach {
			return q.a, q.t
		}
	}
	return -1, 0
}

// provCueSoon (s): how soon after its strike the cue ball's contact is told
// by cueStruck (later, the shot has begun).
const provCueSoon = 0.25

// nearMover returns a moving, identified track other than i whose last
// detection is within reach of touching a ball at p, or −1.
func (k *Tracker) nearMover(i int, p table.Point) int {
	best, bd := -1, math.Inf(1)
	for j := range k.tracks {
		o := &k.tracks[j]
		if j == i || !o.used || !o.confirmed || o.gone || !o.moving || o.ball < 0 {
			continue
		}
		v := 0.0
		if len(o.seg) >= 2 {
			v = o.fit.vel(o.last.t).Len()
		}
		if d := o.last.p.Dist(p); d < 2*k.R+provReach+v*k.dt && d < bd {
			best, bd = j, d
		}
	}
	return best
}

// nearResting returns an identified track at rest, other than i, that a ball at
// p touches (within the noise), or −1.
func (k *Tracker) nearResting(i int, p table.Point) int {
	best, bd := -1, 2*k.R+provReach
	for j := range k.tracks {
		o := &k.tracks[j]
		if j == i || !o.used || !o.confirmed || o.gone || o.moving || o.ball < 0 {
			continue
		}
		if d := o.rest.Dist(p); d < bd {
			best, bd = j, d
		}
	}
	return best
}

// provReach (mm) is the slack of the provisional contact tests, and provRail
// (mm) how near a cushion line a ball off its path must be predicted for a
// provisional rail.
const (
	provReach = 15.0
	provRail  = 12.0
	// provFar (mm): a resting ball seen this far off its rest point may have
	// started (twice the rest test's threshold at the default noise).
	provFar = 9.0
	// provDeep (mm): how far inside touching distance a moving ball's path
	// must come to a resting ball for provPass (the path's and the rest
	// point's noise), and provPassN the detections its path needs first.
	provDeep  = 1.5
	provPassN = 4
	// provPassStep (s): the step over which provPass asks a path to come
	// provDeep inside: a frame at 60 fps (at 120 fps a slow ball comes that
	// far inside over two frames, and its last detection was still short).
	provPassStep = 1.0 / 60
	// provPassSlow: a slower ball is given this many steps to come provDeep
	// inside (a slow striker's thin touch shows in no other way for many
	// frames).
	provPassSlow = 2.0
)
