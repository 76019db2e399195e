package tracking

import (
	"math"

	"github.com/cueref/cueref/shot"
)

// A ball that leaves the table over a cushion does so in the air: thrown up
// by a hard hit, it crosses the cushion's nose line above the cushion and
// does not bounce off it (sim: an airborne ball crossing the nose line is off
// the table, with no cushion event). Its path into the cushion, cut short
// where it was last seen, looks to the cushion tests like a hit, and the
// tracker told one a few milliseconds before the ball went off the table
// (rendered 9-ball, seed 67, shot 31: ball 2 driven at 2 m/s into the foot
// cushion, a hit told at 0.649 s and off the table at 0.654 s; the truth has
// no hit). A hit of the cushion the ball went over, told this shortly before
// it went, is that crossing: it is dropped. A ball that met a cushion and
// then left over it would have to come back off it first, which takes longer.

// offThrough (s): a hit of a cushion this shortly before the ball went off
// the table over it is the crossing itself.
const offThrough = 0.05

// dropOffThrough cancels the cushion hit of track i told just before it went
// off the table at tc (see above).
func (k *Tracker) dropOffThrough(i int, tc float64) {
	rail, _ := k.tab.NearestRail(k.tracks[i].last.p)
	for j := range k.events {
		e := &k.events[j]
		if e.cancel || e.kind != shot.RailHit || e.a != i || e.rail != rail || math.Abs(e.t-tc) > offThrough {
			continue
		}
		if k.trace != nil {
			k.trace("%.4f rail of track %d %s at %.4f dropped: off the table over it at %.4f", k.lastT, i, rail, e.t, tc)
		}
		e.cancel = true
	}
}
