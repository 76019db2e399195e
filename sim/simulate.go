package sim

import (
	"errors"
	"fmt"
	"math"
	"math/rand"
	"sort"
	"sync"

	"github.com/cueref/cueref/shot"
	"github.com/cueref/cueref/table"
)

// Layout maps ball numbers (0 cue, 1–15) to their centres on the bed, in mm.
type Layout map[int]table.Point

// Clone returns a copy of l.
func (l Layout) Clone() Layout {
	out := make(Layout, len(l))
	for k, v := range l {
		out[k] = v
	}
	return out
}

// Balls returns the ball numbers in l, lowest first.
func (l Layout) Balls() []int {
	out := make([]int, 0, len(l))
	for k := range l {
		out = append(out, k)
	}
	sort.Ints(out)
	return out
}

// Positions converts l to the contract's positions.
func (l Layout) Positions() shot.Positions {
	out := make(shot.Positions, len(l))
	for k, v := range l {
		out[k] = shot.FromP(v)
	}
	return out
}

// Stroke is one stroke of the cue on the cue ball (ball 0).
type Stroke struct {
	Speed  float64 // cue speed at impact, m/s (a centre hit sends the cue ball off at ≈1.52×Speed)
	Angle  float64 // direction of the stroke in the table frame, radians (0 = towards the foot rail, +x)
	Side   float64 // tip offset to the shooter's right, fraction of R, −0.5…0.5 (right english > 0)
	Follow float64 // tip offset above centre, fraction of R, −0.5…0.5 (follow > 0, draw < 0)
	// Elevation of the cue above horizontal, radians (0 level). It tilts the impulse
	// into the bed; there is no jump or massé.
	Elevation float64
}

// MaxTipOffset is the largest tip offset (as a fraction of R) of a stroke; further
// out the tip would miscue.
const MaxTipOffset = 0.5

// ErrNoCueBall is returned when the layout has no cue ball.
var ErrNoCueBall = errors.New("sim: the layout has no cue ball (ball 0)")

// ErrTooManyEvents is returned (wrapped) when a shot needs more than
// Params.MaxEvents events: a bug, not bad input.
var ErrTooManyEvents = errors.New("sim: too many events in one shot")

type evKind uint8

const (
	evNone evKind = iota
	evEnd         // the segment's own end: a state transition
	evCushion
	evTip
	evHole
	evOff // airborne ball crosses the nose line
)

type ownEvent struct {
	t    float64
	kind evKind
	idx  int
}

// simulator is one shot in progress.
type simulator struct {
	ph    *phys
	g     *geometry
	rng   *rand.Rand
	n     int
	ids   []int
	segs  [][]seg
	own   []ownEvent
	pairT []float64 // n×n, upper triangle used
	now   float64
	evs   []shot.Event
	// lastContact is the time of each pair's last contact (key i·n+j).
	lastContact map[int]float64
	// lastRail is the time each ball last touched each rail.
	lastRail map[railKey]float64
	// jamStart, jamCount count each ball's recent resting contacts.
	jamStart []float64
	jamCount []int
}

