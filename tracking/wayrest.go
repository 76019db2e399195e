package tracking

import (
	"math"

	"github.com/cueref/cueref/shot"
	"github.com/cueref/cueref/table"
)

// A ball the cue ball's straight way reaches first, but that stayed at rest
// after the cue ball got there, was not hit by it. firstByPath gives the first
// contact to the ball at rest that the cue ball's way reaches first; when the
// way passes that ball within a millimetre or so of touching, which side of it
// the cue ball went cannot be told from the way (the rest points and the
// contact's point are each a millimetre or two uncertain). Rendered bench,
// held-out seed 18, 10-ball shot 13: the cue ball passed 0.06 mm clear of ball
// 5 and struck ball 10 by the cushion; the way, measured, overlapped ball 5 by
// a millimetre, reaching it 112 mm before the contact told with 10, and the
// first contact was moved to 5 (the wrong_ball_first foul, rule 5.5.1, went
// uncalled, unflagged). Yet ball 5 was read at its rest point in the five
// frames after the cue ball passed it (77 ms), and left it only when 10, come
// off the cushion, struck it: the contact of 10 and 5 is told at 102.654 s,
// between 5's last read at its rest point and its first read off it.
//
// A ball struck leaves at once: met by a cue ball at v, the line of their
// centres at a from its way, it takes v·cos a. Read within restTol (5.5 mm at
// the default noise) of its rest point for a time d after the cue ball got
// there, it took under restTol/d, and cos a < restTol/(d·v). When that bound
// is below restCos the way must have been within a small fraction of a
// millimetre of missing it: at 4.2 m/s over 77 ms (seed 18), cos a < 0.017,
// the way within 0.01 mm of a miss, which the way cannot tell from a miss
// either. Then, if a later contact with another ball explains when it did
// leave, the contact told stands; without one, either may have been first and
// a person decides. A slow cue ball's thin touch shows late (at 1 m/s, a cut
// with the way 0.5 mm inside touching sets the ball off at 130 mm/s, 40 ms to
// leave restTol: the "thin cut first" case of firstcontact_test.go), and the
// bound leaves it to the way as before. So is a ball frozen to another that
// moved: struck, it passes the hit on and may hardly move (frozen.go). The
// same holds when the way alone cannot tell which ball came first
// (wayUnsure): a ball that stayed put is not the one.

// restWait (s): how long after the cue ball reached it the ball the way
// reaches first must be read at its rest point (three frames at 60 fps, six
// at 120), with at least restReads reads in that time.
const (
	restWait  = 0.05
	restReads = 3
)

// restCos: the ball was not hit when, to stay put as long as it did, the hit
// must have given it less than this part of the cue ball's speed: the cosine
// of the angle between the line of the centres and the cue ball's way, 0.05
// for the way within 0.07 mm of missing it (seed 18: 0.017).
const restCos = 0.05

// restTol (mm): a read this near the rest point is the ball still there: three
// standard errors of a ball at rest, and a millimetre for the rest point.
func (k *Tracker) restTol() float64 { return 3*k.cfg.Sigma + 1 }

// stayedOnWay decides whether track best, which the cue ball's way reaches
// first, was passed by the cue ball and not hit. It objects only when best
// stayed at its rest point restWait after the cue ball reached it, so long
// that a hit must have been thinner than restCos allows: then wayTold when a
// contact with another ball (not the cue ball: that may be the first contact
// told late) is told when best left, and wayUnsure when none is. Otherwise
// wayBest (no objection).
func (k *Tracker) stayedOnWay(first *pevent, way cueWay, best int) int {
	q, ok := k.before[best]
	if !ok || k.frozenToMoved(best) {
		return wayBest
	}
	tr, v, ok := k.cueReach(way, k.reachOnWay(way.u, best), first.t+0.5*k.dt)
	if !ok {
		return wayBest
	}
	tol := k.restTol()
	log := k.tracks[best].slog
	n, lastRest, left := 0, tr, math.Inf(1)
	for j, s := range log {
		if s.t <= tr {
			continue
		}
		if s.p.Dist(q) > tol && !k.loneStray(log, j, q, tol) {
			left = s.t
			break
		}
		n, lastRest = n+1, s.t
	}
	stay := lastRest - tr
	cos := tol / math.Max(stay, 1e-3) / v // the most of the cue ball's speed it can have taken
	if k.trace != nil {
		k.trace("%.4f firstByPath: cue ball at track %d at %.4f (%.0f mm/s); it stays put %d reads to %.4f (cos %.3f), off at %.4f", k.lastT, best, tr, v, n, lastRest, cos, left)
	}
	if n < restReads || stay < restWait-1e-6 || cos >= restCos {
		return wayBest
	}
	cue := k.strikeTr
	for i := range k.events {
		e := &k.events[i]
		if e.kind != shot.Contact || e.cancel || e.a != best && e.b != best || e.a == cue || e.b == cue {
			continue
		}
		if e.t >= lastRest-k.dt && e.t <= left+k.dt && e.t > tr+0.5*restWait {
			if k.trace != nil {
				k.trace("%.4f firstByPath: track %d left its place by the contact of tracks %d and %d at %.4f, not the cue ball's at %.4f: the contact told stands", k.lastT, best, e.a, e.b, e.t, tr)
			}
			return wayTold
		}
	}
	return wayUnsure
}

// cueReachOn (frames): how far past its last detection the cue ball's reach is
// carried on at its speed (it slows, and may have met something unseen).
const cueReachOn = 2

// cueReach is when the cue ball got s mm along its way, and its speed then:
// interpolated between its detections before until, or carried on from the
// last two of them at their speed when it met the ball told before it was
// seen that far (a ball beside the one told); ok is false when it was not
// seen to move on.
func (k *Tracker) cueReach(way cueWay, s, until float64) (t, v float64, ok bool) {
	from := k.before[k.strikeTr]
	prevT, prevA := k.strikeT, 0.0
	var lastT, lastA float64
	n := 0
	for _, c := range k.cueIn {
		if c.t >= until {
			break
		}
		a := c.p.Sub(from).Dot(way.u)
		if a >= s {
			if a <= prevA || c.t <= prevT {
				return 0, 0, false
			}
			v = (a - prevA) / (c.t - prevT)
			return prevT + (s-prevA)/v, v, true
		}
		lastT, lastA = prevT, prevA
		prevT, prevA = c.t, a
		n++
	}
	if n < 2 || prevA <= lastA || prevT <= lastT {
		return 0, 0, false
	}
	v = (prevA - lastA) / (prevT - lastT)
	t = prevT + (s-prevA)/v
	return t, v, t-prevT <= cueReachOn*k.dt
}

// frozenToMoved reports whether track i rested at the stroke within frozen
// distance of another ball (not the cue ball) that moved in the shot.
func (k *Tracker) frozenToMoved(i int) bool {
	p := k.before[i]
	for j, q := range k.before {
		o := &k.tracks[j]
		if j != i && j != k.strikeTr && (o.moved || o.gone) && q.Dist(p) < 2*k.R+2*table.FrozenTolerance {
			return true
		}
	}
	return false
}
