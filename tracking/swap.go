package tracking

import (
	"math"
	"slices"
	"sort"

	"github.com/cueref/cueref/shot"
)

// A collision is where a tracker most easily swaps two balls: the paths meet,
// and the detections of each ball after it may be given to the other's track.
// Every contact between two identified balls is watched for a while: the
// numbers and colours the detector reads on each track after the contact are
// evidence for the ball the track holds or for the other one. When the other
// wins clearly, the two tracks' states since the contact are exchanged (their
// identities stay), and the events after the contact follow.

// watch is a contact being watched for a swap.
type watch struct {
	x, y   int     // tracks
	bx, by int     // their balls at the contact
	tc     float64 // time of the contact
	frame  int     // frame the watch began
	score  float64 // evidence for a swap minus evidence against it
	seq    int     // the contact event's seq
	ownX   int     // clear readings of bx on x since the contact (swapboth.go)
	ownY   int     // clear readings of by on y since the contact
}

// swapScore is the evidence that decides a watch (about three clear readings);
// swapFrames is how long a watch lasts.
const (
	swapScore  = 4.0
	swapFrames = 45
)

// watchContact starts watching tracks x and y after their contact at tc.
func (k *Tracker) watchContact(x, y int, tc float64, seq int) {
	bx, by := k.tracks[x].ball, k.tracks[y].ball
	if bx < 0 || by < 0 || bx == by || k.phase != inShot {
		return
	}
	for _, w := range k.watches {
		if w.x == x && w.y == y || w.x == y && w.y == x {
			return
		}
	}
	k.watches = append(k.watches, watch{x: x, y: y, bx: bx, by: by, tc: tc, frame: k.frame, seq: seq,
		ownX: k.tracks[x].clear.since(tc, bx), ownY: k.tracks[y].clear.since(tc, by)})
}

// support is how strongly detection o says it is ball b (0–1).
func support(o *Obs, b int) float64 {
	if o.Ball >= 0 && classFits(o) {
		if o.Ball == b {
			return 1
		}
		return 0
	}
	switch o.Class {
	case ClassCue:
		if b == 0 {
			return 1
		}
	case ClassEight:
		if b == 8 {
			return 1
		}
	case ClassSolid:
		if b >= 1 && b <= 7 {
			return 0.3
		}
	case ClassStripe:
		if b >= 9 {
			return 0.3
		}
	}
	return 0
}

// swapEvidence adds detection o of track i at t to the watches on i.
func (k *Tracker) swapEvidence(i int, t float64, o *Obs) {
	k.tracks[i].clear.add(t, o)
	for j := range k.watches {
		w := &k.watches[j]
		if t <= w.tc {
			continue
		}
		switch i {
		case w.x:
			w.score += support(o, w.by) - support(o, w.bx)
		case w.y:
			w.score += support(o, w.bx) - support(o, w.by)
		}
		w.countOwn(i, t, o)
	}
}

// checkSwaps decides the watches: a clear swap exchanges the tracks.
func (k *Tracker) checkSwaps() {
	n := 0
	for _, w := range k.watches {
		switch {
		case w.score >= swapScore && k.swapHeld(w):
		case w.score >= swapScore:
			k.swapTracks(w)
		case w.score > -swapScore && k.frame-w.frame < swapFrames && k.phase == inShot:
			k.watches[n] = w
			n++
		}
	}
	k.watches = k.watches[:n]
}