// Simulate plays one stroke on the layout l (positions in mm) of table t and returns
// the motion of every ball until all are at rest. rng draws the rare ball thrown
// off the table; with a nil rng nothing random happens. The result depends only on
// the inputs and the rng's state.
func Simulate(t table.Table, p Params, l Layout, s Stroke, rng *rand.Rand) (*Motion, error) {
	if err := t.Validate(); err != nil {
		return nil, fmt.Errorf("sim: %w", err)
	}
	if err := p.Validate(); err != nil {
		return nil, err
	}
	if _, ok := l[0]; !ok {
		return nil, ErrNoCueBall
	}
	switch {
	case !(s.Speed > 0) || s.Speed > 20:
		return nil, fmt.Errorf("sim: stroke speed %g m/s out of range (0, 20]", s.Speed)
	case math.IsNaN(s.Angle) || math.IsInf(s.Angle, 0):
		return nil, fmt.Errorf("sim: stroke angle %g is not a number", s.Angle)
	case math.Hypot(s.Side, s.Follow) > MaxTipOffset+1e-9:
		return nil, fmt.Errorf("sim: tip offset (side %g, follow %g) beyond %g R: a miscue", s.Side, s.Follow, MaxTipOffset)
	case math.Abs(s.Elevation) > math.Pi/2:
		return nil, fmt.Errorf("sim: cue elevation %g rad out of range", s.Elevation)
	}
	sm, err := newSimulator(t, p, l, rng)
	if err != nil {
		return nil, err
	}
	v, w := sm.ph.strike(s.Speed, s.Angle, s.Side, s.Follow, s.Elevation)
	sm.set(0, v, w) // the cue ball is the lowest number
	sm.evs = append(sm.evs, shot.Event{T: 0, Kind: shot.Strike, Ball: 0})
	return sm.run(t, l)
}

// set gives ball index i a velocity and angular velocity at time 0.
func (sm *simulator) set(i int, v vec2, w vec3) {
	st := sm.ph.eval(&sm.segs[i][0], 0, true)
	st.v, st.w = v, w
	sm.segs[i][0] = sm.ph.newSeg(0, st)
}

// geometries caches each table's cushions and pockets (read-only once built).
var geometries sync.Map // geomKey → *geometry

type geomKey struct {
	t table.Table
	p Params
}

func cachedGeometry(t table.Table, p Params) *geometry {
	k := geomKey{t, p}
	if g, ok := geometries.Load(k); ok {
		return g.(*geometry)
	}
	g, _ := geometries.LoadOrStore(k, newGeometry(t, p))
	return g.(*geometry)
}

func newSimulator(t table.Table, p Params, l Layout, rng *rand.Rand) (*simulator, error) {
	ph := newPhys(p, t.BallR*1e-3)
	g := cachedGeometry(t, p)
	ids := l.Balls()
	n := len(ids)
	sm := &simulator{ph: ph, g: g, rng: rng, n: n, ids: ids,
		segs: make([][]seg, n), own: make([]ownEvent, n), pairT: make([]float64, n*n),
		lastContact: map[int]float64{}, lastRail: map[railKey]float64{},
		jamStart: make([]float64, n), jamCount: make([]int, n)}
	for i, id := range ids {
		if id < 0 || id > 15 {
			return nil, fmt.Errorf("sim: ball %d is not a ball number (0–15)", id)
		}
		q := l[id]
		r := g.onLip(vec2{q.X * 1e-3, q.Y * 1e-3})
		if math.IsNaN(q.X) || math.IsNaN(q.Y) || !g.fits(r, table.FrozenTolerance*1e-3) {
			return nil, fmt.Errorf("sim: ball %d at %v is not on the bed (nor hanging in a pocket's jaws)", id, q)
		}
		for _, jd := range ids[:i] {
			if d := q.Dist(l[jd]); d < 2*t.BallR-0.05 {
				return nil, fmt.Errorf("sim: balls %d and %d overlap (centres %.2f mm apart)", jd, id, d)
			}
		}
		sm.segs[i] = make([]seg, 1, 2)
		sm.segs[i][0] = seg{kind: kStationary, r: r, z: ph.R, o: identity, end: math.Inf(1)}
	}
	return sm, nil
}

func (sm *simulator) cur(i int) *seg { return &sm.segs[i][len(sm.segs[i])-1] }

// push starts a new segment for ball i at sm.now.
func (sm *simulator) push(i int, s seg) {
	s.o = orthonormalize(s.o)
	c := sm.cur(i)
	if c.t0 == s.t0 {
		*c = s
		return
	}
	sm.segs[i] = append(sm.segs[i], s)
}

