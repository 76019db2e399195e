package tracking

import (
	"math"
	"slices"

	"github.com/cueref/cueref/shot"
	"github.com/cueref/cueref/table"
)

// A hit on a ball pressed into a bigger group (a rack, a cluster of more
// than judgePressed's three, which tells the smaller ones) passes the push on
// through it, and which pairs meet depends on tenths of a millimetre (see
// frozen.go). Some pairs meet whatever those are: the struck ball A leaves
// along the line of centres from the ball X that hit it, and closes at once
// on every ball pressed against it within about 45° of that way, whatever
// else it meets first (a ball at 60° from the way takes only the push along
// its own line, and A still closes on the others); each ball so pushed
// passes the push on the same way. On the simulator's truth (the shots of
// both seeds but the breaks, the rest points jittered by 0.2 mm) the pairs
// this cone finds from a hit of 100 mm/s or more met, within 30 ms of the
// hit, in 199 of 200 cases (215 of 216 with a cosine of 0.6; with 0.5 one in
// eight did not; the tracker's rest points and the hit's way are rougher,
// and on the bench 0.6 told a few wrong pairs); from slower hits (a push
// inside a group) some did not either.
//
// The pairs are told provisionally on the frame the hit is told
// (provContactNext), from the striker's path, and confirmed pressWin after
// the hit when the told contact's incoming path gives them again, timed at
// the hit and following it when it is timed again (pevent.after).
const (
	// coneCos is the least cosine between the way a pressed ball is pushed
	// and the line of centres to a neighbour it passes the push on to.
	coneCos = 0.7
	// coneSpeed, coneFast (mm/s): the least and most speed of the hit on the
	// group. A hit much faster than a rack shot's is a break: which ball the
	// cue ball met first is judged from the balls that left the rack, and
	// more contacts told among them as it bursts only blur that (reviews of
	// two candidate first contacts); or a power shot into a cluster, whose
	// hit is timed too roughly to time the pushes it passes on.
	coneSpeed = 100.0
	coneFast  = 2000.0
	// coneStroke (frames): a hit this soon after the stroke is timed with the
	// stroke (the cue ball has no path of its own yet), frames off at times:
	// the pushes it passes on are left to the paths.
	coneStroke = 3
)

// coneEarly (s): a group one of whose balls left its rest point this long
// before a hit on it is bursting (a break): its balls are pushed off by
// others as they are hit, not as the cone says (on the truth of the breaks,
// the cone's pairs that did not meet came from hits a tenth of a second into
// the break).
const coneEarly = 0.05

// burst reports whether a ball of group left its rest point coneEarly or more
// before time t.
func (k *Tracker) burst(group []int, t float64) bool {
	for j := range k.leaves {
		if l := &k.leaves[j]; l.t <= t-coneEarly && slices.Contains(group, l.tr) {
			return true
		}
	}
	return false
}

// conePairs returns the pairs (indexes into ps, the rest points of a group
// of pressed balls) that a push along u on ball 0 makes meet (see above).
func (k *Tracker) conePairs(ps []table.Point, u table.Point) [][2]int {
	if l := u.Len(); l > 0 {
		u = u.Scale(1 / l)
	} else {
		return nil
	}
	dir := make([]table.Point, len(ps))
	dir[0] = u
	queue := []int{0}
	var pairs [][2]int
	for len(queue) > 0 {
		i := queue[0]
		queue = queue[1:]
		for j := range ps {
			if j == i || ps[i].Dist(ps[j])-2*k.R > k.pressTol() {
				continue
			}
			n := ps[j].Sub(ps[i])
			n = n.Scale(1 / n.Len())
			if n.Dot(dir[i]) < coneCos {
				continue
			}
			p := [2]int{min(i, j), max(i, j)}
			if slices.Contains(pairs, p) {
				continue
			}
			pairs = append(pairs, p)
			if j != 0 && dir[j] == (table.Point{}) {
				dir[j] = n
				queue = append(queue, j)
			}
		}
	}
	return pairs
}

// provCone tells provisionally the contacts of the push of moving track m,
// at striker (velocity vs) at time tc, on track r at rest through the balls
// pressed against r.
func (k *Tracker) provCone(m, r int, tc float64, striker, vs table.Point) {
	if k.phase != inShot || vs.Len() < coneSpeed || vs.Len() > coneFast || tc < k.strikeT+coneStroke*k.dt {
		return
	}
	group, ps := k.pressedGroupAt(m, r, tc)
	if len(group) <= pressGroup || k.burst(group, tc) {
		return
	}
	for _, p := range k.conePairs(ps, ps[0].Sub(striker)) {
		a, b := &k.tracks[group[p[0]]], &k.tracks[group[p[1]]]
		if a.ball < 0 || b.ball < 0 {
			continue
		}
		k.provAt(shot.Contact, group[p[0]], group[p[1]], tc, shot.Event{A: a.ball, B: b.ball})
	}
	k.provRack(group, ps, tc, striker, vs) // rackpush.go
}

