package tracking

import (
	"math"

	"github.com/cueref/cueref/shot"
	"github.com/cueref/cueref/table"
)

// Telling sooner what the confirmed tests will find, from what is known at a
// provisional event:
//
//   - A ball dropping into a pocket off a jaw: the jaw hit the confirmed test
//     finds as the ball is gone (goneEvent) is found from the same path on the
//     frame the pocket is told provisionally.
//   - A provisional contact of a moving ball with one at rest is timed where
//     the striker's path first came to touch it, and brings with it what the
//     contact's model foresees: the struck ball's hit on a cushion it rests
//     near, the striker's on one it is turned into, and the struck ball's
//     contact with a ball at rest in its way (provChain). What is foreseen for
//     later than the frame is told on the frame its time comes (provAt).
//   - A slow ball's cushion hit is told from its path (provSlowRail).
//   - A provisional event already confirmed is not told again, and a
//     provisional cushion hit once confirmed is spent: a hit of the same ball
//     on the same cushion told well after the confirmed one is another (a
//     second hit, a rattle between the jaws), not the first told again.

// confirmedNear reports whether the event a provisional one of kind of tracks
// a and b (on rail) at t would tell is confirmed already (told as an
// OutEvent, within of t): told after it, the provisional one would stand for
// nothing.
func (k *Tracker) confirmedNear(kind string, a, b int, rail string, t, within float64) bool {
	for j := range k.events {
		e := &k.events[j]
		if e.cancel || e.kind != kind || math.Abs(e.t-t) >= within {
			continue
		}
		switch kind {
		case shot.Contact:
			if e.a == a && e.b == b || e.a == b && e.b == a {
				return true
			}
		default:
			if e.a == a && string(e.rail) == rail {
				return true
			}
		}
	}
	return false
}

// provSpentGap (s): a provisional event this far after the confirmed event
// that a spent one became is another event.
const provSpentGap = 0.05

// provSpent reports whether provisional event p, told before, was confirmed
// and a new one at t is well apart from it: not p told again. A contact is
// told again only from paths that met (met).
func (k *Tracker) provSpent(p prov, t float64, met bool) bool {
	if p.kind == shot.Contact {
		return met && k.contactSpent(p, t)
	}
	if p.kind != shot.RailHit {
		return false
	}
	for j := range k.events {
		e := &k.events[j]
		if e.cancel || e.kind != p.kind || e.a != p.a || string(e.rail) != p.rail {
			continue
		}
		if math.Abs(e.t-p.t) < provSpentGap && t-e.t > provSpentGap && t-p.t > provSpentGap {
			return true
		}
	}
	return false
}

// contactSpent reports whether provisional contact p, told before, was
// confirmed and a new one of the same two balls at t comes well after both:
// the two met again (a ball back off a cushion into the one that struck it,
// a striker following through into it), not p told again. A contact's
// provisional time is rougher than a cushion hit's: the new one must be
// provContactAgain after the confirmed one and after p.
func (k *Tracker) contactSpent(p prov, t float64) bool {
	for j := range k.events {
		e := &k.events[j]
		if e.cancel || e.kind != shot.Contact || !(e.a == p.a && e.b == p.b || e.a == p.b && e.b == p.a) {
			continue
		}
		if math.Abs(e.t-p.t) < sameEvent && t-e.t > provContactAgain && t-p.t > provContactAgain {
			return true
		}
	}
	return false
}

// provContactAgain (s): a provisional contact this far after the confirmed
// contact of the same two balls (and after the provisional one it confirmed)
// is another meeting.
const provContactAgain = 0.05

// provGoneJaw tells the jaw hit of moving track i, gone from view into
// pocket pk's mouth (its path crossing the mouth line at tc), that goneEvent
// will find from the same path.
func (k *Tracker) provGoneJaw(i int, pk table.PocketID, tc float64) {
	tr := &k.tracks[i]
	lo := math.Max(tr.seg[0].t, tr.last.t-k.dt)
	t, _, rail, ok := k.jawTouch(&tr.fit, lo, k.jawSearchEnd(tr, pk, lo, tc))
	if !ok {
		return
	}
	k.provisional(shot.RailHit, i, -1, t, shot.Event{T: math.Max(0, t-k.strikeT), Ball: tr.ball, Rail: string(rail)})
}

// provStriker returns, for a provisional contact of tracks a and b at about t,
// the moving one (m), the one at rest (r) and when m's path first came to
// touch r (tc): one of the two must be moving, the other at rest, and the
// mover's path fitted to its detections up to the contact.
func (k *Tracker) provStriker(a, b int, t float64) (m, r int, tc float64, ok bool) {
	m, r = a, b
	if !k.tracks[m].moving {
		m, r = b, a
	}
	mt, rt := &k.tracks[m], &k.tracks[r]
	if !mt.moving || rt.moving || rt.gone || len(mt.seg) < 2 || mt.fit.hi > t+k.dt || mt.fit.lo > t-k.dt || mt.ball < 0 || rt.ball < 0 {
		return 0, 0, 0, false
	}
	rest := still(rt.rest, t)
	tc, _, hit := firstWithin(&mt.fit, &rest, 2*k.R, t-provContactBack*k.dt, t+k.dt)
	if !hit || tc <= t-provContactBack*k.dt+gridStep {
		return 0, 0, 0, false // touching since before: not a meeting now
	}
	return m, r, tc, true
}

