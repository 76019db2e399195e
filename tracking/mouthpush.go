package tracking

import (
	"math"

	"github.com/cueref/cueref/shot"
	"github.com/cueref/cueref/table"
)

// A ball resting in a pocket's mouth, frozen (or all but frozen) to another
// ball, is pushed in when that ball sets off towards it: at a metre a second
// it is past the mouth line in a frame or two, before the detector sees it
// move, and the contact is too short to bend the pusher's way. Taken for
// lifted by hand, the shot lost its first contact (a no_contact foul, rule
// 3.8) and the pocket.

// mouthPushGap (mm): a ball resting this near another may be pushed by it
// before the detections show either move.
const mouthPushGap = 10.0

// mouthPushLook (s): the pusher set off at most this long before the pushed
// ball's last sighting (it was seen still, not yet pushed) or after it (a
// frame or two missed before the push). At least two frames either way.
const mouthPushLook = 0.035

// pushedIn handles resting track i, gone from view with nothing hiding it by
// pocket pk, when another ball set off from beside it just as it vanished:
// from within mouthPushGap of it, within mouthPushLook of its last sighting,
// not struck away from it, and pushing it towards the pocket. It tells their contact
// at the pusher's start and i's pocket, and reports whether it did. A ball
// lifted by hand goes with no ball setting off from against it at that moment
// (and with no stroke: the caller asks only in a shot).
func (k *Tracker) pushedIn(i int, pk table.Pocket) bool {
	tr := &k.tracks[i]
	if tr.restW < restMin || tr.restT > tr.last.t {
		return false // not seen at rest
	}
	look := math.Max(2*k.dt, mouthPushLook)
	// Unseen a while: a ball pushed in does not come back a frame later.
	if tr.missClr < max(2, int(0.05*k.cfg.FPS)) {
		return false
	}
	best, bg := -1, mouthPushGap
	for oi := range k.tracks {
		o := &k.tracks[oi]
		if oi == i || !o.used || !o.confirmed || !o.moving && !o.moved {
			continue
		}
		if o.startT < tr.last.t-look || o.startT > tr.last.t+look+k.dt || o.startT < tr.restT {
			continue
		}
		// Seen at rest before it set off (a track first seen moving, a hand
		// or an arm's blob, set off from nowhere).
		if o.born > o.startT-restWindow {
			continue
		}
		toward := tr.rest.Sub(o.from)
		g := toward.Len() - 2*k.R
		if g >= bg {
			continue
		}
		// Its way off (to its latest detection, a few frames on) leads no
		// more than 120° from the pushed ball: one struck away could not push
		// it, while one that pushed it keeps only its way across the line of
		// centres (about 90°), and noise or spin turns that a little.
		way := o.last.p.Sub(o.from)
		if way.Len() < 1 || way.Dot(toward) < -0.5*way.Len()*toward.Len() {
			continue
		}
		// The pushed ball goes along the line of centres, towards the
		// pocket (it may rattle in off a jaw).
		if toward.Dot(pk.In) <= 0 {
			continue
		}
		best, bg = oi, g
	}
	if best < 0 {
		return false
	}
	o := &k.tracks[best]
	tc := o.startT
	if k.trace != nil {
		k.trace("%.4f pushed in: track %d ball %d (gap %.1f mm, last seen %.4f) by track %d ball %d set off at %.4f into %s", k.lastT, i, tr.ball, bg, tr.last.t, best, o.ball, tc, pk.ID)
	}
	po, st := still(o.from, tc), still(tr.rest, tc)
	k.noteLate(k.contact(best, i, tc, &po, &st, false), best, i, po, tr.rest) // timed again at the end (lateside.go)
	k.goneEvent(i, shot.Pocketed, tc+0.01, pk.ID, false)
	return true
}
