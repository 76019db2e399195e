package trackbench

import (
	"math"

	"github.com/cueref/cueref/shot"
	"github.com/cueref/cueref/sim"
)

// ContactTrait is one property a true contact may have (from the simulator's
// truth alone): how many true contacts had it and how many of those the tracker
// missed. Traits overlap; MissCause gives each miss one cause.
type ContactTrait struct {
	Trait  string `json:"trait"`
	True   int    `json:"true"`
	Missed int    `json:"missed"`
	// The same, breaks left out.
	TrueNoBreak   int `json:"true_no_break"`
	MissedNoBreak int `json:"missed_no_break"`
}

// Thresholds of the contact traits.
const (
	// tinyDV (mm/s): a contact that changes neither ball's velocity by more
	// than this is "tiny". At 60 fps a change of 30 mm/s moves a ball half a
	// millimetre a frame off its old path, a third of the position noise.
	tinyDV = 30.0
	// smallDV (mm/s): a "small" change, below what shows within a few frames.
	smallDV = 150.0
	// touchingGap (mm): balls this near one frame before the contact were
	// already touching (pressed together, or frozen): no approach to see.
	touchingGap = 1.0
	// frozenGap (mm): a pair this near at the stroke started frozen.
	frozenGap = 3.0
	// railGapTrait (mm): a ball of the contact this near a cushion nose.
	railGapTrait = 10.0
	// repeatWindow (s): another contact of the same pair this soon before.
	repeatWindow = 0.05
	// clusterWindow (s): another contact with one of the balls this near in time.
	clusterWindow = 0.005
	// restSpeed (mm/s): a ball slower than this is at rest.
	restSpeed = 5.0
)

// contactFacts are a true contact's traits.
type contactFacts struct {
	brk, bothMoving, tiny, small, touching, frozen, rail, occluded, repeat, cluster bool
	dv                                                                              float64
}

// observable reports whether a camera at the bench's frame rate can see the
// contact at all: some ball's velocity changes by at least tinyDV, and the pair
// was not already touching a frame before it (a push through pressed balls
// shows which balls moved, not which touched which).
func (f contactFacts) observable() bool { return !f.tiny && !f.touching }

// hiddenFn reports whether ball b was hidden from the camera (on the bed, not
// visible) in some frame within [t0, t1] (times from the stroke).
type hiddenFn func(b int, t0, t1 float64) bool

// factsOf works out the traits of true contact e of a shot (e.T from the stroke).
func (r *run) factsOf(ss *sim.ShotSim, truth []shot.Event, ei int, brk bool, hidden hiddenFn) contactFacts {
	e := truth[ei]
	mo := ss.Motion
	dt := 1 / r.cfg.Camera.FPS
	f := contactFacts{brk: brk}
	var pb, pa [2]sim.BallState
	for k, b := range [2]int{e.A, e.B} {
		pb[k], _ = mo.Ball(b, e.T-1e-5)
		pa[k], _ = mo.Ball(b, e.T+1e-5)
		f.dv = math.Max(f.dv, pa[k].Vel.Sub(pb[k].Vel).Len())
	}
	f.bothMoving = pb[0].Vel.Len() >= restSpeed && pb[1].Vel.Len() >= restSpeed
	f.tiny = f.dv < tinyDV
	f.small = f.dv < smallDV
	ea, _ := mo.Ball(e.A, e.T-dt)
	eb, _ := mo.Ball(e.B, e.T-dt)
	R := r.cfg.Table.BallR
	f.touching = ea.Pos.Dist(eb.Pos)-2*R < touchingGap
	before := mo.Before()
	if a, ok := before[e.A]; ok {
		if b, ok := before[e.B]; ok {
			f.frozen = a.Dist(b)-2*R < frozenGap
		}
	}
	for k := range pb {
		if _, gap := r.cfg.Table.NearestRail(pb[k].Pos); gap < railGapTrait {
			f.rail = true
		}
	}
	if hidden != nil {
		f.occluded = hidden(e.A, e.T-3*dt, e.T+3*dt) || hidden(e.B, e.T-3*dt, e.T+3*dt)
	}
	for j, o := range truth {
		if j == ei || o.Kind != shot.Contact {
			continue
		}
		same := (o.A == e.A && o.B == e.B) || (o.A == e.B && o.B == e.A)
		if same && o.T < e.T && e.T-o.T < repeatWindow {
			f.repeat = true
		}
		shared := o.A == e.A || o.A == e.B || o.B == e.A || o.B == e.B
		if shared && !same && math.Abs(o.T-e.T) < clusterWindow {
			f.cluster = true
		}
	}
	return f
}