func (sm *simulator) run(t table.Table, l Layout) (*Motion, error) {
	inf := math.Inf(1)
	for i := range sm.n {
		sm.updateOwn(i)
	}
	for i := range sm.n {
		for j := i + 1; j < sm.n; j++ {
			sm.pairT[i*sm.n+j] = sm.pairTime(i, j)
		}
	}
	var touched [2]int
	for nev := 0; ; nev++ {
		best, bi, bj := inf, -1, -1
		for i := range sm.n {
			if sm.own[i].t < best {
				best, bi, bj = sm.own[i].t, i, -1
			}
		}
		for i := range sm.n {
			row := sm.pairT[i*sm.n : (i+1)*sm.n]
			for j := i + 1; j < sm.n; j++ {
				if row[j] < best {
					best, bi, bj = row[j], i, j
				}
			}
		}
		if bi < 0 {
			break
		}
		if nev >= sm.ph.MaxEvents {
			return nil, fmt.Errorf("%w (more than %d)", ErrTooManyEvents, sm.ph.MaxEvents)
		}
		if best < sm.now {
			best = sm.now
		}
		sm.now = best
		k := 1
		touched[0] = bi
		if bj < 0 {
			sm.ownEvent(bi)
		} else {
			sm.collide(bi, bj)
			touched[1] = bj
			k = 2
		}
		for _, i := range touched[:k] {
			sm.updateOwn(i)
		}
		for _, i := range touched[:k] {
			for j := range sm.n {
				if j == i {
					continue
				}
				a, b := i, j
				if a > b {
					a, b = b, a
				}
				sm.pairT[a*sm.n+b] = sm.pairTime(a, b)
			}
		}
	}
	return sm.motion(t, l), nil
}

// updateOwn computes ball i's next own event: the end of its segment, or a cushion,
// jaw tip or hole it reaches first.
func (sm *simulator) updateOwn(i int) {
	s := sm.cur(i)
	ev := ownEvent{t: s.end, kind: evEnd}
	switch s.kind {
	case kAirborne:
		if s.dst.x > sm.now { // the nose crossing time is kept in dst.x
			ev = ownEvent{t: s.dst.x, kind: evOff}
		}
	case kRolling, kSliding:
		ev = sm.firstContact(i, s, ev)
	}
	sm.own[i] = ev
}

func (sm *simulator) firstContact(i int, s *seg, ev ownEvent) ownEvent {
	ph, g := sm.ph, sm.g
	tau := sm.now - s.t0
	r := s.r.add(s.v.scale(tau)).add(s.a.scale(0.5 * tau * tau))
	v := s.v.add(s.a.scale(tau))
	a := s.a
	T := s.end - sm.now
	reach := v.norm()*T + 0.5*a.norm()*T*T
	R := ph.R
	for k := range g.cushion {
		c := &g.cushion[k]
		gap := c.n.dot(r.sub(c.p0)) - R
		if gap > reach {
			continue
		}
		p := poly{gap, c.n.dot(v), 0.5 * c.n.dot(a)}
		te := p.firstEntry(math.Min(T, ev.t-sm.now), 1e-10, 1e-9, restingOverlap)
		if math.IsInf(te, 1) {
			continue
		}
		at := r.add(v.scale(te)).add(a.scale(0.5 * te * te))
		if x := at.sub(c.p0).dot(c.dir); x < 0 || x > c.length {
			continue
		}
		if t := sm.now + te; t < ev.t {
			ev = ownEvent{t: t, kind: evCushion, idx: k}
		}
	}
	for k := range g.tips {
		ev = sm.circleEntry(r, v, a, T, reach, g.tips[k].p, R, ev, evTip, k)
	}
	for k := range g.holes {
		ev = sm.circleEntry(r, v, a, T, reach, g.holes[k].c, g.holes[k].r, ev, evHole, k)
	}
	return ev
}

