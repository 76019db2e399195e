package tracking

import (
	"math"
	"math/rand/v2"

	"github.com/cueref/cueref/shot"
	"github.com/cueref/cueref/table"
)

// A hit on a rack (a group of more than pressGroup pressed balls) passes the
// push on through some of its touching pairs and not others, and which ones
// depends on gaps of tenths of a millimetre (frozen.go): the cone
// (presscone.go) tells only the pairs that meet whatever those are. On the
// bench (no-render, seed 1, breaks left out) 221 of the 402 contacts missed
// were such pairs, 219 of them in 14.1, a dozen at a time on the shot that
// hits the re-racked balls. What the camera does see is the way each ball of
// the group leaves its rest point. Every meeting of two equal balls passes
// an impulse along their line of centres, pushing each away from the other
// (friction between the balls hardly turns it), and a ball pushed from rest
// leaves without spin; so the velocity each ball of the group leaves with is
// the sum of the pushes it got from its touching neighbours and the striker:
// v_b = Σ λ_ab n_ab, λ_ab ≥ 0 the impulse of the pair (a, b) per unit mass,
// n_ab the unit vector from a's rest point to b's. Solving this for λ ≥ 0
// (least squares, nnls) from the departures fitted to the detections
// (leaveVel) tells which pairs passed a push: those with a clear λ met.
// Pairs with a small λ may or may not have met (a full rack has more pairs
// than its balls have equations, and a meeting that passes little is lost in
// the noise): they are not told. A pair whose λ is about nothing did not
// pass a push: a contact told from the balls' paths between them is dropped
// (dropRackNone).
//
// On the simulator's truth (the rack hits of 12 racks of each game, breaks
// and hits at the stroke left out, the departures fitted to detections at
// 60 fps with 2.5 mm of noise) the pairs with λ ≥ 120 mm/s met in 122 of 123
// cases on seed 1 and 90 of 91 on seed 2; with λ ≥ 100, 135 of 138 and 110 of
// 112; with λ ≥ 80 one in thirty did not. On the bench (no-render, breaks
// left out) contact recall went from 85.16 to 86.19 % on seed 1 and from
// 84.31 to 85.08 % on seed 2, precision from 98.09 to 98.27 % and from 97.53
// to 97.64 % (λ ≥ 100: a few more contacts, precision about the same).
const (
	// rackLam (mm/s): the least impulse per unit mass of a pair told.
	rackLam = 120.0
	// rackFit (s): the departures are fitted from the detections this long
	// after the hit (before most balls of the rack meet again).
	rackFit = 0.1
	// rackResid (mm/s): a fit that leaves the departures this far off (rms
	// per ball) is not trusted: something else moved the balls (a second
	// hit, a swapped track), and nothing is told.
	rackResid = 60.0
	// rackStrikerNear (mm): the striker, where it was at the told hit (a
	// few millimetres off at times), may have struck a ball of the group it
	// was this near too.
	rackStrikerNear = 5.0
	// rackNoPush (mm/s): a pair whose impulse fits below this passed no
	// push (see dropRackNone).
	rackNoPush = 20.0
)

// rackPush waits for the departures, pressWin after the hit: told only then,
// its contacts would be late (first told some seven frames after the hit).
// So on the frame of the hit the pairs that the push is likely to pass
// through are told provisionally: the hit is played through the group
// (pushCascade) rackRuns times, the rest points moved by a normal error of
// rackJitter and the striker's way turned by one of rackTurn, and the pairs
// that met with an impulse of rackProvDV or more in a share rackProv of the
// runs are told. On the truth (as above, seed 1) this foresaw 82 of the 108
// pairs with λ ≥ 150 mm/s, and told 55 others that were not confirmed; on the
// bench the share of true events first told within two frames went from
// 95.59 to 96.02 % (seed 1) and from 95.36 to 95.65 % (seed 2), above the
// 95.94 and 95.62 % before rackPush; the withdrawn provisional contacts from
// 263 to 314 and from 241 to 285.
const (
	rackRuns   = 40
	rackJitter = 0.15 // mm
	rackTurn   = 0.03 // rad
	rackProv   = 0.5
	rackProvDV = 50.0 // mm/s
)

