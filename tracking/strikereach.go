package tracking

import (
	"math"

	"github.com/cueref/cueref/table"
)

// Strike reach. The snap tests (restSnap, clampRest, flickRead) take no
// detection of a resting ball for the detector's while another ball is near
// enough to have struck it (struckNear): a ball struck towards a cushion is
// truly read on its line. But a ball near is not yet a ball struck, and a
// ball struck is not yet at the cushion. A ball at rest moves only once its
// striker's centre has come within a diameter of its own, and no faster than
// the striker came in (equal masses: the struck ball takes the striker's
// speed times the cosine of the cut, no more). So the striker, moving at v,
// seen at time t′ a gap D′ − 2R short of the contact, can have carried the
// ball at most v·(t − t′) − (D′ − 2R) by time t: a detection of the ball
// farther than that from its rest point (give or take the rest's gate, once
// for the rest point and once for the read) is not where the ball is, and
// the snap tests judge it as if no ball were near.
//
// Rendered bench, 8-ball seed 25 shot 30: the cue ball, rolling in at
// 410 mm/s, met ball 8 resting 17 mm off the head cushion at 232.017 s;
// the detector read the 8 now and then clamped on the cushion's line, 22 mm
// off its rest point. Its clamped reads of the three frames before the
// contact, with the cue ball near, were taken as the 8's: it was started at
// 232.000 s, 17 ms before it was struck, and told hitting the cushion before
// the contact (a no-rail foul, the shot a safety), and its true hit 61 ms
// after the contact was dropped. By the cue ball's approach the 8 could
// have been carried 0, 6 and 13 mm in those frames, not 22.
//
// v is the striker's fastest step between two of its reads over the last
// reachWin up to its closest approach, both clear of the contact (a
// diameter and the rest's gate off), or its path's speed if faster: a ball
// slows down between events, and the striker stops or slows at the
// contact, so a step over it, or its speed after it, says nothing of the
// speed it came in with. Reads from before the striker's own start from
// rest are not weighed either (a step out of rest, struck within it, shows
// a fraction of the speed: TestRestSnapStruck, the cue ball struck at
// 1.5 m/s 45 mm from a ball). The contact is no earlier than any of those
// reads' time plus its gap short of the contact over v. A striker with no
// step clear of the contact, at rest, or already leaving the ball all
// through the window is not judged (the ball may have been struck long
// ago, or how fast is not known): it counts as near, as before.
//
// The same bound keeps a start from being timed before any ball could
// strike the ball (reachStart): a start is timed by its path back to the
// rest point, and a path fitted to a few rough reads may be carried back
// well before the striker got there. No bound is put while a ball rests
// beside it (a strike passes on at once through balls frozen together, as
// in a rack: no-render seed 2, the 6 struck through the break's pack).

// reachWin (s): how far back the striker's reads are weighed.
const reachWin = 0.25

// cannotCarry reports whether moving track j, near resting track i, cannot
// have struck it and carried it to p by the present frame (see above).
func (k *Tracker) cannotCarry(i, j int, p table.Point) bool {
	tr, q := &k.tracks[i], &k.tracks[j]
	if !q.moving || tr.moving {
		return false
	}
	t := k.lastT
	tc, v, _, ok := k.strikerIn(q, tr.rest, t)
	if !ok {
		return false
	}
	gate := math.Max(4*k.cfg.Sigma, 4.5)
	reach := v * math.Max(t-tc, 0)
	d := p.Dist(tr.rest)
	if d <= reach+gate {
		return false
	}
	if k.trace != nil {
		k.trace("%.4f strike reach track %d ball %d by track %d ball %d: read %.1f mm off its rest, struck no earlier than %.4f at %.0f mm/s: %.1f mm at most", t, i, tr.ball, j, q.ball, d, tc, v, reach)
	}
	return true
}

