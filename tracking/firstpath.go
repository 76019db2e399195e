package tracking

import (
	"math"

	"github.com/cueref/cueref/shot"
	"github.com/cueref/cueref/table"
)

// The cue ball's way to its first contact, checked against the balls at rest.
// A cue ball driven into a cluster or a rack sets several balls off in the same
// frame, and the pairing of starts and breaks may then give the first contact to
// a ball behind the one it hit (the cue ball's track may even follow the struck
// ball off). The cue ball's straight way from where it rested tells which of the
// balls that moved it reached first: a ball at rest cannot move out of its way.
const (
	// cueInMax and cueInTime bound the detections kept of the cue ball's way.
	cueInMax  = 120
	cueInTime = 2.0
	// cueMinMove (mm): detections nearer its rest point than this say nothing
	// of the direction.
	cueMinMove = 8.0
	// cueTwoFar (mm): two detections make a way when the nearer is this far
	// from the rest point, or the farther cueTwoReach; fewer than three
	// otherwise make none. At 30 fps a break's cue ball, at 8-11 m/s, is
	// read twice or once in flight; a cue ball struck at 1 m/s into a ball
	// 120 mm away, twice (TestWayTwoNearReads: 39 and 83 mm out). The rest
	// point, the mean of many reads, anchors the way; wayVerdict weighs its
	// wider uncertainty.
	cueTwoFar   = 150.0
	cueTwoReach = 60.0
	// cuePerpRMS and cuePerpMax (mm) bound the scatter of the detections about
	// the straight way; more is a bend (a cushion, a swerve): no check.
	cuePerpRMS = 20.0
	cuePerpMax = 45.0
	// firstMargin (mm): the ball the straight way reaches first replaces the
	// first contact's ball only when reached this much earlier along it.
	firstMargin = 3.0
)

// recordCue keeps the cue ball's detections of the shot in progress (each frame).
func (k *Tracker) recordCue() {
	if k.strikeTr < 0 || k.strikeTr >= len(k.tracks) {
		return
	}
	tr := &k.tracks[k.strikeTr]
	if len(k.cueIn) == 0 {
		// The frames between the stroke and the shot's start.
		for j := min(tr.nh, len(tr.hist)) - 1; j >= 0; j-- {
			if s := tr.hist[(tr.nh-1-j)%len(tr.hist)]; s.t > k.strikeT {
				k.cueIn = append(k.cueIn, s)
			}
		}
	}
	if !k.leadKept {
		k.keepLead(tr)
	}
	if !tr.seen || len(k.cueIn) >= cueInMax || tr.last.t-k.strikeT > cueInTime {
		return
	}
	if n := len(k.cueIn); n > 0 && k.cueIn[n-1].t >= tr.last.t {
		return
	}
	k.cueIn = append(k.cueIn, tr.last)
}

// firstByPath makes the shot's first contact the ball at rest that the cue
// ball's straight way from its rest point reached first, when that is not the
// ball told and the way says so clearly (see wayVerdict). A ball that never
// moved was not reached, nor one hardly seen since it came back (faint.go):
// neither is a candidate (see untouched).
func (k *Tracker) firstByPath() {
	cue := k.strikeTr
	_, ok := k.before[cue]
	if !ok {
		return
	}
	fi := k.firstCueContact()
	if fi < 0 {
		return
	}
	first := &k.events[fi]
	for i := range k.events {
		if e := &k.events[i]; e.kind == shot.RailHit && !e.cancel && e.a == cue && e.t <= first.t {
			return // off a cushion first: not a straight way
		}
	}
	told := first.a + first.b - cue
	// First the detections before the contact told; then those before the
	// hit that way found, up to a few frames past the contact told (it may
	// have been told early).
	limit, reach := first.t-0.5*k.dt, math.Inf(1)
	var way cueWay
	best := -1
	for it := 0; it < 2; it++ {
		prev := way
		var ok bool
		way, ok = k.cueDirection(limit, reach)
		if !ok && it == 0 {
			way, ok = k.cueWayPast(limit, first.t) // breakface.go
		}
		if !ok {
			// On a rack the way may scatter too much to fit (breakway.go).
			if it == 0 {
				k.rackDoubt(limit, told)
			} else if best != told && k.inRack(told) {
				// The way fitted up to the contact told reached best
				// first; past it, it scatters too much to fit (a break
				// into the rack). best is the better reading, told the
				// other one: of the three breaks asked so in the
				// camera-model runs (seed 1, 9-ball shot 84, at 60 and
				// 120 fps; seed 3, 9-ball shot 203: told the 2, the 5
				// and the 3 against the 1 at the rack's apex), the way
				// was right each time and the pairing of starts wrong,
				// an illegal break told for a legal one.
				k.makeFirst(fi, best, prev.u)
				k.firstDoubt(told, best)
			}
			return
		}
		b, s, _ := k.firstOnWay(way.u, told)
		if b < 0 {
			return
		}
		best = b
		limit, reach = first.t+cueAfter*k.dt, s
	}
	if best == told {
		k.thinBefore(way, told, first.t) // thinbefore.go
		return
	}
	if k.cueWentThrough(best, first.t) || k.leftFirst(first, told, best) {
		return
	}
	v := k.wayVerdict(first, way, best, told)
	if v != wayTold {
		// The way may pass best within a hair of touching (wayrest.go).
		switch k.stayedOnWay(first, way, best) {
		case wayTold:
			return
		case wayUnsure:
			v = wayUnsure
		}
	}
	switch v {
	case wayTold:
		return
	case wayUnsure:
		k.firstDoubt(best, told)
		return
	}
	k.makeFirst(fi, best, way.u)
}