// provRack tells provisionally the pairs of the group of pressed balls
// (rest points ps, group[0] hit) that the hit at tc by a ball at striker
// moving at vs is likely to make meet (see above).
func (k *Tracker) provRack(group []int, ps []table.Point, tc float64, striker, vs table.Point) {
	n := len(group)
	rng := rand.New(rand.NewPCG(uint64(n), 1)) // the same every time: the tracker is deterministic
	count := map[[2]int]int{}
	qs := make([]table.Point, n+1)
	ws := make([]table.Point, n+1)
	for range rackRuns {
		for i := range ps {
			qs[i] = ps[i].Add(table.Point{X: rackJitter * rng.NormFloat64(), Y: rackJitter * rng.NormFloat64()})
			ws[i] = table.Point{}
		}
		a := rackTurn * rng.NormFloat64()
		c, s := math.Cos(a), math.Sin(a)
		u := striker.Sub(ps[0])
		qs[n] = qs[0].Add(table.Point{X: c*u.X - s*u.Y, Y: s*u.X + c*u.Y})
		ws[n] = table.Point{X: c*vs.X - s*vs.Y, Y: s*vs.X + c*vs.Y}
		for _, m := range pushCascade(k.R, contactE, cascadeSnap, cascadeTime, rackProvDV, qs, ws) {
			if m.j < n && m.dv >= rackProvDV {
				count[[2]int{m.i, m.j}]++
			}
		}
	}
	for i := range n {
		for j := i + 1; j < n; j++ {
			if float64(count[[2]int{i, j}]) < rackProv*rackRuns {
				continue
			}
			a, b := &k.tracks[group[i]], &k.tracks[group[j]]
			if a.ball < 0 || b.ball < 0 || k.provTold(group[i], group[j], tc) {
				continue
			}
			k.provAt(shot.Contact, group[i], group[j], tc, shot.Event{A: a.ball, B: b.ball})
		}
	}
}

