package tracking

import (
	"math"

	"github.com/cueref/cueref/shot"
	"github.com/cueref/cueref/table"
)

// A ball resting against a cushion may be read at two places in turn, frame
// after frame: the cushion's edge and shadow merge with its outline and the
// detector's centre hops a centimetre or so along the cushion and back
// (frozendoubt.go, flicker.go; hops read as surely as the ball's place stay in
// the history). judgeNudge asks that the ball met in a close pass rested
// before it, and takes the mean of its last detections for its rest point
// only when every one of them lies within the noise of that mean: a ball read
// at two places was "not at rest before", as if creeping on from an earlier
// contact, the pass was dropped, and the nudge went untold (rendered bench,
// 14.1 seed 36 shot 27: the cue ball, off the left cushion, met ball 2 frozen
// to it 19 ms later; the 2, read in turn at its place and 10–18 mm along the
// cushion, six of its last ten detections at its place, was "not at rest
// before (10 detections, 5.5 mm off)"; nudged, it crept 17 mm along the
// cushion, too slowly for its start to be seen until 0.34 s later, with the
// cue ball 400 mm off, and the shot, a legal pot, was ruled a no-contact foul
// "ball 2 started with ball 0 60 mm away: a contact or a touch").
//
// restedAt says such a ball rested all the same: restMean holds, or else most
// of the detections (restAtShare, three at least) lie within the noise of its
// rest point and those do not creep (nudgeCreep). judgeNudge then keeps the
// pass open (it still tells a nudge by its own test only), for lateNudge to
// judge when the ball's start is told. (Letting judgeNudge take the rest point
// so too told one false contact more over rendered seeds 25–36, seed 29
// 8-ball shot 2, and no ruling more.)

// restAtShare: the share of the detections that must lie at the rest point.
const restAtShare = 0.5

// restMeanAt returns the rest point of detections s of a ball resting at at,
// read off its place now and then: restMean of them all, or else of those
// within the noise of at when they are restAtShare of them; and the detections
// it is the mean of (those kept lie in a buffer the next call reuses).
func (k *Tracker) restMeanAt(s []sample, at table.Point) (table.Point, []sample, bool) {
	if m, ok := k.restMean(s); ok || len(s) < 4 {
		return m, s, ok
	}
	tol := 3*k.cfg.Sigma + 1
	kept := k.restKeep[:0]
	for _, x := range s {
		if x.p.Dist(at) <= tol {
			kept = append(kept, x)
		}
	}
	k.restKeep = kept
	if len(kept) < 3 || float64(len(kept)) < restAtShare*float64(len(s)) {
		return table.Point{}, s, false
	}
	m, ok := k.restMean(kept)
	return m, kept, ok
}

// A ball nudged off its rest point that creeps away slowly, read at two places
// in turn as above, is not seen at rest again while the pass is judged, and its
// start is told only when its way off has outgrown the readings' hops: 0.34 s
// after the contact in the case above. Its start then finds no ball to have
// met it and is taken for a (weak) touch. lateNudge tells
// the contact of close pass p with a resting ball when the ball's start is told
// after the pass (within nudgeWait of it) and not yet explained, on the same
// evidence as judgeNudge: the ball rested where the pass found it, it has come
// off its rest point by nudgeMin at least, away from the moving ball along the
// line of centres, and the moving ball's way in reached it; no other contact
// of either ball is told about then. The start is this contact's. Only a start
// whose pairing window (window, events.go) opens after the balls were last
// close is taken: one nearer the pass is explain's to pair (rendered seed 6,
// 9-ball, the slow push of pushguard_test.go: ball 4 was started 44 ms after
// the 3 reached it, still touching it).
func (k *Tracker) lateNudge(p *pass) {
	y := &k.tracks[p.b]
	if !p.rest || y.gone || !y.moving || y.startT <= p.first-k.dt || y.startT > p.t+nudgeWait ||
		k.contactTold(p.a, p.b, p.t, nudgeTold) {
		return
	}
	ci := -1
	for j := range k.chg {
		if c := &k.chg[j]; c.tr == p.b && c.start && !c.done && c.t > p.first-k.dt {
			ci = j
		}
	}
	if ci < 0 {
		return
	}
	if lo, _ := k.window(&k.chg[ci]); p.last >= lo {
		return // the balls were close while it started: explain pairs the start
	}
	for j := range k.events {
		if e := &k.events[j]; !e.cancel && e.kind == shot.Contact && (e.a == p.b || e.b == p.b) && e.t > p.first-3*k.dt {
			return
		}
	}
	var bufB [len(track{}.hist)]sample
	before := k.histAround(p.b, p.first-nudgeWait, p.first-0.5*k.dt, bufB[:])
	before = before[max(0, len(before)-10):]
	if !k.restedAt(before, p.at) {
		return
	}
	m0, _, _ := k.restMeanAt(before, p.at)
	way := y.last.p.Sub(m0)
	if way.Len() < nudgeMin {
		return
	}
	nm, found := k.meetNudge(p, way) // closepass.go
	if !found {
		return
	}
	pa, pb, tc, gap, n, l, ok := nm.pa, nm.pb, nm.tc, nm.gap, nm.n, nm.l, nm.ok
	if k.trace != nil {
		k.trace("%.4f late nudge tracks %d %d at %.4f, start told at %.4f: off rest %.1f mm, gap %.1f, along %.2f, closing %.0f mm/s: %v", k.lastT, p.a, p.b, tc, y.startT, way.Len(), gap, way.Dot(n)/(way.Len()*l), pa.vel(tc).Dot(n)/l, ok)
	}
	if !ok || k.otherContact(p.a, p.b, p.first-3*k.dt, math.Max(tc, p.t)+2*k.dt) {
		return
	}
	if t, ok := k.nudgeTime(p.a, p.at, p.first-float64(passFit)*k.dt, p.t+k.dt); ok && k.nudgeNear(t, tc, pa.vel(tc).Dot(n)/l) {
		tc = t
	}
	if e := k.contact(p.a, p.b, tc, &pa, &pb, false); e != nil {
		e.byPass = true
		k.chg[ci].done = true // its start is this contact's
		y.moved = true
	}
}

// restedAt reports whether detections s, read off the ball's place now and then
// (restMeanAt), show it resting at its rest point at and not creeping
// (nudgeCreep).
func (k *Tracker) restedAt(s []sample, at table.Point) bool {
	m0, kept, ok := k.restMeanAt(s, at)
	return len(kept) >= 3 && ok && m0.Dist(at) <= 2*k.cfg.Sigma+1 && (len(kept) < 4 || fitLine(kept).b.Len() <= nudgeCreep)
}
