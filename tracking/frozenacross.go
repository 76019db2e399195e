package tracking

import "github.com/cueref/cueref/table"

// A ball frozen to the cue ball and pushed by the stroke leaves along the
// line of centres, straight away from the cue ball. Camera model at 30 fps,
// seed 39, 9-ball shot 221: the 2 rested 3 mm from the cue ball, which was
// struck away from it, into the 1; off the foot cushion the cue ball came
// back and met the 2 66 ms after the stroke, within frozenStart's window.
// The 2's start was told the stroke's first contact, through the frozen
// ball, before the cue ball's with the 1: a wrong-ball foul for a legal pot,
// unasked. The 2 left at 69° from the line of centres.

// frozenAlong is the least cosine between a pushed frozen ball's way out and
// the line of centres from the cue ball.
const frozenAlong = 0.7

// leftAcross reports whether start oc left its rest point well off the line
// of centres from the cue ball resting at cue: not pushed through it by the
// stroke (see above).
func (k *Tracker) leftAcross(oc *change, cue table.Point) bool {
	n := oc.in.a.Sub(cue)
	w := oc.first.p.Sub(oc.in.a)
	if n.Len() == 0 || w.Len() < 3*k.cfg.Sigma+1 {
		return false // too near its rest point to tell a way
	}
	return n.Dot(w) < frozenAlong*n.Len()*w.Len()
}