// swapTracks exchanges the states of w's tracks since its contact: each
// index keeps its identity (votes and number) and takes the other's path.
func (k *Tracker) swapTracks(w watch) {
	x, y := &k.tracks[w.x], &k.tracks[w.y]
	if k.trace != nil {
		k.trace("%.4f swap tracks %d (ball %d) and %d (ball %d) after the contact at %.4f (score %.1f)", k.lastT, w.x, w.bx, w.y, w.by, w.tc, w.score)
	}
	vx, bx, ex, vy, by, ey := x.votes, x.ball, x.elim, y.votes, y.ball, y.elim
	lx, ly := x.slog, y.slog
	*x, *y = *y, *x
	x.votes, x.ball, x.elim, y.votes, y.ball, y.elim = vx, bx, ex, vy, by, ey
	// The shot's log too is each ball's own up to the contact, the other's
	// after: the near-miss check (stillSide) and the passes (passGap) read it
	// from the stroke on. (Swapped whole, a ball at rest struck in a shot
	// carried the striker's way in: rendered 14.1, seed 69, shot 49.)
	x.slog, y.slog = spliceLog(lx, x.slog, w.tc), spliceLog(ly, y.slog, w.tc)
	other := func(i int) int {
		switch i {
		case w.x:
			return w.y
		case w.y:
			return w.x
		}
		return i
	}
	for j := range k.events {
		e := &k.events[j]
		if e.seq == w.seq {
			// The contact itself: each side's way out is the other's.
			e.sides[0].first, e.sides[1].first = e.sides[1].first, e.sides[0].first
			continue
		}
		if e.t <= w.tc || e.after == w.seq {
			// Before the contact, or told from its geometry (a ball driven
			// into a cushion by it): the balls as they were.
			continue
		}
		e.a = other(e.a)
		if e.kind == "contact" {
			e.b = other(e.b)
		}
		if e.still >= 0 {
			e.still = other(e.still)
		}
		for s := range e.sides {
			if e.sides[s].tr >= 0 {
				e.sides[s].tr = other(e.sides[s].tr)
			}
		}
		e.ids = [2]int{k.tracks[e.a].ball, -1}
		if e.kind == "contact" {
			e.ids[1] = k.tracks[e.b].ball
		}
	}
	for j := range k.chg {
		if c := &k.chg[j]; c.t > w.tc {
			c.tr = other(c.tr)
		}
	}
	for j := range k.watches {
		if o := &k.watches[j]; o.tc > w.tc {
			o.x, o.y = other(o.x), other(o.y)
		}
	}
}

// cueTakeover handles the resting cue ball's track i, unseen for a couple of
// frames between shots with nothing hiding it, when another track without the
// cue ball's identity moves away from where it rested: that track (a ghost that
// followed a hand or the cue stick, say) took the cue ball's detections at the
// stroke. The cue ball's track takes over its path from the stroke on, a start
// is told (the strike), and the ghost is dropped. It reports whether it did.
func (k *Tracker) cueTakeover(i int) bool {
	cue := &k.tracks[i]
	var ob [2]sample
	since, own := k.cueFlight(cue, ob[:0]) // cueghost.go
	for oi := range k.tracks {
		o := &k.tracks[oi]
		// (A tentative track too: one born of the cue ball's first detections
		// in flight.)
		if oi == i || !o.used || o.gone || o.confirmed && !o.moving && o.npend == 0 || o.ball == 0 {
			continue
		}
		// Its detections since the cue ball was last seen at rest.
		var buf [10]sample
		w := buf[:0]
		for j := min(o.nh, 8) - 1; j >= 0; j-- { // its last eight
			if s := o.hist[(o.nh-1-j)%len(o.hist)]; s.t > since {
				w = append(w, s)
			}
		}
		if len(w) == 0 {
			continue
		}
		if w = withFlight(w, own); len(w) < 2 {
			continue
		}
		lin := fitLine(w)
		if lin.b.Len() < minStroke {
			continue
		}
		if k.takeoverStale(o, w, since) {
			continue
		}
		t0 := backTime(&lin, cue.rest, w[0].t, k.dt)
		// A direction fitted to two or three detections in flight is off by
		// a few degrees: far back, the line passes that much wide.
		if t0 < since-0.5*k.dt || lin.at(t0).Dist(cue.rest) > takeoverGap+takeoverSlope*w[0].p.Dist(cue.rest) {
			continue
		}
		k.takeOver(i, oi, w, t0, nil)
		return true
	}
	return k.cueChain(i)
}