// makeFirst makes the ball at rest of track best, which the cue ball going
// straight from its rest point in direction u reaches, the partner of its
// first contact, k.events[fi].
func (k *Tracker) makeFirst(fi, best int, u table.Point) {
	cue := k.strikeTr
	from := k.before[cue]
	first := &k.events[fi]
	told := first.a + first.b - cue
	bestS := k.reachOnWay(u, best)
	if k.trace != nil {
		k.trace("%.4f first contact by the cue ball's way: track %d ball %d (%d at the stroke, %.0f mm along), not track %d ball %d",
			k.lastT, best, k.tracks[best].ball, k.beforeID[best], bestS, told, k.tracks[told].ball)
	}
	// A later contact of the cue ball with that ball is the one told first:
	// the two swap balls. Otherwise the first contact changes ball.
	for i := range k.events {
		e := &k.events[i]
		if i != fi && e.kind == shot.Contact && !e.cancel && (e.a == cue && e.b == best || e.b == cue && e.a == best) {
			setPartner(e, cue, told, k.tracks[told].ball)
			break
		}
	}
	// The ball that rested there at the stroke: in the scramble that follows
	// a break its track may well end up with another's number.
	ball := k.ballAtStroke(best)
	setPartner(first, cue, best, ball)
	if first.a == cue {
		first.ids[0] = 0
	} else {
		first.ids[1] = 0
	}
	first.fixed = ball >= 0
	first.at = from.Add(u.Scale(bestS)).Add(k.before[best]).Scale(0.5)
	first.hasAt = true
	first.still = -1
}

// firstOnWay returns the ball at rest at the stroke that a cue ball going
// straight from its rest point in direction u reaches first, and how far along
// it gets to touch it and to touch track told (+Inf when it never does).
func (k *Tracker) firstOnWay(u table.Point, told int) (best int, bestS, toldS float64) {
	cue := k.strikeTr
	from := k.before[cue]
	best, bestS, toldS = -1, math.Inf(1), math.Inf(1)
	for i, q := range k.before {
		tr := &k.tracks[i]
		if i == cue || !tr.used || !tr.confirmed || k.movingAtStroke(i) || i != told && (k.untouched(i) || k.faintAtStroke(i)) {
			continue
		}
		v := q.Sub(from)
		along := v.Dot(u)
		h := math.Abs(v.X*u.Y - v.Y*u.X)
		if along <= 0 || h >= 2*k.R {
			continue
		}
		s := along - math.Sqrt(4*k.R*k.R-h*h)
		if i == told {
			toldS = s
		}
		if s < bestS {
			best, bestS = i, s
		}
	}
	return best, bestS, toldS
}

// cueWay is the direction of the cue ball's straight way and the uncertainty
// of its angle (three standard errors, radians).
type cueWay struct {
	u     table.Point
	delta float64
	use   []table.Point // the detections it rests on, from the rest point
}

// cueDirection is the direction of the cue ball's straight way from its rest
// point, from its detections in time order before limit, while they go on
// along the way and short of reach (mm along it); ok is false when there are
// too few of them or they scatter too much about a straight line.
func (k *Tracker) cueDirection(limit, reach float64) (cueWay, bool) {
	return k.cueDirectionOff(limit, reach, 0)
}