// circleEntry finds when a centre moving as r+vτ+aτ²/2 first comes within rad of c.
func (sm *simulator) circleEntry(r, v, a vec2, T, reach float64, c vec2, rad float64, ev ownEvent, kind evKind, idx int) ownEvent {
	d := r.sub(c)
	if d.norm()-rad > reach {
		return ev
	}
	p := poly{
		d.norm2() - rad*rad,
		2 * d.dot(v),
		v.norm2() + d.dot(a),
		v.dot(a),
		0.25 * a.norm2(),
	}
	te := p.firstEntry(math.Min(T, ev.t-sm.now), 1e-13, 1e-10, 2*rad*restingOverlap)
	if t := sm.now + te; t < ev.t {
		ev = ownEvent{t: t, kind: kind, idx: idx}
	}
	return ev
}

// pairTime is the next time balls i and j collide, or +Inf.
func (sm *simulator) pairTime(i, j int) float64 {
	si, sj := sm.cur(i), sm.cur(j)
	if !si.kind.onBed() || !sj.kind.onBed() || (!si.kind.moving() && !sj.kind.moving()) {
		return math.Inf(1)
	}
	T := math.Min(si.end, sj.end) - sm.now
	ti, tj := sm.now-si.t0, sm.now-sj.t0
	ri := si.r.add(si.v.scale(ti)).add(si.a.scale(0.5 * ti * ti))
	rj := sj.r.add(sj.v.scale(tj)).add(sj.a.scale(0.5 * tj * tj))
	vi, vj := si.v.add(si.a.scale(ti)), sj.v.add(sj.a.scale(tj))
	if !si.kind.moving() {
		vi = vec2{}
	}
	if !sj.kind.moving() {
		vj = vec2{}
	}
	d := rj.sub(ri)
	dv := vj.sub(vi)
	da := sj.a.sub(si.a)
	D := 2 * sm.ph.R
	reach := dv.norm()*T + 0.5*da.norm()*T*T
	if d.norm()-D > reach {
		return math.Inf(1)
	}
	p := poly{
		d.norm2() - D*D,
		2 * d.dot(dv),
		dv.norm2() + d.dot(da),
		dv.dot(da),
		0.25 * da.norm2(),
	}
	// Closing slower than 1 µm/s counts as resting contact, not a collision; balls
	// pressed together by their accelerations collide again after closing 10 µm.
	te := p.firstEntry(T, 1e-13, 2*D*1e-6, 2*D*restingOverlap)
	return sm.now + te
}

// stateAt is ball i's state now.
func (sm *simulator) stateAt(i int) state {
	return sm.ph.eval(sm.cur(i), sm.now, true)
}

func (sm *simulator) mm(v vec2) *shot.Point {
	return &shot.Point{v.x * 1e3, v.y * 1e3}
}