// takeoverStale reports whether ghost track o's detections w since the cue
// ball was last seen at rest (since) are reads at the very places o was read
// at before it (each within takeoverSame of one of them, in the second
// before): a still false detection read now and then, not the cue ball in
// flight, which goes where nothing was read. The shooter's bridge hand lies
// on the cue ball's line, ahead of it, and is read as a ball now and then:
// two of those reads, while the cue ball is unseen a couple of frames, line
// up with its rest point at a stroke's speed. Rendered 8-ball, seed 56, shot
// 39: the cue ball in the foot-right jaws, unseen in half the frames as the
// player addressed it; a ghost on the bridge hand, read as the 8 at 0.3-0.9
// at the same few places, took its path 0.47 s before the stroke, the cue
// ball was read back at its rest point in the next frames, and its true
// stroke was told a pot.
func (k *Tracker) takeoverStale(o *track, w []sample, since float64) bool {
	n := 0
	for _, s := range w {
		if s.t <= since {
			continue
		}
		n++
		same := false
		for j := range min(o.nh, len(o.hist)) {
			h := o.hist[(o.nh-1-j)%len(o.hist)]
			if h.t <= since && h.t > since-1 && h.p.Dist(s.p) <= takeoverSame {
				same = true
				break
			}
		}
		if !same {
			return false
		}
	}
	return n > 0
}

// takeoverSame (mm): a still false detection is read within this of where it
// was read before (seed 56's bridge hand: eight places over 65 mm, each read
// again and again).
const takeoverSame = 20.0

// takeoverGap (mm) and takeoverSlope: how near the cue ball's rest point the
// path of a track must start for cueTakeover, traced back from its first
// detection, the more so the further back.
const (
	takeoverGap   = 20.0
	takeoverSlope = 0.1
)

// takeoverTime (s): how long the resting cue ball may have been unseen for
// cueTakeover. A break sends it off at 10 m/s and more, a streak 180 mm long at
// 60 fps that the detector may miss for three frames or four; the first
// detections in flight then start a new track, which needs two of them.
const takeoverTime = 0.15

// takeOver makes the resting cue ball's track i carry on track oi's path from
// the stroke at t0: w are the detections in flight (oldest first), drop the
// tentative tracks besides oi that held some of them (see cueChain).
func (k *Tracker) takeOver(i, oi int, w []sample, t0 float64, drop []int) {
	cue, o := &k.tracks[i], &k.tracks[oi]
	rest := cue.rest
	if k.trace != nil {
		k.trace("%.4f cue takeover: track %d (ball %d) carries the cue ball from %v at %.4f (%d detections, %d tracks dropped)", k.lastT, oi, o.ball, rest, t0, len(w), len(drop))
	}
	for _, d := range drop {
		x := &k.tracks[d]
		x.used, x.ball, x.elim = false, -1, 0
		for j := range k.chg {
			if k.chg[j].tr == d {
				k.chg[j].done = true
			}
		}
	}
	k.ghostNeverRested(i, oi) // cuespot.go
	vc, bc, ec := cue.votes, cue.ball, cue.elim
	*cue, *o = *o, *cue
	cue.votes, cue.ball, cue.elim = vc, bc, ec
	cue.confirmed, cue.moving = true, true
	// The ghost is gone, its number (the cue ball's, that came with the
	// swap) and its starts with it: a start left waiting would be paired
	// at the stroke as a ball frozen to the cue ball, the cue ball
	// against itself.
	o.used, o.ball, o.elim = false, -1, 0
	for j := range k.chg {
		if k.chg[j].tr == oi {
			k.chg[j].done = true
		}
	}
	cue.seg = cue.seg[:0]
	cue.nhead = 0
	cue.npend = 0
	cue.anchored = false
	for _, s := range w {
		k.appendSeg(cue, s)
	}
	k.prepend(cue, sample{t0, rest})
	cue.startT, cue.from = t0, rest
	// Told at once, as provStart tells a strike seen from rest.
	k.provisional(shot.Strike, i, -1, t0, shot.Event{Ball: 0})
	k.chg = append(k.chg, change{tr: i, start: true, t: t0, frame: k.frame, in: still(rest, t0), first: w[0],
		lastIn: t0, partner: -1, slack: 0.3})
}

