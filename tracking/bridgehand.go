package tracking

import (
	"fmt"
	"math"

	"github.com/cueref/cueref/shot"
)

// The bridge hand. A hand on the cloth behind the cue ball, set down shortly
// before the stroke, can be read as a ball (skin as the maroon 7, a knuckle
// as the yellow 2), even as one pocketed earlier, which its track then takes
// back; it rests through the stroke, leaves as the hand lifts, and is gone:
// a touch is told, a touched_ball foul (rule 1.19) on a legal shot. Rendered
// seed 64, 9-ball shot 20 (stroke at 167.958 s): a "7" first seen 1.3 s
// before the stroke, 277 mm behind the cue ball on its line, told touched
// 0.46 s after it (asked: "lost from view while moving"); rendered seed 74,
// 10-ball shot 44: a "2", pocketed long before, back on the table (its old
// track, on 25 reads) 0.8 s before the stroke 285 mm behind the cue ball,
// told touched, unflagged. A ball does not appear on the bed a second or two
// before a stroke exactly where the bridge hand rests and leave the table
// after it: such a touch is dropped, and the shot asked, with it as the other
// reading.

const (
	// bridgeBorn (s): how long before the stroke the hand's track may have
	// been first seen.
	bridgeBorn = 3.0
	// bridgeNear, bridgeFar, bridgeSide (mm): where on the cue ball's line,
	// behind it, the bridge hand rests: from a hand's width to a long
	// bridge, and how far to either side of the line.
	bridgeNear = 100.0
	bridgeFar  = 500.0
	bridgeSide = 120.0
	// bridgeWay (mm): how much of the cue ball's way out gives its line.
	bridgeWay = 150.0
)

// dropBridgeHands cancels, as the shot ends, the touches of tracks that were
// a bridge hand (bridgeHand), keeping them as the doubt's other reading.
func (k *Tracker) dropBridgeHands() {
	for i := range k.events {
		if e := &k.events[i]; !e.cancel && e.kind == shot.Touch && k.bridgeHand(e.a) {
			e.cancel, e.handTouch = true, true
			if k.trace != nil {
				k.trace("%.4f touch of track %d (ball %d) at %.4f: the bridge hand, dropped", k.lastT, e.a, k.tracks[e.a].ball, e.t)
			}
		}
	}
}

// bridgeHand reports whether track i was first seen (or back on the table,
// its number a pocketed ball's) shortly before the stroke (bridgeBorn), rested at the stroke where the bridge hand rests, behind the
// cue ball on the line it left on, and is gone from the table now.
func (k *Tracker) bridgeHand(i int) bool {
	if i < 0 || i >= len(k.tracks) || k.strikeTr < 0 || i == k.strikeTr {
		return false
	}
	tr := &k.tracks[i]
	p, ok := k.before[i]
	c, okc := k.before[k.strikeTr]
	seen := max(tr.born, tr.backT) // first seen, or back on the table
	if !ok || !okc || !tr.gone || seen >= k.strikeT || seen < k.strikeT-bridgeBorn {
		return false
	}
	way, ok := k.cueDirection(math.Inf(1), bridgeWay) // firstpath.go
	if !ok {
		return false
	}
	u, d := way.u, p.Sub(c)
	behind := -d.Dot(u)
	side := d.X*u.Y - d.Y*u.X
	return behind > bridgeNear && behind < bridgeFar && side > -bridgeSide && side < bridgeSide
}

// handDoubt says why a touch dropped as the bridge hand's is in doubt, or "",
// with the reading with it.
func (k *Tracker) handDoubt(rec *shot.Shot) (string, []*shot.Shot) {
	e, ev, alt := k.droppedReading(rec, func(e *pevent) bool { return e.handTouch })
	if e == nil {
		return "", nil
	}
	tr := &k.tracks[e.a]
	why := fmt.Sprintf("ball %d, seen from %.1f s before the stroke behind the cue ball, where the bridge hand rests, then moved and gone: the hand, not a ball", ev.Ball, k.strikeT-max(tr.born, tr.backT))
	return why, []*shot.Shot{alt}
}
