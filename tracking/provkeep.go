package tracking

import (
	"math"
	"sort"

	"github.com/cueref/cueref/shot"
	"github.com/cueref/cueref/table"
)

// Keeping provisional cushion hits the confirmed tests missed.
//
// A provisional rail hit from the path (cushionHit) is told when the path
// fitted before the cushion is carried beyond its line: a ball cannot pass
// through a cushion. The confirmed tests (rail.go, shotrail.go) look again
// with the detections after the hit and now and then miss it or time it off
// by more than the match allows (a ball that left the cushion at a glancing
// angle, or stopped on it). As the shot ends, a provisional hit of a ball on a
// cushion that no confirmed hit of that ball on that cushion near it
// explains is kept as a confirmed one when the whole log still says so: the
// ball's detections after it never go beyond the cushion's line, and their
// speed along its normal is no longer into the cushion (it came back off it,
// or stopped against it).

// provRailHit is a provisional rail hit of track tr on cushion rail at t (where
// the path met the line), waiting for the end of the shot.
type provRailHit struct {
	tr   int
	rail table.Rail
	t    float64
	at   table.Point // where the ball touched the cushion's nose
	ball int         // the track's ball when it was told
	n    int         // detections the path was fitted to
	left int         // the newest detections left out of the fit
	jaw  bool        // a jaw's facing, not the cushion (jawkeep.go)
	// fitEnd is when the last detection the path was fitted to came.
	fitEnd float64
}

// jawAt is where jaw hit p touched the facing, nil for a cushion's hit.
func (p *provRailHit) jawAt() *table.Point {
	if !p.jaw {
		return nil
	}
	return &p.at
}

// Settings of keepProvRails.
const (
	// provKeepNear (s): a confirmed hit of the same ball on the same cushion
	// this near explains a provisional one.
	provKeepNear = 0.15
	// provKeepWin (s): the detections after the hit looked at.
	provKeepWin = 0.15
	// provKeepMin: the least number of detections after the hit.
	provKeepMin = 4
	// provKeepInto (mm/s): the most speed still into the cushion after it.
	provKeepInto = 20.0
)

// noteProvRail keeps a provisional rail hit for keepProvRails.
func (k *Tracker) noteProvRail(i int, rail table.Rail, t float64, at table.Point, n, left int, fitEnd float64) {
	k.provRails = append(k.provRails, provRailHit{tr: i, rail: rail, t: t, at: at, ball: k.tracks[i].ball, n: n, left: left, fitEnd: fitEnd})
}

// metOnWay reports whether track i met another ball (a contact told) after
// the last detection of the path that told provisional hit p and before
// the hit, and was read no nearer than a diameter to the cushion's line
// within a frame and a half of the hit: that way in broke at the contact,
// short of the cushion. Camera model at 30 fps, seed 3, 9-ball shot 78: the
// cue ball, on its way to the right cushion, met the 4 frozen to it and
// then the 5, and was read 93 mm off the line; its path carried on past
// both told a hit of the cushion it never reached, and that kept hit made a
// foul (frozen_ball_rail: no cushion after the contact) a legal safety,
// unasked. (A ball met by the cushion and sent into it, read there, did
// reach it: camera model seed 2, 10-ball shot 164.)
func (k *Tracker) metOnWay(p provRailHit) bool {
	met := false
	for j := range k.events {
		e := &k.events[j]
		if !e.cancel && e.kind == shot.Contact && (e.a == p.tr || e.b == p.tr) && e.t > p.fitEnd && e.t < p.t {
			met = true
		}
	}
	if !met {
		return false
	}
	for _, x := range k.tracks[p.tr].slog {
		if math.Abs(x.t-p.t) <= 1.5*k.dt && k.tab.RailDistance(x.p, p.rail) < 2*k.R {
			return false
		}
	}
	return true
}

// keepProvRails adds the provisional rail hits before upTo that the
// confirmed tests missed and the ball's log bears out (see above), and
// forgets them. It is called as the slow-hit test (logShot) passes them, when
// every confirmed test has had its look, and for all that are left as the
// shot ends (upTo +Inf).
func (k *Tracker) keepProvRails(upTo float64) {
	if k.phase != inShot {
		k.provRails = k.provRails[:0]
		return
	}
	var ready []provRailHit
	n := 0
	for _, p := range k.provRails {
		if p.t < upTo && !k.provRailLater(p, upTo) {
			ready = append(ready, p)
			continue
		}
		k.provRails[n] = p
		n++
	}
	k.provRails = k.provRails[:n]
	// A hit is told again and again as the path is fitted to more detections.
	// The one fitted to the most detections of the way in, leaving out the
	// fewest, is timed best (a slow ball's first is often early; after the
	// bounce the path breaks and is fitted to a few only) and stands for the
	// others: those a kept one explains are not kept.
	sort.SliceStable(ready, func(a, b int) bool {
		p, q := &ready[a], &ready[b]
		if p.n != q.n {
			return p.n > q.n
		}
		return p.left < q.left
	})
	for _, p := range ready {
		if near, holds := k.railNear(p.tr, p.rail, p.t, p.jawAt()), k.provRailHolds(p) && !k.metOnWay(p); near || !holds {
			if k.trace != nil {
				k.trace("%.4f provisional rail track %d %s at %.4f not kept: confirmed near %v, log bears it out %v", k.lastT, p.tr, p.rail, p.t, near, holds)
			}
			continue
		}
		if k.trace != nil {
			k.trace("%.4f provisional rail track %d %s at %.4f kept", k.lastT, p.tr, p.rail, p.t)
		}
		k.addEvent(pevent{t: p.t, kind: shot.RailHit, a: p.tr, rail: p.rail, at: p.at, hasAt: true, kept: true})
	}
}

