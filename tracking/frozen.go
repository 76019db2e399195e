package tracking

import (
	"math"
	"slices"

	"github.com/cueref/cueref/shot"
	"github.com/cueref/cueref/table"
)

// A ball hit while frozen to others passes the push on at once: when a ball X
// hits A and A rests against B, A meets B in the same instant and B leaves
// along the line of centres A→B (A itself may hardly move, as in a Newton's
// cradle), and so on through a chain or a small cluster. None of these
// contacts shows an approach; judgePressed tells the pairs of a group of up to
// three that left their rest points together, each along their line of
// centres. Which pairs of a bigger group pass the push on follows from where
// the balls rest and how X came in: frozenCascades plays the push through the
// group (pushCascade: equal balls, pairwise impacts along the line of centres,
// in the order they happen) and tells the contacts it finds, at the told hit
// of X on A plus the time the push took to reach them.
//
// The rest points are the means of many detections (a few tenths of a
// millimetre off); in a group of up to cascadeGroup balls the pairs that meet
// hardly depend on that, but in a full rack (the gaps between its balls are
// tenths of a millimetre) the order of the impacts, and with it which pairs
// meet, does: nothing is told there. A pair is told only if one of its balls
// left its rest point at about the hit.

// Bounds of frozenCascades.
const (
	// cascadeGroup: the most balls at rest, pressed together, whose push is
	// played (the struck ball among them).
	cascadeGroup = 7
	// cascadeTime (s): how long after the hit the push is followed.
	cascadeTime = 0.03
	// cascadeSnap (mm): rest points this much more than a diameter apart are
	// touching (within the error of a rest point).
	cascadeSnap = 0.3
	// restingPush (mm/s): balls meeting slower than this press together
	// without a bounce.
	restingPush = 5.0
	// cascadeDV (mm/s): a meeting that changes the balls' velocities less
	// than this is not told (nothing of it can be seen; the simulator has
	// none where a ball went off square to the line of centres).
	cascadeDV = 30.0
)

// frozenCascades tells, at the end of a shot, the contacts between pressed
// balls that a told hit on one of them pushed through the group (see above).
func (k *Tracker) frozenCascades() {
	if k.phase != inShot {
		return
	}
	n := len(k.events)
	for ei := 0; ei < n; ei++ {
		e := k.events[ei]
		if e.kind != shot.Contact || e.cancel {
			continue
		}
		for s := range e.sides {
			x, a := e.sides[s], e.sides[1-s]
			if x.tr < 0 || a.tr < 0 || x.rest || !a.rest || x.in.n < 2 {
				continue
			}
			k.cascade(x.tr, a.tr, e.t, &x.in)
		}
	}
}

// cascade plays the hit at t of track x, coming in on path in, on track a at
// rest, through the balls pressed against a, and tells the contacts between
// them.
func (k *Tracker) cascade(x, a int, t float64, in *path) {
	group, ps := k.pressedGroupAt(x, a, t)
	if len(group) < 2 || len(group) > cascadeGroup {
		return
	}
	qa := ps[0]
	u := in.at(t).Sub(qa)
	if u.Len() == 0 {
		return
	}
	ps = append(ps, qa.Add(u.Scale(2*k.R/u.Len())))
	vs := make([]table.Point, len(ps))
	vs[len(ps)-1] = in.vel(t)
	rest := append([]table.Point(nil), ps...)
	met := pushCascade(k.R, contactE, cascadeSnap, cascadeTime, cascadeDV, ps, vs)
	for i, b := range group[1:] {
		// (a itself may be hit again at once by x following it.)
		if !k.wentAs(b, t, vs[i+1]) {
			if k.trace != nil {
				k.trace("%.4f cascade from track %d on %d at %.4f: track %d ball %d did not go off as played (%v): nothing told", k.lastT, x, a, t, b, k.tracks[b].ball, vs[i+1])
			}
			return
		}
	}
	ps = rest
	for _, m := range met {
		i, j := m.i, m.j
		if j >= len(group) || m.dv < cascadeDV {
			continue // the hit itself, or x again; or nothing to see
		}
		bi, bj, tm := group[i], group[j], t+m.t
		if k.pairTold(bi, bj, tm) || !k.leftAt(bi, tm) && !k.leftAt(bj, tm) {
			continue
		}
		if k.trace != nil {
			k.trace("%.4f cascade from track %d on %d at %.4f (group of %d): contact tracks %d ball %d and %d ball %d at %.4f",
				k.lastT, x, a, t, len(group), bi, k.tracks[bi].ball, bj, k.tracks[bj].ball, tm)
		}
		pa, pb := still(ps[i], tm), still(ps[j], tm)
		k.contact(bi, bj, tm, &pa, &pb, false)
	}
}

// pressedGroupAt returns the balls at rest at time t pressed against track a
// (directly or through others), a first, with their rest points, for a hit
// of moving track x on a: none (nil) if a has no rest point then, or if x
// itself rested in the group (a push inside it, not a hit on it).
func (k *Tracker) pressedGroupAt(x, a int, t float64) ([]int, []table.Point) {
	qa, ok := k.restAt(a, t)
	if !ok {
		return nil, nil
	}
	group, ps := []int{a}, []table.Point{qa}
	for j := 0; j < len(group); j++ {
		for b := range k.tracks {
			if b == x || b == a || !k.tracks[b].used || !k.tracks[b].confirmed || slices.Contains(group, b) {
				continue
			}
			q, ok := k.restAt(b, t)
			if ok && q.Dist(ps[j])-2*k.R <= k.pressTol() {
				group, ps = append(group, b), append(ps, q)
			}
		}
	}
	if q, ok := k.restAt(x, t); ok && k.leftAt(x, t) {
		for _, p := range ps {
			if q.Dist(p)-2*k.R <= k.pressTol() {
				return nil, nil
			}
		}
	}
	return group, ps
}

