package tracking

import (
	"math"
	"sort"

	"github.com/cueref/cueref/table"
)

// A stroke through a ball frozen to the cue ball (strikeThrough) is told only
// once the cue ball has been read still for cueWait frames after that ball's
// start: 1.3 s at 30 fps. The balls that ball sets off start, bend and meet
// cushions meanwhile, between shots as far as the tracker knows: their
// changes were taken for touches between shots and forgotten before the shot
// began, and the shot ended when the cue ball's neighbour stopped, the others
// rolling on untold. Camera model at 30 fps, seed 30, 14.1 shot 324: the cue
// ball 8 mm from the 14 stunned it into the 9; the 9's way to the left
// cushion, the 13's and the 15's were all lost, and the shot told no cushion
// after the first contact: a no_rail foul for a legal safety, unasked
// (TestThroughWait).
//
// So while a start waits to be such a stroke, the changes since it are kept,
// and when the stroke is told they are weighed again, in the shot.

// throughWaitT is the time of the earliest start still waiting to be told a
// stroke through the cue ball (nextToCue), or +Inf.
func (k *Tracker) throughWaitT() float64 {
	t := math.Inf(1)
	if k.phase != idle {
		return t
	}
	for i := range k.chg {
		if c := &k.chg[i]; !c.done && c.start && c.t < t && k.nextToCue(c) {
			t = c.t
		}
	}
	return t
}

// reopenSince makes the changes of tracks other than skip, found since time
// t and settled between shots, open again for the shot that began at t.
func (k *Tracker) reopenSince(t float64, skip int) {
	for i := range k.chg {
		if c := &k.chg[i]; c.done && c.tr != skip && c.t >= t {
			c.done = false
		}
	}
}

// throughRest (s): no one strikes a cue ball this soon after it came to rest;
// a ball by it that starts then was set off by its roll (strikeThrough).
const throughRest = 0.5

// throughT is the stroke of a stroke through start c: half a frame before the
// first start within a frame before c's, of c's ball or another. The balls c's
// sets off may be timed first (a start's time is rough to a frame): camera
// model at 30 fps, seed 11, 14.1 shot 270, the 11, met by the 6 4 ms after
// the cue ball met the 6, was timed 23 ms before it; a stroke after the 11's
// start left the 11 moving at it, and the 6 told met by the 11, the cue
// ball's contact lost: a no_contact foul for a legal safety.
func (k *Tracker) throughT(c *change) float64 {
	t := c.t
	for i := range k.chg {
		if o := &k.chg[i]; o.start && o.t < t && o.t >= c.t-k.dt && k.tracks[o.tr].ball != 0 {
			t = o.t
		}
	}
	return t - 0.5*k.dt
}

// restBefore is where track i rested just before time t: the median of its
// reads in the half second before, when there are three or more and all lie
// near it, else its rest point. A stroke through is told 40 frames after it;
// by then the cue ball's rest point is where the stroke left it (seed 11,
// 14.1 shot 270: moved 8 mm, the 6 no longer frozen to it by that).
func (k *Tracker) restBefore(i int, t float64) table.Point {
	var buf [len(track{}.hist)]sample
	s := k.histAround(i, t-0.5, t, buf[:])
	if len(s) < 3 {
		return k.tracks[i].rest
	}
	xs, ys := make([]float64, len(s)), make([]float64, len(s))
	for j, x := range s {
		xs[j], ys[j] = x.p.X, x.p.Y
	}
	sort.Float64s(xs)
	sort.Float64s(ys)
	m := table.Point{X: xs[len(xs)/2], Y: ys[len(ys)/2]}
	thr := math.Max(4*k.cfg.Sigma, 4.5) // as update's rest test
	for _, x := range s {
		if x.p.Dist(m) > thr {
			return k.tracks[i].rest // not still then: its reads flip, or it rolled
		}
	}
	return m
}

// startedFrom is where track i rested before its first start at or after
// time t, among the changes kept (throughWaitT keeps them while a stroke
// through waits), and whether it has one.
func (k *Tracker) startedFrom(i int, t float64) (table.Point, bool) {
	best, at := math.Inf(1), table.Point{}
	for j := range k.chg {
		if c := &k.chg[j]; c.tr == i && c.start && c.t >= t && c.t < best {
			best, at = c.t, c.in.a
		}
	}
	return at, !math.IsInf(best, 1)
}