// provRailLater reports whether a provisional hit of p's track on p's
// cushion within provKeepNear after p is not yet ready (at or after upTo): p
// waits for it, the same hit told again.
func (k *Tracker) provRailLater(p provRailHit, upTo float64) bool {
	for _, q := range k.provRails {
		if q.tr == p.tr && q.rail == p.rail && q.t >= upTo && q.t-p.t < provKeepNear {
			return true
		}
	}
	return false
}

// provKeepLag (s): how long after a provisional rail hit keepProvRails looks
// at it, live: once the slow-hit test has passed it (slowWin and the 0.1 s
// logShot waits) and provKeepWin of detections after it are in.
const provKeepLag = slowWin + 0.1 + 0.05

// railNear reports whether track i has a confirmed hit on rail within
// provKeepNear of t, or on any cushion within two frames (a corner). A hit
// deep in a pocket's opening on the ball's way into it (wayIntoPocket,
// dropped at the shot's end) confirms none: default bench at 120 fps, 8-ball
// shot 6, the 15 crossed the right cushion's line in the head-right corner's
// opening 15 ms before it hit the jaw and dropped; the crossing, told a hit,
// stood for the jaw hit told provisionally, and both were lost. For a jaw
// hit where the ball touched jaw (non-nil), a hit more than two frames
// away with one on the mouth's other jaw between them, or on that jaw
// itself, is another hit (rattledFrom; see jawkeep.go).
func (k *Tracker) railNear(i int, rail table.Rail, t float64, jaw *table.Point) bool {
	for j := range k.events {
		e := &k.events[j]
		if e.cancel || e.kind != shot.RailHit || e.a != i || k.wayIntoPocket(e) {
			continue
		}
		if jaw != nil && math.Abs(e.t-t) >= 2*k.dt && k.rattledFrom(i, e, t, *jaw) {
			continue
		}
		if d := math.Abs(e.t - t); d < provKeepNear && e.rail == rail || d < 2*k.dt {
			return true
		}
	}
	return false
}

// rattledFrom reports whether track i's hit e, and its jaw hit at t where it
// touched jaw, are two: e or a hit of the track between them is on the
// mouth's other jaw (the ball rattled in the mouth).
func (k *Tracker) rattledFrom(i int, e *pevent, t float64, jaw table.Point) bool {
	f := k.facingAt(jaw)
	if f < 0 {
		return false
	}
	other := func(o *pevent) bool {
		if !o.hasAt {
			return false
		}
		g := k.facingAt(o.at)
		return g >= 0 && g != f && k.jaws[g].pk == k.jaws[f].pk
	}
	if other(e) {
		return true
	}
	lo, hi := math.Min(e.t, t), math.Max(e.t, t)
	for j := range k.events {
		o := &k.events[j]
		if !o.cancel && o.kind == shot.RailHit && o.a == i && o.t > lo && o.t < hi && other(o) {
			return true
		}
	}
	return false
}

// facingAt returns the index of the jaw facing within 2 mm of p, or -1.
func (k *Tracker) facingAt(p table.Point) int {
	for j := range k.jaws {
		if d, _ := segDist(p, k.jaws[j].a, k.jaws[j].b); d < 2 {
			return j
		}
	}
	return -1
}

// provRailHolds reports whether track p.tr's detections logged after p.t
// bear out its hit: the track still the same ball's, enough of them, none beyond the cushion's line, and not
// still heading into it.
func (k *Tracker) provRailHolds(p provRailHit) bool {
	if p.jaw {
		return k.provJawHolds(p) // jawkeep.go
	}
	tr := &k.tracks[p.tr]
	if tr.ball != p.ball {
		return false // the track is another ball's since: whose hit is not sure
	}
	var after []sample
	for _, x := range tr.slog {
		if x.t > p.t && x.t <= p.t+provKeepWin {
			after = append(after, x)
		}
	}
	if len(after) < provKeepMin {
		// Unseen at the cushion: the detections as it comes back (provgap.go).
		if after = k.provUnseenAfter(p); after == nil {
			return false
		}
	}
	beyond := -provCushBeyond * k.cfg.SigmaMoving
	for _, x := range after {
		if k.tab.RailDistance(x.p, p.rail) < beyond {
			return false
		}
	}
	f := fitLine(after)
	return f.vel(after[len(after)/2].t).Dot(railOut(p.rail)) < provKeepInto
}