// cascadeSpeed (mm/s): a ball the push sets off faster than this must be seen
// going off that way (within cascadeAlong, a cosine) for the push to be told.
const (
	cascadeSpeed = 150.0
	cascadeAlong = 0.7
)

// wentAs reports whether track b, at rest at time t, went off as velocity v
// says: a clear way out from a rest point left about then, along v, when v is
// more than cascadeSpeed.
func (k *Tracker) wentAs(b int, t float64, v table.Point) bool {
	if v.Len() < cascadeSpeed {
		return true
	}
	for j := range k.leaves {
		l := &k.leaves[j]
		if l.tr != b || math.Abs(l.t-t) > pressWin {
			continue
		}
		w := l.way.Len()
		return w >= 3*k.cfg.Sigma && l.way.Dot(v) >= cascadeAlong*w*v.Len()
	}
	return false
}

// noteWay notes where leaving li went off to, from its detections up to
// pressWin+pressWait after it (judgePressed judges it then).
func (k *Tracker) noteWay(li int) {
	l := &k.leaves[li]
	if ss := k.samplesOf(l.tr, l.t, l.t+pressWin+pressWait); len(ss) > 0 {
		l.way = ss[len(ss)-1].p.Sub(l.at)
	}
}

// restAt is where track b rested at time t in the shot: the rest point it left
// about then, or where it was at the stroke if it had not left it before.
func (k *Tracker) restAt(b int, t float64) (table.Point, bool) {
	if tr := &k.tracks[b]; tr.gone && tr.goneT < t {
		return table.Point{}, false
	}
	q, ok := k.before[b]
	for j := range k.leaves {
		l := &k.leaves[j]
		if l.tr != b {
			continue
		}
		if math.Abs(l.t-t) <= pressWin {
			return l.at, true
		}
		if l.t < t {
			ok = false // on its way, or come to rest somewhere not kept
		}
	}
	return q, ok
}

// leftAt reports whether track b left its rest point about time t.
func (k *Tracker) leftAt(b int, t float64) bool {
	for j := range k.leaves {
		if l := &k.leaves[j]; l.tr == b && math.Abs(l.t-t) <= pressWin {
			return true
		}
	}
	return false
}

// pairTold reports whether a contact of tracks a and b is told about time t.
func (k *Tracker) pairTold(a, b int, t float64) bool {
	for j := range k.events {
		e := &k.events[j]
		if e.kind == shot.Contact && !e.cancel && (e.a == a && e.b == b || e.a == b && e.b == a) && math.Abs(e.t-t) <= pressWin {
			return true
		}
	}
	return false
}

// meeting is a pair of balls of pushCascade meeting t seconds after it began,
// with dv the most change of velocity (mm/s) one of their meetings gave.
type meeting struct {
	i, j  int
	t, dv float64
}

// pushCascade plays the push of moving balls through balls at rest pressed
// together: balls at ps with velocities vs (mm, mm/s; both changed in place),
// equal masses, restitution e along the line of centres and none below
// restingPush, no friction, at constant velocity for horizon seconds. Pairs
// less than 2R+snap apart count as touching. It returns the pairs that met
// (i < j, indexes into ps), each once, timed at the first meeting that
// changed their velocities by minDV or more (else their first).
func pushCascade(R, e, snap, horizon, minDV float64, ps, vs []table.Point) []meeting {
	n := len(ps)
	var met []meeting
	now := 0.0
	for it := 0; it < 64*n; it++ {
		bt, bi, bj := math.Inf(1), -1, -1
		for i := 0; i < n; i++ {
			for j := i + 1; j < n; j++ {
				p, w := ps[j].Sub(ps[i]), vs[j].Sub(vs[i])
				pw := p.Dot(w)
				if pw >= 0 {
					continue // not closing
				}
				t := 0.0
				if p.Len() > 2*R+snap {
					ww := w.Dot(w)
					d := pw*pw - ww*(p.Dot(p)-4*R*R)
					if d < 0 {
						continue // they pass
					}
					t = (-pw - math.Sqrt(d)) / ww
				}
				if t < bt {
					bt, bi, bj = t, i, j
				}
			}
		}
		if bi < 0 || now+bt > horizon {
			break
		}
		now += bt
		for i := range ps {
			ps[i] = ps[i].Add(vs[i].Scale(bt))
		}
		u := ps[bj].Sub(ps[bi])
		u = u.Scale(1 / u.Len())
		vn := vs[bi].Sub(vs[bj]).Dot(u)
		ee := e
		if vn < restingPush {
			ee = 0
		}
		jn := (1 + ee) / 2 * vn
		vs[bi] = vs[bi].Sub(u.Scale(jn))
		vs[bj] = vs[bj].Add(u.Scale(jn))
		if k := slices.IndexFunc(met, func(m meeting) bool { return m.i == bi && m.j == bj }); k >= 0 {
			if jn > met[k].dv && met[k].dv < minDV {
				met[k].t = now // the first meeting that shows
			}
			met[k].dv = math.Max(met[k].dv, jn)
		} else {
			met = append(met, meeting{bi, bj, now, jn})
		}
	}
	return met
}