// provContactNext tells what the confirmed contact of tracks a and b at about
// t will bring with it, foreseen from the striker's path up to the contact and
// the balls at rest around: a ball at rest near a cushion struck into it, a
// striker near one turned into it (the hits frozenRail and contactRail
// tell), and a struck ball that runs into another at rest a few frames later
// (provChain).
func (k *Tracker) provContactNext(a, b int, t float64) {
	m, r, tc, ok := k.provStriker(a, b, t)
	if !ok {
		return
	}
	mt, rt := &k.tracks[m], &k.tracks[r]
	rest := still(rt.rest, tc)
	striker, vs := mt.fit.at(tc), mt.fit.vel(tc)
	for _, h := range k.frozenRailHits(rt.rest, striker, vs, tc, true, tc-rt.restT, glanceDrive, nil) {
		k.provAt(shot.RailHit, r, -1, h.t, shot.Event{Ball: rt.ball, Rail: string(h.rail)})
	}
	for _, h := range k.contactRailHits(&mt.fit, &rest, tc) {
		k.provAt(shot.RailHit, m, -1, h.t, shot.Event{Ball: mt.ball, Rail: string(h.rail)})
	}
	n := rt.rest.Sub(striker)
	if l := n.Len(); l > 0 {
		k.provChain(r, n.Scale(1/l), 0.975*vs.Dot(n.Scale(1/l)), tc, 1)
	}
	k.provRekiss(m, r, striker, vs, tc)
	k.provCone(m, r, tc, striker, vs) // presscone.go
}

// provContactBack (frames): how far before a provisional contact's time its
// striker's path is searched for where it first came to touch.
const provContactBack = 3

// provChain tells the contact of track r, at rest and struck at tc, leaving
// along n at v, with the first ball at rest in its way, when it reaches it
// within provChainLate: a struck ball leaves along the line of centres (for
// balls of equal mass, whatever the striker's spin), so which ball it meets
// and when is known from the contact, frames before the detections show it.
// A ball in its way but touching it is left to pressed.go (the push through
// pressed balls is told when they are seen to leave). The ball it meets is
// followed on (depth at most provChainDepth), and its cushion hits as
// frozenRail tells them.
func (k *Tracker) provChain(r int, n table.Point, v, tc float64, depth int) {
	if v < provChainMinV || depth > provChainDepth {
		return
	}
	rt := &k.tracks[r]
	best, bestRun := -1, math.Inf(1)
	for j := range k.tracks {
		c := &k.tracks[j]
		if j == r || !c.used || !c.confirmed || c.gone || c.ball < 0 {
			continue
		}
		if c.moving && (len(c.seg) == 0 || c.seg[0].t < tc-2*k.dt) {
			continue // moving before: not at rest in the way (one that started since is)
		}
		d := c.rest.Sub(rt.rest)
		along := d.Dot(n)
		if along <= 0 {
			continue
		}
		side := d.Sub(n.Scale(along)).Len()
		if side >= 2*k.R {
			continue
		}
		run := along - math.Sqrt(4*k.R*k.R-side*side)
		if run < bestRun {
			best, bestRun = j, run
		}
	}
	if best < 0 {
		return
	}
	c := &k.tracks[best]
	d := c.rest.Sub(rt.rest)
	side := d.Sub(n.Scale(d.Dot(n))).Len()
	if bestRun < provChainGap {
		// Pressed together: the push goes through at once, when the next ball
		// is free to take it and taken well along the line of centres.
		if !k.provPushFree(r, best, n, v) {
			return
		}
		bestRun = 0
	} else if side > 2*k.R-provChainSide || bestRun/v > provChainLate {
		return // a glancing touch, or far enough for the paths to show it
	}
	t := tc + bestRun/v
	if k.trace != nil {
		k.trace("%.4f chain track %d into %d at %.4f (run %.1f mm at %.0f mm/s, %.1f mm off centre)", k.lastT, r, best, t, bestRun, v, side)
	}
	k.provAt(shot.Contact, r, best, t, shot.Event{A: rt.ball, B: c.ball})
	at := rt.rest.Add(n.Scale(bestRun))
	vs := n.Scale(v / 0.975)
	for _, h := range k.frozenRailHits(c.rest, at, vs, t, true, t-c.restT, frozenDrive, nil) {
		k.provAt(shot.RailHit, best, -1, h.t, shot.Event{Ball: c.ball, Rail: string(h.rail)})
	}
	m := c.rest.Sub(at)
	if l := m.Len(); l > 0 {
		m = m.Scale(1 / l)
		k.provChain(best, m, 0.975*v*n.Dot(m), t, depth+1)
	}
}

