package tracking

import (
	"math"

	"github.com/cueref/cueref/table"
)

// Flits home, but met. flithome.go takes a ball started from rest and read
// back at its rest point again and again, never far off, to have never
// left, since once under way only a ball or a cushion brings a ball back.
// A ball resting by a cushion that a moving ball runs into meets both: it
// goes into the cushion, comes back off it into the ball that struck it, and
// ends a few millimetres from where it stood, its reads scattered about its
// rest point the while. Rendered 8-ball, seed 35, shot 52 (a safety): the
// 2 lay 3.5 mm off the foot cushion; the cue ball met it, the 2 hit the
// cushion and the cue ball again, and ended 3.8 mm from its place. Read
// pulled toward the coming cue ball, it was started 0.1 s early, the
// contact and its cushion hits were told, then its reads came home three
// times (within noStrokeStill, a flit) and all of that was dropped: no
// contact of the cue ball at all, asked as a pass 1 mm from the 2, and
// ruled a no-contact foul.
//
// So a start is no flit once another ball, under way (its reads since the
// start span more than the flit's reach: not a resting neighbour whose
// reads the flits merely lean toward, as in flithome.go's case), has been
// read passing within missGap of touching the ball at its rest point since
// the start: it is taken as under way, and its start's events stand. Not
// when those reads overlap its rest point by more than missGap: two balls
// do not pass through each other, and such reads are of one ball read twice
// (a second track on the flitting ball's own reads, or on a hand).

// flitMet reports whether a moving ball other than track i passed within
// missGap of touching track i's rest point since its start (see above).
func (k *Tracker) flitMet(i int) bool {
	tr := &k.tracks[i]
	for j := range k.tracks {
		o := &k.tracks[j]
		if j == i || !o.used || !o.confirmed || o.gone || !o.moving {
			continue
		}
		var first table.Point
		n, span, d := 0, 0.0, math.Inf(1)
		var prev sample
		for m := min(o.nh, len(o.hist)) - 1; m >= 0; m-- {
			x := o.hist[(o.nh-1-m)%len(o.hist)]
			if x.t < tr.startT-k.dt/2 {
				continue
			}
			if n == 0 {
				first = x.p
			} else if x.t-prev.t <= 2.5*k.dt && x.p != prev.p {
				sd, _ := segDist(tr.from, prev.p, x.p) // jaws.go
				d = math.Min(d, sd)
			}
			span = math.Max(span, x.p.Dist(first))
			prev = x
			n++
		}
		if g := d - 2*k.R; span > k.flitReach(tr) && g <= k.missGap() && g >= -k.missGap() {
			if k.trace != nil {
				k.trace("%.4f flit met track %d ball %d: track %d ball %d, under way, passed %.1f mm from it since its start at %.4f", k.lastT, i, tr.ball, j, o.ball, g, tr.startT)
			}
			return true
		}
	}
	return false
}