func (sm *simulator) ownEvent(i int) {
	s := sm.cur(i)
	ev := sm.own[i]
	st := sm.stateAt(i)
	ph := sm.ph
	switch ev.kind {
	case evEnd:
		switch s.kind {
		case kDropping, kAirborne:
			sm.push(i, seg{t0: sm.now, end: math.Inf(1), kind: kGone, r: st.r, z: st.z, o: st.o})
		case kSliding:
			// Rolling from here on: enforce the constraint exactly.
			st.w.x, st.w.y = -st.v.y/ph.R, st.v.x/ph.R
			sm.push(i, ph.newSeg(sm.now, st))
		case kRolling:
			st.v = vec2{}
			st.w.x, st.w.y = 0, 0
			sm.push(i, ph.newSeg(sm.now, st))
		case kSpinning:
			st.w = vec3{}
			sm.push(i, ph.newSeg(sm.now, st))
		}
	case evCushion:
		c := &sm.g.cushion[ev.idx]
		sm.railEvent(i, c.rail, st, c.n, st.r.sub(c.n.scale(ph.R)))
		sm.push(i, sm.bounce(st, c.n, c.n.dot(st.r.sub(c.p0))-ph.R))
	case evTip:
		tp := &sm.g.tips[ev.idx]
		d := st.r.sub(tp.p)
		sm.railEvent(i, tp.rail, st, d.unit(), tp.p)
		sm.push(i, sm.bounce(st, d.unit(), d.norm()-ph.R))
	case evHole:
		h := &sm.g.holes[ev.idx]
		fall := math.Sqrt(4 * ph.R / ph.Gravity) // until the top of the ball is below the bed
		dst := h.c.add(h.in.scale(h.r * 0.4))
		if d := dst.sub(st.r); d.norm() > st.v.norm()*fall {
			dst = st.r.add(d.unit().scale(st.v.norm() * fall))
		}
		sm.push(i, seg{t0: sm.now, end: sm.now + fall, kind: kDropping, r: st.r, v: st.v, w: st.w, z: ph.R, dst: dst, o: st.o})
		sm.evs = append(sm.evs, shot.Event{T: sm.now, Kind: shot.Pocketed, Ball: sm.ids[i], Pocket: string(h.id)})
	case evOff:
		// The airborne ball crosses the nose line: it has left the playing surface.
		s.dst.x = math.Inf(-1)
		sm.evs = append(sm.evs, shot.Event{T: sm.now, Kind: shot.OffTable, Ball: sm.ids[i]})
	}
}

// railEvent records ball i touching a cushion of rail at the contact point at. A
// ball sliding along a cushion it is pressed into touches it again and again
// (closing slower than railResting); those touches within railMerge seconds of
// the ball's last touch of the same rail are the same lasting touch, not events.
func (sm *simulator) railEvent(i int, rail table.Rail, st state, n, at vec2) {
	k := railKey{i, rail}
	last, seen := sm.lastRail[k]
	sm.lastRail[k] = sm.now
	if seen && -st.v.dot(n) < railResting && sm.now-last < railMerge {
		return
	}
	sm.evs = append(sm.evs, shot.Event{T: sm.now, Kind: shot.RailHit, Ball: sm.ids[i], Rail: string(rail), At: sm.mm(at)})
}

type railKey struct {
	ball int
	rail table.Rail
}

const (
	railResting = 0.02 // m/s
	railMerge   = 0.1  // s
)

// bounce applies a cushion impulse along normal n and returns the new segment. A
// ball left pressed into the cushion by its own sliding (less than 5 mm/s away
// from it while its friction pushes it in) is given 5 mm/s away from the cushion:
// the nose's resting push, without an endless series of ever smaller bounces.
//
// gap is the ball's distance from the cushion (negative when it met it pressed in,
// up to restingOverlap); the ball is set back to touching.
func (sm *simulator) bounce(st state, n vec2, gap float64) seg {
	if gap < 0 {
		st.r = st.r.madd(n, -gap)
	}
	sm.ph.collideCushion(&st, n)
	s := sm.ph.newSeg(sm.now, st)
	const vmin = 0.005
	if vn := s.v.dot(n); vn < vmin && s.a.dot(n) < 0 {
		st.v = st.v.madd(n, vmin-vn)
		s = sm.ph.newSeg(sm.now, st)
	}
	return s
}

// Resting contact: balls that meet slower than restingSpeed (m/s) collide
// plastically and are set exactly one diameter apart; pressed-together balls are
// allowed restingOverlap (m) before they collide again. Contacts of the same pair
// less than contactMerge (s) apart are one contact in the events, as are resting
// contacts of a pair that has touched before.
const (
	restingSpeed   = 0.005
	restingOverlap = 1e-5
	contactMerge   = 0.010
)

// jammed counts ball i's resting contacts and reports whether it has had more
// than jamContacts of them within jamWindow seconds.
func (sm *simulator) jammed(i int) bool {
	if sm.now-sm.jamStart[i] > jamWindow {
		sm.jamStart[i], sm.jamCount[i] = sm.now, 0
	}
	sm.jamCount[i]++
	return sm.jamCount[i] > jamContacts
}

