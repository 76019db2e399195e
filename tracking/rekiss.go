package tracking

import (
	"math"

	"github.com/cueref/cueref/shot"
	"github.com/cueref/cueref/table"
)

// Re-kisses: the same pair meeting again off a cushion.
//
// A ball struck next to a cushion comes back off it into the ball that struck
// it a few frames later: two contacts of one pair with a cushion hit between.
// The second bends the striker's path a frame or three after the first, too
// soon for explain to see a new break (the first's is still being fitted),
// and the close passes (closepass.go) took the pair's nearness for the first
// contact's. So a contact whose ball hit a cushion soon after is looked at
// again once the detections after it are in (judgeRekiss): when the two
// balls' detections come apart, close to touching again after the cushion hit
// and part again, and their relative motion turns from closing to parting
// along the line of centres, they touched again. When the second contact
// comes too soon after the first for the detections to show the balls apart
// between them (within 30 ms), a model of the two contacts and the cushion
// hit foresees it, and the striker's detections after it must bear it out
// (modelRekiss).

// Settings of the re-kisses.
const (
	// rekissRail (s): the cushion hit of a ball of the contact this soon after it.
	rekissRail = 0.07
	// rekissWin (s): the second contact this soon after the first.
	rekissWin = 0.13
	// rekissMin (s): two contacts of a pair at least this far apart are two;
	// nearer, one (a pair that parts by a hair and meets again at once,
	// which no camera tells apart; the simulator's truth merges them too).
	rekissMin = 0.010
	// rekissSoon (s): a second contact the model (modelRekiss) foresees this
	// soon after the first is told (when the striker's detections bear it
	// out); later ones show in the detections. At 30 ms, second contacts 30–50
	// ms after the first, too soon for judgeRekiss to see the balls part
	// between them, went untold (bench, seed 1: 3 of 12 repeats).
	rekissSoon = 0.06
	// rekissCushionE is the cushion's restitution modelRekiss assumes.
	rekissCushionE = 0.8
	// rekissFrozen (mm): a struck ball this near the cushion is frozen to it
	// (the cushion pushes back through the contact: no second one).
	rekissFrozen = 2.5
	// rekissCheck is how many frames after the second contact the striker's
	// detections are held against the model, and rekissBetter how much
	// smaller (in the sum of squares) their misfit with the second contact
	// must be than without it.
	rekissCheck  = 4
	rekissBetter = 0.5
	// rekissDV (mm/s) is the least change of the closing speed along the line
	// of centres, from closing to parting; rekissSig the same in standard
	// errors of the fitted relative velocities.
	rekissDV  = 150.0
	rekissSig = 0.75
)

// watchRekisses looks again at the contacts of the shot whose detections after
// them are in (each frame of a shot).
func (k *Tracker) watchRekisses() {
	if k.phase != inShot {
		k.rekissed = k.rekissed[:0]
		return
	}
	wait := rekissWin + float64(passFit)*k.dt
	for i := range k.events {
		e := &k.events[i]
		if e.kind != shot.Contact || e.cancel || k.lastT-e.t < wait || k.lastT-e.t > wait+0.1 || k.rekissSeen(e.seq) {
			continue
		}
		k.rekissed = append(k.rekissed, e.seq)
		if !k.judgeRekiss(e.a, e.b, e.t) {
			k.modelRekiss(i)
		}
	}
}

// rekissSeen reports whether the contact numbered seq was looked at already.
func (k *Tracker) rekissSeen(seq int) bool {
	for _, s := range k.rekissed {
		if s == seq {
			return true
		}
	}
	return false
}

