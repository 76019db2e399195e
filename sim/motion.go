package sim

import (
	"math"
	"sort"

	"github.com/cueref/cueref/shot"
	"github.com/cueref/cueref/table"
)

// BallState is one ball at one instant, in the table frame (mm, mm/s).
type BallState struct {
	Ball int
	Pos  table.Point // centre, mm
	// Z is the height of the centre above the cloth, mm: BallR on the bed, less while
	// the ball drops into a pocket, more while it flies off the table.
	Z     float64
	Vel   table.Point // mm/s
	OnBed bool        // on the playing surface (at rest or moving)
	Gone  bool        // in a pocket or off the table, out of play
	// Orient is the ball's orientation, a row-major 3×3 rotation taking body
	// coordinates to the table frame (x, y, z up), integrated from its angular
	// velocity since the stroke (identity at the stroke). A point b on the ball's
	// surface is at Pos + Orient·b. (The table frame with z up is a mirror image of
	// a right-handed one; the physics is computed as if it were right-handed, which
	// the mirror symmetry of the laws allows, so Orient is a proper rotation.)
	Orient [9]float64
	// Spin is the angular velocity, rad/s, in the same frame.
	Spin [3]float64
}

// Dropping reports whether the ball is falling into a pocket or flying off the table.
func (b BallState) Dropping() bool { return !b.OnBed && !b.Gone }

// Motion is one shot's motion: every ball's piecewise-analytic path from the stroke
// until all are at rest, and the events that happened.
type Motion struct {
	ph       *phys
	balls    []int
	segs     [][]seg
	events   []shot.Event
	duration float64
	before   Layout
	after    Layout
}

func (sm *simulator) motion(t table.Table, l Layout) *Motion {
	m := &Motion{ph: sm.ph, balls: sm.ids, segs: sm.segs, before: l.Clone(), after: Layout{}}
	end := 0.0
	for i, ss := range sm.segs {
		last := ss[len(ss)-1]
		end = math.Max(end, last.t0)
		if last.kind.onBed() {
			m.after[sm.ids[i]] = table.Point{X: last.r.x * 1e3, Y: last.r.y * 1e3}
		}
	}
	m.duration = end
	m.events = append(sm.evs, shot.Event{T: end, Kind: shot.Stop})
	// Events are produced in time order; keep that order stable for equal times.
	sort.SliceStable(m.events, func(a, b int) bool { return m.events[a].T < m.events[b].T })
	return m
}

// Duration is the time in seconds from the stroke until the last ball is at rest
// (or gone).
func (m *Motion) Duration() float64 { return m.duration }

// Events returns the shot's events in time order: strike first, stop last. The
// slice is the motion's own: do not modify it (Shot returns a copy).
func (m *Motion) Events() []shot.Event { return m.events }

// Balls returns the balls that were on the bed at the stroke, lowest first.
func (m *Motion) Balls() []int { return m.balls }

// Before returns the layout at the stroke.
func (m *Motion) Before() Layout { return m.before.Clone() }

// After returns the layout at rest: the balls still on the bed.
func (m *Motion) After() Layout { return m.after.Clone() }

// Shot returns the shot-log record of the motion with the given declaration (nil
// for none).
func (m *Motion) Shot(call *shot.Call) *shot.Shot {
	ev := make([]shot.Event, len(m.events))
	copy(ev, m.events)
	return &shot.Shot{Call: call, Before: m.before.Positions(), Events: ev, After: m.after.Positions()}
}

// State appends to dst[:0] the state at time t (seconds from the stroke) of every
// ball that was on the bed at the stroke, in ball order, and returns it. Times
// before 0 give the layout at the stroke; times after Duration the final rest.
// Each ball's segment is found by binary search.
func (m *Motion) State(t float64, dst []BallState) []BallState {
	dst = dst[:0]
	for i, id := range m.balls {
		dst = append(dst, m.ball(i, id, t))
	}
	return dst
}

// Ball returns one ball's state at time t; ok is false when the ball was not on the
// bed at the stroke.
func (m *Motion) Ball(ball int, t float64) (BallState, bool) {
	for i, id := range m.balls {
		if id == ball {
			return m.ball(i, id, t), true
		}
	}
	return BallState{}, false
}

func (m *Motion) ball(i, id int, t float64) BallState {
	ss := m.segs[i]
	if t < 0 {
		t = 0
	}
	k := sort.Search(len(ss), func(k int) bool { return ss[k].t0 > t }) - 1
	if k < 0 {
		k = 0
	}
	s := &ss[k]
	st := m.ph.eval(s, t, true)
	return BallState{
		Ball:   id,
		Pos:    table.Point{X: st.r.x * 1e3, Y: st.r.y * 1e3},
		Z:      st.z * 1e3,
		Vel:    table.Point{X: st.v.x * 1e3, Y: st.v.y * 1e3},
		OnBed:  s.kind.onBed(),
		Gone:   s.kind == kGone,
		Orient: st.o,
		Spin:   [3]float64{st.w.x, st.w.y, st.w.z},
	}
}