const (
	jamContacts = 64
	jamWindow   = 0.01
)

// collide resolves a ball–ball collision between i and j now.
func (sm *simulator) collide(i, j int) {
	a, b := sm.stateAt(i), sm.stateAt(j)
	n := b.r.sub(a.r)
	dist := n.norm()
	n = n.scale(1 / dist)
	vn := a.v.sub(b.v).dot(n) // closing speed along the line of centres
	resting := vn < restingSpeed
	if resting {
		e := sm.ph.EBall
		sm.ph.EBall = 0
		sm.ph.collideBalls(&a, &b)
		sm.ph.EBall = e
	} else {
		sm.ph.collideBalls(&a, &b)
	}
	// Balls that met pressed together (up to restingOverlap) are set apart to
	// touching, so that the next contact is found from a clean start.
	if gap := 2*sm.ph.R - dist; gap > 0 {
		a.r = a.r.madd(n, -gap/2)
		b.r = b.r.madd(n, gap/2)
	}
	if resting && (sm.jammed(i) || sm.jammed(j)) {
		// Wedged balls pushing each other in an endless series of tiny contacts:
		// friction holds them; they stop here.
		a.v, a.w, b.v, b.w = vec2{}, vec3{}, vec2{}, vec3{}
	}
	mid := a.r.add(b.r).scale(0.5)
	ia, ib := sm.ids[i], sm.ids[j]
	key := i*sm.n + j
	// A resting contact of balls that have touched before is the same lasting touch
	// (or an imperceptible kiss): not a new event.
	if last, ok := sm.lastContact[key]; !ok || (!resting && sm.now-last >= contactMerge) {
		sm.evs = append(sm.evs, shot.Event{T: sm.now, Kind: shot.Contact, A: ia, B: ib, At: sm.mm(mid)})
	}
	sm.lastContact[key] = sm.now
	for k, st := range [2]state{a, b} {
		idx := i
		if k == 1 {
			idx = j
		}
		if vn >= sm.ph.AirborneSpeed && sm.airborne(idx, st) {
			continue
		}
		sm.push(idx, sm.ph.newSeg(sm.now, st))
	}
}

// airborne decides (rarely, from the rng) whether a ball leaving a hard hit is
// thrown over the rail it is heading for, and if so starts its flight.
func (sm *simulator) airborne(i int, st state) bool {
	ph := sm.ph
	if sm.rng == nil || ph.AirborneProb <= 0 {
		return false
	}
	sp := st.v.norm()
	if sp < ph.AirborneSpeed {
		return false
	}
	// Distance along the path to the nearest nose line ahead.
	dir := st.v.scale(1 / sp)
	R := ph.R
	dist := math.Inf(1)
	if dir.x > 0.5 {
		dist = math.Min(dist, (sm.g.L-R-st.r.x)/dir.x)
	} else if dir.x < -0.5 {
		dist = math.Min(dist, (st.r.x-R)/-dir.x)
	}
	if dir.y > 0.5 {
		dist = math.Min(dist, (sm.g.W-R-st.r.y)/dir.y)
	} else if dir.y < -0.5 {
		dist = math.Min(dist, (st.r.y-R)/-dir.y)
	}
	if !(dist < ph.AirborneReach) {
		return false
	}
	if sm.rng.Float64() >= ph.AirborneProb {
		return false
	}
	vz := 0.9 + 0.8*sm.rng.Float64()
	v := st.v.scale(0.8) // some of the energy went into the lift
	// The flight crosses the nose line (the ball's centre over the rail's nose)
	// at dist+R along the path.
	tOff := sm.now + (dist+R)/(0.8*sp)
	end := tOff + 0.25
	s := seg{t0: sm.now, end: end, kind: kAirborne, r: st.r, v: v, w: st.w, z: R, vz: vz, o: st.o}
	s.dst.x = tOff
	sm.push(i, s)
	return true
}
