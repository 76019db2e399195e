package tracking

import (
	"math"

	"github.com/cueref/cueref/shot"
	"github.com/cueref/cueref/table"
)

// A re-kiss told provisionally: a ball struck next to a cushion comes back
// off it into the ball that struck it (rekiss.go). The confirmed tests find
// the second contact once the detections after it have shown the balls part
// again, a quarter of a second later; the re-kiss model (foreseeRekiss) tells
// from the provisional first contact whether and when the two meet again, so
// the second is told provisionally on the frame its time comes.

// provRekiss foresees the second contact of striker m (at striker, moving at
// vs) with track r, at rest and struck by it at tc, off the cushion r is
// driven into first, and tells it when it comes between rekissMin and
// rekissWin after tc. A ball frozen to the cushion (rekissFrozen), driven
// into a pocket's mouth, or pressed against other balls at rest, does not
// come back into the striker.
func (k *Tracker) provRekiss(m, r int, striker, vs table.Point, tc float64) {
	rt := &k.tracks[r]
	if k.pressedRest(r, -1) {
		return // in a cluster: the push goes on through the others
	}
	n := rt.rest.Sub(striker)
	l := n.Len()
	if l == 0 {
		return
	}
	n = n.Scale(1 / l)
	// The cushion it reaches first, along n.
	var rail table.Rail
	run := math.Inf(1) // how far along n
	for _, c := range table.Rails {
		into := n.Dot(railOut(c))
		if into <= 0 {
			continue
		}
		if d := math.Max(0, k.tab.RailDistance(rt.rest, c)) / into; d < run {
			rail, run = c, d
		}
	}
	if math.IsInf(run, 1) || k.tab.RailDistance(rt.rest, rail) < rekissFrozen {
		return
	}
	if k.inMouth(k.tab.Clamp(rt.rest.Add(n.Scale(run))).Add(railOut(rail).Scale(k.R))) {
		return
	}
	f, ok := k.foreseeRekiss(striker, vs, rt.rest, rail)
	if !ok || f.t2 < rekissMin || f.t2 > rekissWin {
		return
	}
	if k.trace != nil {
		k.trace("%.4f provisional re-kiss tracks %d %d after %.4f: cushion %s at %.4f, again at %.4f", k.lastT, m, r, tc, rail, tc+f.t1, tc+f.t2)
	}
	// Another contact than the first told, f.t2 before it.
	k.provAtSame(shot.Contact, m, r, tc+f.t2, shot.Event{A: k.tracks[m].ball, B: rt.ball}, f.t2/2)
}