// cueDirectionOff is cueDirection; with off > 0 a detection more than off
// (mm) from the way of those before it ends the way, past a bend, rather
// than spoiling it.
func (k *Tracker) cueDirectionOff(limit, reach, off float64) (cueWay, bool) {
	from := k.before[k.strikeTr]
	var use []table.Point
	var sum table.Point
	last := math.Inf(-1)
	for _, s := range k.cueIn {
		if s.t >= limit {
			break
		}
		v := s.p.Sub(from)
		if v.Len() < cueMinMove {
			continue
		}
		if len(use) > 0 {
			a := v.Dot(sum.Scale(1 / sum.Len()))
			if a >= reach || a < last-cueBack {
				break
			}
			if off > 0 && len(use) >= 2 {
				if u := sum.Scale(1 / sum.Len()); math.Abs(v.X*u.Y-v.Y*u.X) > off {
					break
				}
			}
			last = math.Max(last, a)
		}
		use = append(use, v)
		sum = sum.Add(v)
	}
	if len(use) < 2 || len(use) == 2 && use[0].Len() < cueTwoFar && use[1].Len() < cueTwoReach || sum.Len() == 0 {
		return cueWay{}, false
	}
	u := sum.Scale(1 / sum.Len())
	var ss, aa float64
	for _, v := range use {
		h := math.Abs(v.X*u.Y - v.Y*u.X)
		if h > cuePerpMax {
			return cueWay{}, false
		}
		ss += h * h
		aa += v.Dot(u) * v.Dot(u)
	}
	rms := math.Sqrt(ss / float64(len(use)))
	if rms > cuePerpRMS {
		return cueWay{}, false
	}
	sig := math.Max(rms, k.cfg.SigmaMoving)
	return cueWay{u: u, delta: 3*sig/math.Sqrt(aa) + cueAngleFloor, use: use}, true
}

// cueAfter (frames): the detections of the cue ball's way are looked for this
// long after the first contact told; cueBack (mm): a detection this far back
// along the way from the furthest one is past the hit, coming back.
const (
	cueAfter = 6
	cueBack  = 10.0
)

// cueAngleFloor (rad) is added to the direction's uncertainty: the rest point
// and the model (a straight way at all) are not exact either.
const cueAngleFloor = 0.003

// setPartner makes the ball other than cue of contact e track o (ball b).
func setPartner(e *pevent, cue, o, b int) {
	if e.a == cue {
		e.b, e.ids[1] = o, b
	} else {
		e.a, e.ids[0] = o, b
	}
}

// movingAtStroke reports whether track i was moving at the stroke (its before
// position is not a rest point).
func (k *Tracker) movingAtStroke(i int) bool {
	for j := range k.events {
		if e := &k.events[j]; e.kind == shot.Moving && e.a == i {
			return true
		}
	}
	return false
}

// The verdicts of wayVerdict.
const (
	wayTold   = iota // the ball told stands
	wayBest          // the ball the straight way reaches first was first
	wayUnsure        // either may have been first: a person decides
)

// toldAtSlack (mm): a contact's point (halfway between the centres) this near a
// radius from the resting ball's centre places the cue ball at the contact.
// toldLineMargin (mm): on the line to that place, the ball the way reaches
// first must come this much sooner to have come first, and either may have
// within as much (the contact's point is a few millimetres uncertain).
const (
	toldAtSlack    = 3.0
	toldLineMargin = 10.0
)

// wayVerdict decides between the ball told first (track told, contact first)
// and the ball best that the fitted straight way reaches first.
//
// When the contact told places the cue ball (its point is a radius from the
// resting ball told), the straight line from the cue ball's rest point to where
// it touched told is the way it took if told came first: if best lies on that
// line toldLineMargin short of the contact, the cue ball reached best first; if it
// lies on it about as far, either may have come first. If best is off that line
// and that line is off the fitted way by more than the way's uncertainty, the
// cue ball did not go straight to told: something turned it on the way there,
// and best, which moved, is what did. Otherwise told stands.
//
// Without such a point the way alone decides: the same ball must come first
// for every direction within three standard errors of the fitted one, and the
// ball told firstMargin later or not at all.
func (k *Tracker) wayVerdict(first *pevent, way cueWay, best, told int) int {
	from := k.before[k.strikeTr]
	ob := k.before[told]
	if first.hasAt && !k.movingAtStroke(told) && math.Abs(first.at.Dist(ob)-k.R) <= toldAtSlack {
		v := first.at.Scale(2).Sub(ob).Sub(from) // the cue ball's centre at the contact
		if v.Len() > cueMinMove {
			ut := v.Scale(1 / v.Len())
			sb := k.reachOnWay(ut, best)
			turn := math.Abs(math.Atan2(way.u.X*ut.Y-way.u.Y*ut.X, way.u.Dot(ut)))
			if k.trace != nil {
				k.trace("%.4f firstByPath: cue ball %.0f mm along at the contact told, track %d at %.0f mm on that line, %.4f rad off the way (±%.4f)", k.lastT, v.Len(), best, sb, turn, way.delta)
			}
			switch {
			case sb <= v.Len()-toldLineMargin:
				return wayBest
			case sb <= v.Len()+toldLineMargin:
				return wayUnsure
			case turn > way.delta && !k.onFreeLine(way, v):
				return wayBest
			}
			return wayTold
		}
	}
	for _, f := range [...]float64{-1, -0.5, 0, 0.5, 1} {
		a := f * way.delta
		u := table.Point{X: way.u.X*math.Cos(a) - way.u.Y*math.Sin(a), Y: way.u.X*math.Sin(a) + way.u.Y*math.Cos(a)}
		b, s, toldS := k.firstOnWay(u, told)
		if b != best || toldS-s < firstMargin {
			if k.trace != nil {
				k.trace("%.4f firstByPath: track %d first on the way, but not clearly (track %d at ±%.3f rad)", k.lastT, best, b, a)
			}
			return wayTold
		}
	}
	return wayBest
}