// rackPush tells the pairs of the group of pressed balls (tracks group, rest
// points ps, group[0] hit) that the hit of track x, at xp at time t, pushed
// through, from the balls' departures (see above); seq is the hit's event.
func (k *Tracker) rackPush(x int, xp table.Point, group []int, ps []table.Point, t float64, seq int) {
	n := len(group)
	vs := make([]table.Point, n)
	for i, b := range group {
		ss := k.samplesOf(b, t+1e-9, t+rackFit)
		if len(ss) < 3 {
			if k.trace != nil {
				k.trace("%.4f rack push from track %d at %.4f (group of %d): track %d ball %d seen %d times after, nothing told", k.lastT, x, t, n, b, k.tracks[b].ball, len(ss))
			}
			return // not seen enough (a track lost or swapped in the rack)
		}
		vs[i] = leaveVel(ps[i], t, ss)
	}
	// Pairs: the hit (x on group[0]), then the touching pairs of the group.
	type pair struct{ i, j int }
	pairs := []pair{{-1, 0}}
	for j := 1; j < n; j++ {
		// x may have struck another ball of the group too, at once.
		if xp.Dist(ps[j])-2*k.R <= rackStrikerNear {
			pairs = append(pairs, pair{-1, j})
		}
	}
	for i := 0; i < n; i++ {
		for j := i + 1; j < n; j++ {
			if ps[i].Dist(ps[j])-2*k.R <= k.pressTol() {
				pairs = append(pairs, pair{i, j})
			}
		}
	}
	A := make([][]float64, 2*n)
	for r := range A {
		A[r] = make([]float64, len(pairs))
	}
	b := make([]float64, 2*n)
	for i, v := range vs {
		b[2*i], b[2*i+1] = v.X, v.Y
	}
	for c, p := range pairs {
		var u table.Point
		if p.i < 0 {
			u = ps[p.j].Sub(xp) // x's own rows are left out
		} else {
			u = ps[p.j].Sub(ps[p.i])
		}
		if u.Len() == 0 {
			continue
		}
		u = u.Scale(1 / u.Len())
		A[2*p.j][c], A[2*p.j+1][c] = u.X, u.Y
		if p.i >= 0 {
			A[2*p.i][c], A[2*p.i+1][c] = -u.X, -u.Y
		}
	}
	lam := nnls(A, b)
	res := 0.0
	for r := range A {
		s := b[r]
		for c := range pairs {
			s -= A[r][c] * lam[c]
		}
		res += s * s
	}
	if res = math.Sqrt(res / float64(n)); res > rackResid {
		if k.trace != nil {
			k.trace("%.4f rack push from track %d at %.4f (group of %d): departures fit %.0f mm/s off, nothing told", k.lastT, x, t, n, res)
		}
		return
	}
	for c, p := range pairs {
		if p.i >= 0 && lam[c] < rackNoPush {
			k.rackNone = append(k.rackNone, rackPair{group[p.i], group[p.j], t})
		}
		if p.i < 0 || lam[c] < rackLam {
			continue
		}
		bi, bj := group[p.i], group[p.j]
		if k.pairTold(bi, bj, t) {
			continue
		}
		if k.trace != nil {
			k.trace("%.4f rack push from track %d at %.4f (group of %d, fit %.0f mm/s off): contact tracks %d ball %d and %d ball %d (%.0f mm/s)",
				k.lastT, x, t, n, res, bi, k.tracks[bi].ball, bj, k.tracks[bj].ball, lam[c])
		}
		pa, pb := still(ps[p.i], t), still(ps[p.j], t)
		if e := k.contact(bi, bj, t, &pa, &pb, false); e != nil {
			e.after, e.off = seq, 0 // timed with the hit (see pevent.after)
			e.rack = true
		}
	}
}

// rackPassed reports whether rackPush told track b passing a push on at
// about time t: its way out is then the sum of the pushes it got and gave,
// not the line of centres from the ball that struck it, and in a rack the
// ball on that line is no better a partner than the one told (see
// fixPartners).
func (k *Tracker) rackPassed(b int, t float64) bool {
	for i := range k.events {
		e := &k.events[i]
		if e.rack && !e.cancel && (e.a == b || e.b == b) && math.Abs(e.t-t) <= 2*k.dt {
			return true
		}
	}
	return false
}

// rackPair is a pair of pressed tracks a rack push at t passed nothing
// through.
type rackPair struct {
	a, b int
	t    float64
}

// dropRackNone drops, at the end of the shot, the contacts told from the
// paths about a rack push between two of its balls that it passed nothing
// through: the paths of balls that leave a rack together show who moved,
// not who pushed whom, and the departures say these two did not.
func (k *Tracker) dropRackNone() {
	for _, p := range k.rackNone {
		for i := range k.events {
			e := &k.events[i]
			if e.kind != shot.Contact || e.cancel || e.after > 0 || math.Abs(e.t-p.t) > pressWin || !(e.a == p.a && e.b == p.b || e.a == p.b && e.b == p.a) {
				continue
			}
			if k.trace != nil {
				k.trace("%.4f contact tracks %d %d at %.4f: the rack push at %.4f passed nothing through them, dropped", k.lastT, e.a, e.b, e.t, p.t)
			}
			e.cancel = true
		}
	}
}

