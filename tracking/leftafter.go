package tracking

import "github.com/cueref/cueref/table"

// A ball that starts from rest with nothing seen to explain it is taken to
// have been hit by a ball that moved near it about then (explain's
// nearbyMover), before it is called a touch. A ball that itself left its
// rest point with it cannot have been that ball unless it crossed the gap
// between them first: not if it left after it (but for balls pressed
// together, judgePressed's case), nor if its detections put it well apart
// from the ball at the start. Rendered seed 66, 14.1 shot 42: the 4 struck
// the 7, which lay 4 and 6 mm off the 3 and the 11 and passed the push on
// to both within 6 ms, moving 7 mm and stopping. The 7's start was seen
// late, and the 3's was explained by the 11, which had started from 33 mm
// off 5 ms after it: the contact 3–11 stood in the shot's log for the 7–3
// and the 7–11 (the latter, its lone twin, dropped), a contact of two balls
// that never came near each other.

// leftAfterGap (mm): rest points more than this apart (less 2R) are not
// pressed together for leftAfter: twice the table's frozen tolerance, for
// the error of two rest points.
const leftAfterGap = 2 * table.FrozenTolerance

// leftAfter reports whether track oi, which left its rest point in the shot
// with change c's start (at most pressWin before it) or after it, cannot have
// hit c's ball: it left after the start from more than leftAfterGap off, or
// its detections put it well apart from the ball at the start (more than
// twinOff, and a quarter of its step between them, as seenGap judges a
// contact). (A striker timed a few milliseconds late that crossed a small
// gap, a pressed ball's push, is passed over at worst: explain then finds
// it as the ball seen nearest.)
func (k *Tracker) leftAfter(c *change, oi int) bool {
	if !c.start {
		return false
	}
	for j := range k.leaves {
		l := &k.leaves[j]
		if l.tr != oi || l.t < c.t-pressWin {
			continue
		}
		gap := l.at.Dist(c.in.a) - 2*k.R
		why := ""
		if l.t > c.t && gap > leftAfterGap {
			why = "left after it"
		} else if p, step, ok := k.seenPos(oi, c.t); ok && p.Dist(c.in.a)-2*k.R > twinOff+step/4 {
			gap, why = p.Dist(c.in.a)-2*k.R, "seen apart"
		}
		if why != "" {
			if k.trace != nil {
				k.trace("%.4f track %d left rest at %.4f, %.1f mm off track %d started at %.4f (%s): not its striker", k.lastT, oi, l.t, gap, c.tr, c.t, why)
			}
			return true
		}
	}
	return false
}