// strikerIn returns, from moving track q's reads up to time t, the earliest
// it can have struck a ball resting at rest, and how fast it came in, with
// its closest approach (see above); ok false when its reads cannot tell.
func (k *Tracker) strikerIn(q *track, rest table.Point, t float64) (tc, v, closest float64, ok bool) {
	var ss [16]sample
	m := 0
	for n := 0; n < len(q.hist) && n < q.nh && m < len(ss); n++ {
		s := q.hist[(q.nh-1-n)%len(q.hist)]
		if s.t > t {
			continue
		}
		if s.t < t-reachWin || q.fromRest && s.t < q.startT {
			break
		}
		ss[m] = s
		m++
	}
	if m < 2 {
		return 0, 0, math.Inf(1), false
	}
	gate := math.Max(4*k.cfg.Sigma, 4.5)
	var short [len(ss)]float64 // how far short of the contact, clearly
	for n := range m {
		short[n] = ss[n].p.Dist(rest) - 2*k.R - gate
	}
	// ss newest first. A step long enough to have gone in to the contact
	// and out again may have met the ball: the reads after it are not on
	// the way in (see bentStep).
	lo := 0
	for n := m - 2; n >= 0; n-- {
		if bentStep(ss[n+1].p, ss[n].p, short[n+1], short[n]) {
			lo = n + 1
			break
		}
	}
	ss2, short2 := ss[lo:m], short[lo:m]
	m -= lo
	// a: the closest approach.
	a := 0
	for n := 1; n < m; n++ {
		if ss2[n].p.Dist(rest) < ss2[a].p.Dist(rest) {
			a = n
		}
	}
	closest = ss2[a].p.Dist(rest)
	if lo > 0 {
		closest = math.Min(closest, 2*k.R) // it may have met the ball
	}
	if a == m-1 {
		return 0, 0, closest, false // leaving it all through the window
	}
	for n := a; n < m-1; n++ {
		if dt := ss2[n].t - ss2[n+1].t; dt > 0 && short2[n] > 0 && short2[n+1] > 0 {
			v = math.Max(v, ss2[n].p.Dist(ss2[n+1].p)/dt)
		}
	}
	if v <= 0 {
		return 0, 0, closest, false // no step clear of the contact: its speed is unknown
	}
	v = math.Max(v, q.fit.vel(ss2[0].t).Len())
	tc = math.Inf(-1) // the contact is no earlier
	for n := a; n < m; n++ {
		if short2[n] > 0 {
			tc = math.Max(tc, ss2[n].t+short2[n]/v)
		}
	}
	return tc, v, closest, true
}

// bentStep reports whether a striker read at p, short1 clear of the
// contact with a ball, then at q, short2 clear, may have met it between:
// the step is as long as going in to the contact and out again. Camera
// model at 30 fps, seed 10, 10-ball shot 74: the cue ball, at 4 m/s, met the
// 10 between two reads 239 and 80 mm from its place and went off it into
// the foot cushion; its read after, the closest, was taken for one on its
// way in, and the 10's start was put after the cue ball had left it
// (TestReachNotPastBend). A step straight at the ball is never as long.
func bentStep(p, q table.Point, short1, short2 float64) bool {
	return short1 > 0 && short2 > 0 && p.Dist(q) >= short1+short2
}

// carrierSeen reports whether detection x of the present frame is that of
// a moving track that cannot have carried resting track i to p (see
// above): no other ball's centre can lie within a radius of its place.
func (k *Tracker) carrierSeen(i int, x *Obs, p table.Point) bool {
	for j := range k.tracks {
		q := &k.tracks[j]
		if j == i || !q.used || q.gone || !q.confirmed || !q.moving {
			continue
		}
		at := q.last.p
		if q.last.t < k.lastT {
			at = q.fit.at(k.lastT)
		}
		if x.At.Dist(at) < k.R {
			return k.cannotCarry(i, j, p)
		}
	}
	return false
}

// reachStart returns the start time t0 of track i from rest at from, found
// from its path back to it, put no earlier than the moving balls that came
// near it can have struck it (see above), if they can tell and that is
// before first, its first read on the way. A start found from a few rough
// reads may be timed well before any ball reached it, and is then taken
// for a contact with the ball passing near at that time (rendered bench,
// 10-ball seed 29 shot 63: ball 8, resting 13 mm off the foot cushion and
// read 11 mm off its place, was started 82 ms before the cue ball met it,
// the cue ball still 49 mm short of it: a second contact of the two was
// told then).
func (k *Tracker) reachStart(i int, from table.Point, t0, first float64) float64 {
	tc := math.Inf(1)
	for j := range k.tracks {
		q := &k.tracks[j]
		if j == i || !q.used || q.gone || !q.confirmed {
			continue
		}
		if !q.moving {
			if q.rest.Dist(from) < 2*k.R+flipClear {
				return t0 // a strike passed on through balls frozen together (a rack)
			}
			continue
		}
		c, _, closest, ok := k.strikerIn(q, from, k.lastT)
		if closest > 2*k.R+flipClear {
			continue // never near it
		}
		if !ok {
			return t0
		}
		tc = math.Min(tc, c)
	}
	if tc <= t0 || tc >= first {
		return t0
	}
	if k.trace != nil {
		k.trace("%.4f strike reach start track %d ball %d: at %.4f, not %.4f (no ball could strike it before)", k.lastT, i, k.tracks[i].ball, tc, t0)
	}
	return tc
}