// leaveVel estimates the velocity with which a ball left rest point q at time
// t0 from its detections ss after it: pushed from rest without spin, it
// slides straight on (slideDecel), then rolls at 5/7 of that speed; least squares in the speed along the mean way.
func leaveVel(q table.Point, t0 float64, ss []sample) table.Point {
	var way table.Point
	for _, s := range ss {
		way = way.Add(s.p.Sub(q).Scale(s.t - t0))
	}
	if way.Len() == 0 {
		return table.Point{}
	}
	u := way.Scale(1 / way.Len())
	cost := func(v float64) float64 {
		c := 0.0
		for _, s := range ss {
			r := s.p.Sub(q).Sub(u.Scale(slid(v, s.t-t0)))
			c += r.Dot(r)
		}
		return c
	}
	lo, hi := 0.0, 5000.0
	for range 60 {
		m1, m2 := lo+(hi-lo)/3, hi-(hi-lo)/3
		if cost(m1) < cost(m2) {
			hi = m2
		} else {
			lo = m1
		}
	}
	return u.Scale((lo + hi) / 2)
}

// slid is how far a ball pushed from rest at speed v has gone after tau
// seconds (see leaveVel).
func slid(v, tau float64) float64 {
	tr := 2 * v / (7 * slideDecel)
	if tau <= tr {
		return v*tau - slideDecel*tau*tau/2
	}
	return v*tr - slideDecel*tr*tr/2 + 5*v*(tau-tr)/7
}

// nnls solves min |A λ − b| for λ ≥ 0 (Lawson and Hanson's active set
// method); A has len(b) rows.
func nnls(A [][]float64, b []float64) []float64 {
	m := len(A)
	if m == 0 {
		return nil
	}
	n := len(A[0])
	x := make([]float64, n)
	in := make([]bool, n)
	w := make([]float64, n)
	gradient := func() {
		r := make([]float64, m)
		for i := range r {
			r[i] = b[i]
			for j := range x {
				r[i] -= A[i][j] * x[j]
			}
		}
		for j := range w {
			w[j] = 0
			for i := range r {
				w[j] += A[i][j] * r[i]
			}
		}
	}
	for range 3*n + 10 {
		gradient()
		best, bj := 1e-6, -1
		for j := range w {
			if !in[j] && w[j] > best {
				best, bj = w[j], j
			}
		}
		if bj < 0 {
			break
		}
		in[bj] = true
		for range 3*n + 10 {
			z := lsqOn(A, b, in)
			ok := true
			for j := range z {
				if in[j] && z[j] <= 0 {
					ok = false
				}
			}
			if ok {
				copy(x, z)
				break
			}
			alpha := math.Inf(1)
			for j := range z {
				if in[j] && z[j] <= 0 {
					alpha = math.Min(alpha, x[j]/(x[j]-z[j]))
				}
			}
			for j := range x {
				x[j] += alpha * (z[j] - x[j])
				if in[j] && x[j] <= 1e-9 {
					in[j], x[j] = false, 0
				}
			}
		}
	}
	return x
}

// lsqOn solves the least squares min |A z − b| over the columns in (the
// others zero), by the normal equations (slightly damped: the columns of a
// rack's pairs are not independent).
func lsqOn(A [][]float64, b []float64, in []bool) []float64 {
	var idx []int
	for j, ok := range in {
		if ok {
			idx = append(idx, j)
		}
	}
	k := len(idx)
	M := make([][]float64, k)
	for r := range M {
		M[r] = make([]float64, k+1)
		for c := range k {
			for i := range A {
				M[r][c] += A[i][idx[r]] * A[i][idx[c]]
			}
		}
		for i := range A {
			M[r][k] += A[i][idx[r]] * b[i]
		}
		M[r][r] += 1e-9
	}
	for c := range k {
		p := c
		for r := c + 1; r < k; r++ {
			if math.Abs(M[r][c]) > math.Abs(M[p][c]) {
				p = r
			}
		}
		M[c], M[p] = M[p], M[c]
		if M[c][c] == 0 {
			continue
		}
		for r := range k {
			if r == c {
				continue
			}
			f := M[r][c] / M[c][c]
			for cc := c; cc <= k; cc++ {
				M[r][cc] -= f * M[c][cc]
			}
		}
	}
	z := make([]float64, len(in))
	for r := range k {
		if M[r][r] != 0 {
			z[idx[r]] = M[r][k] / M[r][r]
		}
	}
	return z
}
