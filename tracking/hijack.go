package tracking

import (
	"math"

	"github.com/cueref/cueref/shot"
)

// Hijacked starts. A false detection passing over a resting ball (the arm,
// the cue, a ball's reflection) may take its track's detections for a frame
// or two: the track starts from the ball's place and follows the false
// detection away, while a track without a number takes up the ball's own
// detections where it lay. When the false one is lost, carriedOn hands the
// number to that track, which is right; but what the lost track did under
// the ball's number since its start stays told. Rendered 9-ball, seed 27,
// shot 31: a false detection 30 mm from the 5 took its track at 255.67 and
// ran 130 mm to meet the 8 just as the cue ball did (255.773): the 8's start
// was paired with it, the first contact told as 5–8, then 0–3, the 5 left
// out of the balls on the table at the stroke; the shot (a wrong-ball foul)
// was ruled legal, asked only because the 5 "was not on the table".
//
// A ball does not leave its place and lie there at once as well. So when the
// track that carries the number on rests where the lost track rested before
// its last start (within twice noStrokeStill), the lost track's moves since
// that start were not the ball's: the ball's place at the stroke is given to
// the carrying track, which has not moved; its cushion hits and touches are
// dropped; and each of its contacts goes to the ball that truly met the other
// one then: another numbered ball whose detections, at the contact's time,
// put it within hijackGap of touching it. If any contact has no such ball the
// lost track's record is left as it was (and its doubts with it).

// hijackGap (mm): how far from touching the other ball at the contact's time
// (from the detections either side of it) the ball that truly met it may be
// read: the noise of two detections and the interpolation's error.
const hijackGap = 12.0

// undoHijack undoes, when lost track i's number goes to track oi
// (carriedOn), what i did since its last start if oi rests where i started
// from (see above). It reports whether it did.
func (k *Tracker) undoHijack(i, oi int) bool {
	tr, o := &k.tracks[i], &k.tracks[oi]
	if k.phase != inShot || !tr.fromRest || o.moving || o.rest.Dist(tr.from) > 2*k.noStrokeStill() {
		return false
	}
	t0 := tr.startT - k.dt
	type rebind struct {
		ev, to int
	}
	var moves []rebind
	for j := range k.events {
		e := &k.events[j]
		if e.cancel || e.t < t0 || e.kind != shot.Contact || e.a != i && e.b != i {
			continue
		}
		other := e.b
		if e.b == i {
			other = e.a
		}
		to := k.metAt(other, i, e.t)
		if to < 0 {
			return false
		}
		moves = append(moves, rebind{j, to})
	}
	if k.trace != nil {
		k.trace("%.4f hijacked: track %d (ball %d) left %v at %.4f on a false detection; track %d rests there: %d contacts given to the balls that met them", k.lastT, i, tr.ball, tr.from, tr.startT, oi, len(moves))
	}
	for _, m := range moves {
		e := &k.events[m.ev]
		e.refined = true // its time stands: combineContact's sides are i's
		if e.a == i {
			e.a, e.ids[0] = m.to, k.tracks[m.to].ball
		} else {
			e.b, e.ids[1] = m.to, k.tracks[m.to].ball
		}
	}
	for j := range k.events {
		e := &k.events[j]
		if !e.cancel && e.t >= t0 && e.kind != shot.Contact && e.kind != shot.Strike && e.a == i {
			e.cancel = true
		}
	}
	if p, ok := k.before[i]; ok {
		k.before[oi], k.beforeID[oi] = p, k.beforeID[i]
		delete(k.before, i)
		delete(k.beforeID, i)
	}
	o.moved = false
	tr.moved = false
	return true
}

// metAt returns the numbered track, other than a and not, whose detections
// around t put it within hijackGap of touching track a, moving; −1 if none.
func (k *Tracker) metAt(a, not int, t float64) int {
	pa, _, ok := k.seenPos(a, t)
	if !ok {
		return -1
	}
	best, bg := -1, hijackGap
	for j := range k.tracks {
		o := &k.tracks[j]
		if j == a || j == not || !o.used || !o.confirmed || o.ball < 0 {
			continue
		}
		p, step, ok := k.seenPos(j, t)
		if !ok || step < 1 {
			continue // not moving then
		}
		if g := math.Abs(p.Dist(pa) - 2*k.R); g < bg {
			best, bg = j, g
		}
	}
	return best
}
