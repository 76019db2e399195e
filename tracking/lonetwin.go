package tracking

import (
	"math"

	"github.com/cueref/cueref/shot"
)

// Lone twins: two contacts of one pair with nothing between them.
//
// Two balls that part after a contact meet again only when something turns
// one of them: a cushion, another ball. On the simulator's truth (60 fps
// bench, seed 1, breaks left out) 120 of the 129 contacts of a pair followed
// within twinWin by another of the same pair had a cushion hit or a contact of
// one of the two balls between them; of the 9 without, 6 came within 50 ms
// (pressed balls pushing on). So two contacts of a pair told within twinWin
// of each other with no event of either ball told between them are nearly
// always one contact told twice: a close pass or a nudge that took the bend
// of the contact for a second one, a slow contact timed once by each ball.
// twinContact then keeps the one whose detections show the balls nearer
// (seenGap), when the other's gap is larger by loneMargin and it is at most
// twinRatio of the other's. twins.go's own rule asks more (the other well
// apart, beyond twinOff), for two contacts with an event between may both be
// real. The ratio is needed too: a striker that follows the ball it struck
// keeps near it for a while, so that a small gap at a later twin proves
// little (rendered bench, seed 2, 8ball shot 12: 13 mm at the true contact
// told 28 ms late, 5 mm at its twin 100 ms late).
//
// A cushion hit of either ball told at the first contact's very time (within
// sameTime after it: frozenRail's, of a ball struck into a cushion beside it)
// is between them: rendered seed 64, 9-ball shot 33, the cue ball struck the
// 2 lying 16 mm off a cushion, the 2 bounced off it and the cue ball met it
// again 73 ms later; the first contact, told 41 ms late, was dropped as the
// second's lone twin, which left the cushion hit before the only contact: a
// no_rail foul (asked) on a legal safety.

// loneMargin (mm): the gap at one lone twin's time must be this much larger
// than at the other's for it to be the mistimed one: about twice the noise of
// a gap read off two moving balls' detections, so that two readings of one
// touch are not told apart by noise.
const loneMargin = 4.0

// loneTwin reports whether contacts x and e, of the same pair and within
// twinWin, are one contact told twice (no contact or cushion hit of either
// ball told between them), and if so which is the mistimed one: worseX when
// it is x, otherwise e. ok is false when they may be two, or the detections do
// not tell which is mistimed.
func (k *Tracker) loneTwin(x, e *pevent) (worseX, ok bool) {
	if x.kind != shot.Contact || e.kind != shot.Contact || math.Abs(x.t-e.t) >= twinWin {
		return false, false
	}
	first := math.Min(x.t, e.t)
	lo, hi := first+sameTime, math.Max(x.t, e.t)-sameTime
	for i := range k.events {
		o := &k.events[i]
		// (A cushion hit told with the first of them, a ball struck into a
		// cushion beside it, turned it back between them.)
		if o == x || o == e || o.cancel || o.t >= hi || o.t <= lo && !(o.kind == shot.RailHit && o.t >= first) {
			continue
		}
		for _, tr := range [2]int{e.a, e.b} {
			if o.a == tr && (o.kind == shot.Contact || o.kind == shot.RailHit) || o.kind == shot.Contact && o.b == tr {
				return false, false
			}
		}
	}
	ge, _ := k.seenGap(e.a, e.b, e.t)
	gx, _ := k.seenGap(x.a, x.b, x.t)
	if math.IsNaN(ge) || math.IsNaN(gx) {
		return false, false
	}
	if k.trace != nil {
		k.trace("%.4f lone twin contact tracks %d %d: told at %.4f gap %.1f mm, new at %.4f gap %.1f mm", k.lastT, e.a, e.b, x.t, gx, e.t, ge)
	}
	switch {
	case gx > ge+loneMargin && (ge <= twinRatio*gx || gx >= loneFar && ge <= gx/2):
		return true, true
	case ge > gx+loneMargin && (gx <= twinRatio*ge || ge >= loneFar && gx <= ge/2):
		return false, true
	}
	return false, false
}

// loneFar (mm): a lone twin whose balls were read this far apart at its time
// is the mistimed one if the other's gap is at most half of it, even where
// twinRatio does not hold: two balls 25 mm apart are not touching, whatever
// the reads' noise (default bench, 14.1 shot 9: the green 6, its reads at
// rest scattered 12 mm, was taken to start 40 ms early, and a contact with
// the cue ball told there, 32 mm apart, stood beside the true one, its gap
// 14 mm).
const loneFar = 25.0