// judgeCones tells the contacts of the push through pressed balls of each
// contact told in the shot of a moving ball with one at rest, pressWin after
// it (final: all those not judged yet).
func (k *Tracker) judgeCones(final bool) {
	if k.phase != inShot {
		return
	}
	for ei := 0; ei < len(k.events); ei++ {
		e := k.events[ei]
		if e.kind != shot.Contact || e.cancel || slices.Contains(k.cones, e.seq) || !final && k.lastT < e.t+pressWin {
			continue
		}
		k.cones = append(k.cones, e.seq)
		for s := range e.sides {
			x, a := e.sides[s], e.sides[1-s]
			if x.tr < 0 || a.tr < 0 || x.rest || !a.rest || x.in.n < 2 || x.in.vel(e.t).Len() < coneSpeed || x.in.vel(e.t).Len() > coneFast || e.t < k.strikeT+coneStroke*k.dt {
				continue
			}
			group, ps := k.pressedGroupAt(x.tr, a.tr, e.t)
			if len(group) <= pressGroup || k.burst(group, e.t) {
				continue
			}
			for _, p := range k.conePairs(ps, ps[0].Sub(x.in.at(e.t))) {
				bi, bj := group[p[0]], group[p[1]]
				if k.pairTold(bi, bj, e.t) || !k.provTold(bi, bj, e.t) {
					// Told already; or not told on the frame of the hit (a
					// cone from the striker's path then that does not agree
					// with the told contact's: a rest point or the hit's way
					// uncertain), and it would be told late.
					continue
				}
				if k.trace != nil {
					k.trace("%.4f cone from track %d on %d at %.4f (group of %d, %.0f mm/s): contact tracks %d ball %d and %d ball %d",
						k.lastT, x.tr, a.tr, e.t, len(group), x.in.vel(e.t).Len(), bi, k.tracks[bi].ball, bj, k.tracks[bj].ball)
				}
				pa, pb := still(ps[p[0]], e.t), still(ps[p[1]], e.t)
				if c := k.contact(bi, bj, e.t, &pa, &pb, false); c != nil {
					// Timed at the hit when it is timed again at the end of
					// the shot, and dropped with it.
					c.after, c.off = e.seq, 0
				}
			}
			k.rackPush(x.tr, x.in.at(e.t), group, ps, e.t, e.seq) // rackpush.go
		}
	}
}

// coneTold reports whether judgeCones told a contact of tracks a and b within
// nudgeTold of t (a contact that follows its hit: see pevent.after; not one
// of rackPush's, which does not tell every pair that met).
func (k *Tracker) coneTold(a, b int, t float64) bool {
	for i := range k.events {
		e := &k.events[i]
		if e.kind == shot.Contact && !e.cancel && e.after > 0 && !e.rack && math.Abs(e.t-t) < nudgeTold && (e.a == a && e.b == b || e.a == b && e.b == a) {
			return true
		}
	}
	return false
}

// provTold reports whether a contact of tracks a and b was told
// provisionally within pressWin of t.
func (k *Tracker) provTold(a, b int, t float64) bool {
	for _, p := range k.provs {
		if p.kind == shot.Contact && (p.a == a && p.b == b || p.a == b && p.b == a) && math.Abs(p.t-t) <= pressWin {
			return true
		}
	}
	return false
}

// dropConeShadows drops, at the end of the shot, the contacts told from the
// balls' paths that the cone's contacts explain: the same pair about the same
// time (the paths' late view of the push); or, about the hit and not after
// it, a ball the cone says was pushed with another ball pressed against it
// at the hit but none of the cone's (the paths of balls that leave a group
// together show who moved, not who pushed whom).
func (k *Tracker) dropConeShadows() {
	k.dropRackNone() // rackpush.go
	for ci := range k.events {
		c := k.events[ci]
		if c.kind != shot.Contact || c.cancel || c.after <= 0 {
			continue
		}
		for ei := range k.events {
			e := &k.events[ei]
			if e.kind != shot.Contact || e.cancel || e.after > 0 || e.seq == c.after || math.Abs(e.t-c.t) > pressWin {
				continue
			}
			if e.a == c.a && e.b == c.b || e.a == c.b && e.b == c.a {
				e.cancel = true
				continue
			}
			if e.t > c.t+2*k.dt || c.rack {
				continue // (a rack push tells only the pairs it is sure of)
			}
			for _, x := range [2][2]int{{e.a, e.b}, {e.b, e.a}} {
				b, o := x[0], x[1]
				if b != c.a && b != c.b || k.coneTold(o, c.a, c.t) || k.coneTold(o, c.b, c.t) {
					continue
				}
				qb, okB := k.restAt(b, c.t)
				qo, okO := k.restAt(o, c.t)
				if okB && okO && qb.Dist(qo)-2*k.R <= k.pressTol() {
					if k.trace != nil {
						k.trace("%.4f contact tracks %d %d at %.4f: the cone pushed %d at %.4f, dropped", k.lastT, e.a, e.b, e.t, b, c.t)
					}
					e.cancel = true
					break
				}
			}
		}
	}
}
