package tracking

import (
	"fmt"

	"github.com/cueref/cueref/shot"
	"github.com/cueref/cueref/table"
)

// A contact told only to explain a ball's vanishing. A ball at rest that goes
// unseen with nothing seen hiding it, just as a fast ball passed within reach
// of it, is taken for struck off the table (hitAndGone; or, by a pocket's
// edge, for struck in), and passedBy tells the contact that sent it there.
// When the ball is seen again at its rest place the off_table (pocketed) is
// withdrawn, but the contact stayed (rendered bench, 9-ball seed 19 shot 13,
// a safety: the cue ball rested 10 mm from ball 8 and was struck away from
// it, straight into the foot cushion, touching no ball; the arm and the cue
// hid ball 8 for 0.6 s from the stroke. The cue ball's line, fitted over its
// rest read and first three moving reads, passed 6.3 mm clear of ball 8 at
// its start, within passedBy's 2σ+2 mm of touching: a contact 0-8 at the
// stroke, ball 8 off the table; ball 8 came back at its place 1.0 mm from its
// rest point, never read further, and the shot was ruled wrong_ball_first
// instead of no_contact, rule 1.16, unflagged).
//
// The vanishing that contact explained did not happen: what is left is a ball
// passing near one that never left its place. When the passing ball is the
// cue ball at the stroke and its first reads went away from the ball
// (cueWentAway: 17 mm behind its rest along the line of centres in the first
// frame, there; nor did its path bend: one parabola fits its nine reads from
// the stroke to the foot cushion within 3 mm), it never touched it: the
// contact is dropped. Otherwise the camera cannot tell a thin touch from a
// near miss (see nearmiss.go: a touch that leaves a ball in place needs the
// other's edge within a fraction of a millimetre): unless dropNearMisses finds
// the pass clear, the contact stands and the shot is flagged when the reading
// without it rules otherwise (hitBackDoubt).

// markForGone marks the contacts of track i told since event n (by passedBy,
// for hitAndGone) as told only for i's vanishing.
func (k *Tracker) markForGone(i, n int) {
	for j := n; j < len(k.events); j++ {
		if e := &k.events[j]; e.kind == shot.Contact && (e.a == i || e.b == i) {
			e.forGone = true
		}
	}
}

// hitBack returns, for a standing contact told only for a vanishing (forGone),
// the track of the ball that vanished and where it rested, when that ball is
// back there, at rest, never having left it since (stillSide: which also
// means it is not gone: its off_table was withdrawn).
func (k *Tracker) hitBack(e *pevent) (int, table.Point, bool) {
	if e.cancel || e.kind != shot.Contact || !e.forGone {
		return -1, table.Point{}, false
	}
	return k.stillSide(e)
}

// dropHitBack cancels, as the shot ends, each contact told only for a
// vanishing whose ball came back where it rested (hitBack) when the other
// ball was the cue ball, struck at the contact and seen going away from it.
func (k *Tracker) dropHitBack() {
	for i := range k.events {
		e := &k.events[i]
		st, at, ok := k.hitBack(e)
		if !ok {
			continue
		}
		o := e.a + e.b - st
		from, had := k.before[o]
		away := had && o == k.strikeTr && e.t <= k.strikeT+k.dt && k.cueWentAway(from, at)
		if k.trace != nil {
			k.trace("%.4f hit back? contact %d-%d at %.4f told for track %d's vanishing: back at (%.1f, %.1f), never left; cue ball went away %v", k.lastT, e.a, e.b, e.t, st, at.X, at.Y, away)
		}
		if away {
			e.cancel = true
		}
	}
}

// hitBackDoubt says why a shot needs a person when a contact told only for a
// vanishing stands while the ball came back where it rested (hitBack): a thin
// touch or a near miss. alts is the reading without that contact.
func (k *Tracker) hitBackDoubt(rec *shot.Shot) (string, []*shot.Shot) {
	for i := range k.events {
		e := &k.events[i]
		st, _, ok := k.hitBack(e)
		if !ok {
			continue
		}
		a, b := k.tracks[e.a].ball, k.tracks[e.b].ball
		if a < 0 || b < 0 {
			continue
		}
		why := fmt.Sprintf("contact %d-%d told for ball %d gone, but it came back to its place", a, b, k.tracks[st].ball)
		return why, []*shot.Shot{withoutEvents(rec, func(x shot.Event) bool {
			return x.Kind == shot.Contact && names(x, a) && names(x, b)
		})}
	}
	return "", nil
}