// traits lists the traits in report order with whether f has each.
func (f contactFacts) traits() []struct {
	name string
	has  bool
} {
	return []struct {
		name string
		has  bool
	}{
		{"every contact", true},
		{"in a break", f.brk},
		{"both balls moving", f.bothMoving},
		{"one ball at rest", !f.bothMoving},
		{"Δv < 30 mm/s (tiny)", f.tiny},
		{"Δv 30–150 mm/s (small)", f.small && !f.tiny},
		{"Δv ≥ 150 mm/s", !f.small},
		{"touching a frame before", f.touching},
		{"pair frozen at the stroke", f.frozen},
		{"ball within 10 mm of a cushion", f.rail},
		{"ball hidden within 3 frames", f.occluded},
		{"same pair touched < 50 ms before", f.repeat},
		{"other contact of a ball < 5 ms away", f.cluster},
		{"observable (Δv ≥ 30, not touching)", f.observable()},
	}
}

// cause is the one cause a missed contact is put down to: the first that applies.
func (f contactFacts) cause() string {
	switch {
	case f.occluded:
		return "hidden"
	case f.touching && f.frozen:
		return "pressed, frozen at the stroke"
	case f.touching:
		return "pressed (touching a frame before)"
	case f.repeat:
		return "repeat of the same pair"
	case f.tiny:
		return "tiny Δv"
	case f.cluster:
		return "cluster (other contact < 5 ms)"
	case f.small:
		return "small Δv"
	case f.rail:
		return "next to a cushion"
	case f.bothMoving:
		return "both moving"
	}
	return "other"
}

// falseCause says what a contact the tracker told but the truth lacks was: e is
// the found event (time from the true stroke).
func (r *run) falseCause(ss *sim.ShotSim, truth []shot.Event, e shot.Event) string {
	near := func(tol float64, ok func(o shot.Event) bool) bool {
		for _, o := range truth {
			if o.Kind == shot.Contact && math.Abs(o.T-e.T) <= tol && ok(o) {
				return true
			}
		}
		return false
	}
	same := func(o shot.Event) bool { return sameBalls(o, e) }
	shared := func(o shot.Event) bool {
		return o.A == e.A || o.A == e.B || o.B == e.A || o.B == e.B
	}
	switch {
	case near(0.2, same):
		return "same pair, time off > 30 ms"
	case near(0.03, shared):
		return "one ball of a true contact, wrong partner"
	}
	a, okA := ss.Motion.Ball(e.A, e.T)
	b, okB := ss.Motion.Ball(e.B, e.T)
	if okA && okB && a.Pos.Dist(b.Pos)-2*r.cfg.Table.BallR < 30 {
		return "balls within 30 mm, no contact"
	}
	return "phantom (balls apart)"
}

// contactBreakdown scores the true and found contacts of one shot by trait and
// cause. pairs and usedGot are matchEvents' answer for truth and got.
func (r *run) contactBreakdown(ss *sim.ShotSim, truth, got []shot.Event, pairs [][2]int, usedGot []bool, brk bool, hidden hiddenFn) {
	rep := r.rep
	if rep.ContactMissCause == nil {
		rep.ContactMissCause = map[string]int{}
		rep.ContactFalseCause = map[string]int{}
	}
	matched := make([]bool, len(truth))
	for _, p := range pairs {
		matched[p[0]] = true
	}
	for ti, te := range truth {
		if te.Kind != shot.Contact {
			continue
		}
		f := r.factsOf(ss, truth, ti, brk, hidden)
		for i, tr := range f.traits() {
			if len(rep.ContactTraits) <= i {
				rep.ContactTraits = append(rep.ContactTraits, ContactTrait{Trait: tr.name})
			}
			if !tr.has {
				continue
			}
			ct := &rep.ContactTraits[i]
			ct.True++
			if !matched[ti] {
				ct.Missed++
			}
			if !brk {
				ct.TrueNoBreak++
				if !matched[ti] {
					ct.MissedNoBreak++
				}
			}
		}
		if f.observable() && !brk {
			rep.ObservableContacts.True++
			if matched[ti] {
				rep.ObservableContacts.Matched++
			}
		}
		if !matched[ti] {
			c := f.cause()
			if brk {
				c = "break: " + c
			}
			rep.ContactMissCause[c]++
		}
	}
	for gi, ge := range got {
		if ge.Kind != shot.Contact || usedGot[gi] {
			continue
		}
		c := r.falseCause(ss, truth, ge)
		if brk {
			c = "break: " + c
		}
		rep.ContactFalseCause[c]++
	}
}