// onFreeLine reports whether the cue ball's centre at the contact told (v,
// from its rest point) lies on the straight line fitted to the cue ball's own
// detections (way.use) alone, not held to pass through its rest point: then it
// went straight to the ball told, and a turn between the way and the line to
// that place comes from an error of the rest point (a ball near a cushion may
// be seen some millimetres off where it rests), not from a hit on the way.
// The tolerance is three standard errors of the line's offset where it reaches
// v, with the contact's point toldAtSlack uncertain.
func (k *Tracker) onFreeLine(way cueWay, v table.Point) bool {
	n := float64(len(way.use))
	if n < 3 {
		return false
	}
	var m table.Point
	for _, p := range way.use {
		m = m.Add(p)
	}
	m = m.Scale(1 / n)
	var sxx, sxy, syy float64
	for _, p := range way.use {
		d := p.Sub(m)
		sxx += d.X * d.X
		sxy += d.X * d.Y
		syy += d.Y * d.Y
	}
	th := 0.5 * math.Atan2(2*sxy, sxx-syy)
	u := table.Point{X: math.Cos(th), Y: math.Sin(th)}
	var ss, aa float64
	for _, p := range way.use {
		d := p.Sub(m)
		h := d.X*u.Y - d.Y*u.X
		ss += h * h
		aa += d.Dot(u) * d.Dot(u)
	}
	sig := math.Max(math.Sqrt(ss/n), k.cfg.SigmaMoving)
	d := v.Sub(m)
	off := math.Abs(d.X*u.Y - d.Y*u.X)
	a := d.Dot(u)
	tol := 3*sig*math.Sqrt(1/n+a*a/aa) + toldAtSlack
	if k.trace != nil {
		k.trace("%.4f firstByPath: the contact told %.1f mm off the free line through the cue ball's detections (tolerance %.1f)", k.lastT, off, tol)
	}
	return off <= tol
}

// reachOnWay is how far along direction u from the cue ball's rest point it
// gets to touch track i (+Inf when it never does).
func (k *Tracker) reachOnWay(u table.Point, i int) float64 {
	v := k.before[i].Sub(k.before[k.strikeTr])
	along := v.Dot(u)
	h := math.Abs(v.X*u.Y - v.Y*u.X)
	if along <= 0 || h >= 2*k.R {
		return math.Inf(1)
	}
	return along - math.Sqrt(4*k.R*k.R-h*h)
}

// untouchedMove (mm): a ball at rest at the stroke that ends the shot nearer
// than this to where it rested, never seen to move, was not hit.
const untouchedMove = 4.0

// untouched reports whether track i, at rest at the stroke, showed no sign of
// being hit in the shot: it never moved, is still there, within untouchedMove of
// its rest point, and no ball that moved lay frozen against it (a ball pressed
// between the cue ball and another passes the hit on and barely moves).
func (k *Tracker) untouched(i int) bool {
	tr := &k.tracks[i]
	p, ok := k.before[i]
	if !ok || tr.moved || tr.gone || k.position(tr).Dist(p) >= untouchedMove {
		return false
	}
	for j, q := range k.before {
		o := &k.tracks[j]
		if j != i && j != k.strikeTr && (o.moved || o.gone) && q.Dist(p) < 2*k.R+2*table.FrozenTolerance {
			return false
		}
	}
	return true
}

// ballAtStroke is the ball track i was at the stroke, or its ball now when it
// had none then.
func (k *Tracker) ballAtStroke(i int) int {
	if b, ok := k.beforeID[i]; ok && b >= 0 {
		return b
	}
	return k.tracks[i].ball
}

// firstCueContact is the index in k.events of the earliest contact of the
// shot's cue ball that stands, or -1.
func (k *Tracker) firstCueContact() int {
	cue := k.strikeTr
	fi := -1
	for i := range k.events {
		e := &k.events[i]
		if e.kind == shot.Contact && !e.cancel && (e.a == cue || e.b == cue) && (fi < 0 || e.t < k.events[fi].t) {
			fi = i
		}
	}
	return fi
}