// cueChain is cueTakeover for a cue ball sent off so fast (a break) that each of
// its detections in flight lands too far from the last one to join it: each
// starts a tentative track of its own, none with two detections. The detections
// since the cue ball was last seen at rest, of tracks born since then, that lie
// on one ray out of its rest point and move out along it as time goes on, are
// its path; the newest track carries it on, the others are dropped.
func (k *Tracker) cueChain(i int) bool {
	cue := &k.tracks[i]
	rest, since := cue.rest, cue.last.t
	var buf [16]sample
	var owner [16]int
	w := buf[:0]
	own := owner[:0]
	if cue.last.p.Dist(rest) > 2*k.R {
		// Its own first detection in flight, taken as a jump of the ball at
		// rest.
		w, own = append(w, cue.last), append(own, -1)
		since -= k.dt
	}
	for oi := range k.tracks {
		o := &k.tracks[oi]
		if oi == i || !o.used || o.gone || o.confirmed || o.ball == 0 || o.born <= since {
			continue
		}
		for j := min(o.nh, len(o.hist)) - 1; j >= 0 && len(w) < len(buf); j-- {
			if s := o.hist[(o.nh-1-j)%len(o.hist)]; s.t > since {
				w, own = append(w, s), append(own, oi)
			}
		}
	}
	if len(w) < 2 {
		return false
	}
	// The ray out to the newest detection.
	last := 0
	for j := range w {
		if w[j].t > w[last].t {
			last = j
		}
	}
	oi := own[last]
	ray := w[last].p.Sub(rest)
	if oi < 0 || ray.Len() < 4*k.R {
		return false
	}
	u := ray.Scale(1 / ray.Len())
	var kb [16]sample
	var dropB [16]int
	keep, drop := kb[:0], dropB[:0]
	for j, s := range w {
		d := s.p.Sub(rest)
		along := d.Dot(u)
		if along <= 0 || math.Abs(d.X*u.Y-d.Y*u.X) > takeoverGap+takeoverSlope*along {
			continue
		}
		keep = append(keep, s)
		if own[j] >= 0 && own[j] != oi && !slices.Contains(drop, own[j]) {
			drop = append(drop, own[j])
		}
	}
	sort.Slice(keep, func(a, b int) bool { return keep[a].t < keep[b].t })
	keep = mergeStreaks(keep, k.dt) // chainstreak.go
	for j := 1; j < len(keep); j++ {
		// Out along the ray, one detection a frame at most.
		if keep[j].t-keep[j-1].t < 0.5*k.dt || keep[j].p.Sub(rest).Dot(u) <= keep[j-1].p.Sub(rest).Dot(u) {
			return false
		}
	}
	if len(keep) < 2 {
		return false
	}
	lin := fitLine(keep)
	if lin.b.Len() < minStroke {
		return false
	}
	for _, s := range keep {
		if lin.at(s.t).Dist(s.p) > chainTol {
			return false
		}
	}
	t0 := backTime(&lin, rest, keep[0].t, k.dt)
	if t0 < since-0.5*k.dt || lin.at(t0).Dist(rest) > takeoverGap+takeoverSlope*keep[0].p.Dist(rest) {
		return false
	}
	k.takeOver(i, oi, keep, t0, drop)
	return true
}

// chainTol (mm): each detection cueChain joins lies within this of the straight
// path fitted to them all (a break's streak blurs a detection by a few cm).
const chainTol = 40.0

// spliceLog returns own's samples up to time t followed by other's after it,
// in a new slice.
func spliceLog(own, other []sample, t float64) []sample {
	out := make([]sample, 0, len(own)+len(other))
	for _, s := range own {
		if s.t <= t {
			out = append(out, s)
		}
	}
	for _, s := range other {
		if s.t > t {
			out = append(out, s)
		}
	}
	return out
}