// judgeRekiss looks for a second contact of tracks a and b, which touched at
// tc, after a cushion hit of one of them; it reports whether the detections
// around it showed one, or one was told already.
func (k *Tracker) judgeRekiss(a, b int, tc float64) bool {
	tr := math.Inf(1)
	for j := range k.events {
		r := &k.events[j]
		if r.kind == shot.RailHit && !r.cancel && (r.a == a || r.a == b) && r.t > tc && r.t <= tc+rekissRail {
			tr = math.Min(tr, r.t)
		}
	}
	if math.IsInf(tr, 1) || k.tracks[a].gone || k.tracks[b].gone {
		return false
	}
	var bufA, bufB [len(track{}.hist)]sample
	sa := k.histAround(a, tc, tc+rekissWin+float64(passFit)*k.dt, bufA[:])
	sb := k.histAround(b, tc, tc+rekissWin+float64(passFit)*k.dt, bufB[:])
	// The distances of the two balls' detections of the same frames.
	type gapAt struct {
		t, d float64
		r    table.Point
	}
	var gaps []gapAt
	j := 0
	for _, x := range sa {
		for j < len(sb) && sb[j].t < x.t-0.25*k.dt {
			j++
		}
		if j < len(sb) && math.Abs(sb[j].t-x.t) < 0.25*k.dt {
			gaps = append(gaps, gapAt{x.t, x.p.Dist(sb[j].p), x.p.Sub(sb[j].p)})
		}
	}
	// The nearest after the cushion hit, with the balls farther apart before
	// it (they parted after the first contact) and after it (they part again).
	mi := -1
	for i, g := range gaps {
		if g.t > tr && g.t <= tc+rekissWin && (mi < 0 || g.d < gaps[mi].d) {
			mi = i
		}
	}
	if mi <= 0 || mi == len(gaps)-1 {
		return false
	}
	m := gaps[mi]
	before, after := 0.0, 0.0
	for _, g := range gaps[:mi] {
		before = math.Max(before, g.d)
	}
	for _, g := range gaps[mi+1:] {
		after = math.Max(after, g.d)
	}
	gate := 2*k.R + passGate
	if m.d > gate || before < m.d+2*k.cfg.SigmaMoving+2 || after < m.d+2*k.cfg.SigmaMoving+2 {
		return false
	}
	// The relative motion (a's detection less b's) into the dip and out of
	// it: into it from both balls' last events on (the cushion hit, the first
	// contact), out of it up to passFit frames.
	var in, out []sample
	from := math.Max(tr, tc) + 0.5*k.dt
	for i, g := range gaps {
		switch {
		case g.t > from && i <= mi:
			in = append(in, sample{t: g.t, p: g.r})
		case i > mi && len(out) < passFit:
			out = append(out, sample{t: g.t, p: g.r})
		}
	}
	if len(in) < 2 || len(out) < 3 {
		return false
	}
	pin, pout := fitLine(in), fitLine(out)
	n := m.r.Scale(1 / m.d)
	closing, opening := -pin.vel(m.t).Dot(n), pout.vel(m.t).Dot(n)
	sig := math.Sqrt2 * k.cfg.SigmaMoving * math.Sqrt(1/math.Max(spanVar(in), 0.25*k.dt*k.dt)+1/spanVar(out))
	ok := closing > 0 && closing+opening >= math.Max(rekissDV, rekissSig*sig)
	// When: where the way in reaches touching distance.
	t2 := m.t
	zero := still(table.Point{}, m.t)
	if tt, _, hit := firstWithin(&pin, &zero, 2*k.R, m.t-2*k.dt, m.t+k.dt); hit && tt > m.t-2*k.dt {
		t2 = tt
	}
	if k.trace != nil {
		k.trace("%.4f re-kiss tracks %d %d after %.4f (cushion %.4f): nearest %.1f mm at %.4f, apart %.1f before, %.1f after; closing %.0f opening %.0f σ %.0f, at %.4f: %v",
			k.lastT, a, b, tc, tr, m.d, m.t, before, after, closing, opening, sig, t2, ok)
	}
	if k.pairToldIn(a, b, tc+rekissMin, t2+sameEvent) {
		return true // told already, from the paths' changes
	}
	if !ok || t2-tc < rekissMin {
		return false
	}
	pa, pb := fitLine(sa), fitLine(sb)
	k.rekissing = true
	if e := k.contact(a, b, t2, &pa, &pb, false); e != nil {
		e.byPass = true
	}
	k.rekissing = false
	return true
}

// pairToldIn reports whether a contact of tracks a and b was told within [lo, hi].
func (k *Tracker) pairToldIn(a, b int, lo, hi float64) bool {
	for i := range k.events {
		e := &k.events[i]
		if e.kind == shot.Contact && !e.cancel && e.t >= lo && e.t <= hi && (e.a == a && e.b == b || e.a == b && e.b == a) {
			return true
		}
	}
	return false
}