// provPushFree reports whether ball c, pressed against ball r struck along n
// at v, takes the push for all to see: well along the line of centres, fast,
// and c free to move (against no other ball at rest and no cushion).
func (k *Tracker) provPushFree(r, c int, n table.Point, v float64) bool {
	rt, ct := &k.tracks[r], &k.tracks[c]
	u := ct.rest.Sub(rt.rest)
	if l := u.Len(); l == 0 || u.Scale(1/l).Dot(n) < provPushCos || v < provPushMinV {
		return false
	}
	if k.railBacked(c) {
		return false
	}
	return !k.pressedRest(c, r)
}

// Settings of provChain.
const (
	// provChainMinV (mm/s): the least speed of the struck ball.
	provChainMinV = 150.0
	// provChainDepth: how many balls on a chain is followed.
	provChainDepth = 2
	// provChainSide (mm): how far inside touching distance the struck ball's
	// line must pass the next ball's centre (the line's error from the
	// positions at the contact).
	provChainSide = 6.0
	// provChainGap (mm): the least gap between the two (nearer, they are
	// pressed together).
	provChainGap = 2.0
	// provChainLate (s): the longest run (later, the paths show it).
	provChainLate = 0.085
	// provPushCos and provPushMinV (mm/s): a push through pressed balls is
	// told when the struck ball's way is within acos(provPushCos) of their
	// line of centres and it is this fast.
	provPushCos  = 0.5
	provPushMinV = 150.0
)

// provDue is a provisional event foreseen, told when its time comes.
type provDue struct {
	kind string
	a, b int
	t    float64
	e    shot.Event
	// same: another provisional event of the same kind and tracks within
	// this of t is the same (provSame; less for a re-kiss, provrekiss.go).
	same float64
}

// provAt tells provisional event e of kind of tracks a and b at t: now if t
// has come, else on the first frame at or after it.
func (k *Tracker) provAt(kind string, a, b int, t float64, e shot.Event) {
	k.provAtSame(kind, a, b, t, e, provSame)
}

// provAtSame is provAt for an event that is another than one of the same
// kind and tracks told more than same from t (see provDue).
func (k *Tracker) provAtSame(kind string, a, b int, t float64, e shot.Event, same float64) {
	e.T = math.Max(0, t-k.strikeT)
	if t <= k.lastT {
		k.tell(kind, a, b, t, e, false, same)
		return
	}
	k.provDue = append(k.provDue, provDue{kind, a, b, t, e, same})
}

// provDueTell tells the foreseen provisional events whose time has come,
// and forgets them all as a shot ends.
func (k *Tracker) provDueTell() {
	if k.phase != inShot {
		k.provDue = k.provDue[:0]
		return
	}
	n := 0
	for _, p := range k.provDue {
		if p.t <= k.lastT {
			k.tell(p.kind, p.a, p.b, p.t, p.e, false, p.same)
			continue
		}
		k.provDue[n] = p
		n++
	}
	k.provDue = k.provDue[:n]
}

// provSlowRail reports whether path f, which met rail's cushion line at tc
// heading into it slower than provCushMinV (or is carried less than
// provCushDeep beyond it), says the ball hit it: fitted to enough detections
// (provSlowN) for the path carried on a frame or two to stand within the
// noise, met the line at most provSlowAfter frames before s, and s seen at
// the line, within the noise. Such a hit is told, not kept (keepProvRails):
// the confirmed tests (onCushion, the grazes) find it a few frames later.
func (k *Tracker) provSlowRail(f *path, rail table.Rail, tc float64, s sample) bool {
	if f.n < provSlowN || s.t-tc > provSlowAfter*k.dt+1e-9 {
		return false
	}
	// Seen at the cushion now (not a ball running along it a few
	// millimetres off, whose path's curve bends into it by the noise).
	return k.tab.RailDistance(s.p, rail) <= provSlowSeen*k.cfg.SigmaMoving
}

// Settings of the slow cushion hits (provSlowRail, cushionHit).
const (
	// provCushSlowV (mm/s): the least speed into the cushion.
	provCushSlowV = 15.0
	// provCushSlowDeep (mm): how far beyond the line the path must be.
	provCushSlowDeep = 0.5
	// provSlowN: the least number of detections fitted.
	provSlowN = 10
	// provSlowAfter (frames): the path met the line at most this long ago
	// (later, the detections since tell more than the path).
	provSlowAfter = 2.0
	// provSlowSeen (moving noises): the newest detection is at most this far
	// off the line.
	provSlowSeen = 1.5
)