// modelRekiss foresees the second contact of contact ei, of a moving ball and
// one struck from rest next to a cushion that it hit at once, when the
// detections are too few to show it (the balls part by millimetres before
// the struck ball is back): the struck ball leaves along the line of centres
// with the part of the closing speed handed over (contactE), the striker keeps
// the rest; the cushion turns the struck ball's speed into it back
// (rekissCushionE); the second contact is when they are 2R apart again. It is
// told when it comes within rekissSoon of the first.
func (k *Tracker) modelRekiss(ei int) {
	e := &k.events[ei]
	if e.sides[0].tr < 0 || e.sides[1].tr < 0 || e.sides[0].rest == e.sides[1].rest {
		return
	}
	m, s := &e.sides[0], &e.sides[1]
	if m.rest {
		m, s = s, m
	}
	tc := e.t
	var rail table.Rail
	found := false
	for j := range k.events {
		r := &k.events[j]
		if r.kind == shot.RailHit && !r.cancel && r.a == s.tr && r.t > tc && r.t <= tc+rekissSoon {
			rail, found = r.rail, true
		}
	}
	if !found || k.pairToldIn(m.tr, s.tr, tc+rekissMin, tc+rekissWin) {
		return
	}
	s0, m0 := s.in.a, m.in.at(tc)
	f, ok := k.foreseeRekiss(m0, m.in.vel(tc), s0, rail)
	if !ok {
		return
	}
	t1, t2, ps, pm, vs2, vm := f.t1, tc+f.t2, f.ps, f.pm, f.vs2, f.vm
	r0, w := ps.Sub(pm), vs2.Sub(vm)
	if k.trace != nil {
		k.trace("%.4f re-kiss model tracks %d %d after %.4f: cushion %s at %.4f (gap %.1f mm), again at %.4f (closing %.0f)", k.lastT, m.tr, s.tr, tc, rail, tc+t1, k.tab.RailDistance(s0, rail), t2, -w.Dot(r0)/math.Sqrt(r0.Dot(r0)))
	}
	if t2-tc > rekissSoon || k.tab.RailDistance(s0, rail) < rekissFrozen {
		return // or frozen to the cushion: it pushes the ball back at once
	}
	// The striker's detections after it must follow its way out of a second
	// contact better than its way on without one.
	ps2 := ps.Add(vs2.Scale(t2 - tc - t1))
	pm2 := m0.Add(vm.Scale(t2 - tc))
	n2 := ps2.Sub(pm2)
	if l := n2.Len(); l > 0 {
		n2 = n2.Scale(1 / l)
	}
	vm1 := vm.Sub(n2.Scale((1 + contactE) / 2 * vm.Sub(vs2).Dot(n2)))
	var buf [len(track{}.hist)]sample
	after := k.histAround(m.tr, t2+k.skip(), t2+(rekissCheck+0.5)*k.dt, buf[:])
	var ss0, ss1 float64
	for _, x := range after {
		d0 := x.p.Sub(m0.Add(vm.Scale(x.t - tc)))
		d1 := x.p.Sub(pm2.Add(vm1.Scale(x.t - t2)))
		ss0 += d0.Dot(d0)
		ss1 += d1.Dot(d1)
	}
	if k.trace != nil {
		k.trace("%.4f re-kiss model tracks %d %d: %d detections after, rms %.1f mm without, %.1f with", k.lastT, m.tr, s.tr, len(after),
			math.Sqrt(ss0/float64(max(1, len(after)))), math.Sqrt(ss1/float64(max(1, len(after)))))
	}
	if len(after) < 2 || ss1 >= rekissBetter*ss0 || t2-tc < rekissMin {
		return // or too soon after the first to be another
	}
	pa, pb := still(pm, t2), still(ps, t2)
	k.rekissing = true
	if x := k.contact(m.tr, s.tr, t2, &pa, &pb, false); x != nil {
		x.byPass = true
	}
	k.rekissing = false
}

// rekissFore is what the re-kiss model (modelRekiss) foresees of a contact:
// the struck ball's cushion hit t1 and the second contact t2 after it (s), the
// struck ball and the striker at the cushion hit (ps, pm), their velocities
// after it (vs2, vm).
type rekissFore struct {
	t1, t2  float64
	ps, pm  table.Point
	vs2, vm table.Point
}

// foreseeRekiss runs the re-kiss model for a striker at m0 moving at vm that
// strikes the ball at s0, which then meets rail's cushion: false when the
// struck ball does not head into the cushion, or does not come back into the
// striker.
func (k *Tracker) foreseeRekiss(m0, vm, s0 table.Point, rail table.Rail) (rekissFore, bool) {
	n := s0.Sub(m0)
	l := n.Len()
	if l == 0 {
		return rekissFore{}, false
	}
	n = n.Scale(1 / l)
	vc := vm.Dot(n)
	if vc <= 0 {
		return rekissFore{}, false
	}
	vs := n.Scale((1 + contactE) / 2 * vc)
	vm = vm.Sub(vs)
	out := railOut(rail)
	vn := vs.Dot(out)
	if vn < 50 {
		return rekissFore{}, false
	}
	t1 := math.Max(0, k.tab.RailDistance(s0, rail)) / vn
	ps, pm := s0.Add(vs.Scale(t1)), m0.Add(vm.Scale(t1))
	vs2 := vs.Sub(out.Scale((1 + rekissCushionE) * vn))
	r0, w := ps.Sub(pm), vs2.Sub(vm)
	qa, qb, qc := w.Dot(w), 2*r0.Dot(w), r0.Dot(r0)-4*k.R*k.R
	disc := qb*qb - 4*qa*qc
	if qa == 0 || disc < 0 {
		return rekissFore{}, false
	}
	tau := (-qb - math.Sqrt(disc)) / (2 * qa)
	if tau < 0 {
		return rekissFore{}, false
	}
	return rekissFore{t1: t1, t2: t1 + tau, ps: ps, pm: pm, vs2: vs2, vm: vm}, true
}
