package tracking

import "math"

// A break's cue ball, at 8-11 m/s, is read once or twice on its way to the
// rack at 30 fps. When the first contact told is early (a rack ball's start
// paired with the cue ball's way run on into the rack), the way up to it may
// hold a single read: too few to fit, and the check of the first contact
// against the cue ball's way (firstByPath) was skipped. Camera model at 30
// fps, seed 5, 10-ball break (stroke at 1.400 s): the cue ball was read 792
// and 1103 mm from its rest point, straight at the 1 on the rack's apex, and
// met it 133 ms after the stroke; the 4, behind the 1, was told met 18 ms
// before that, and an illegal break was ruled, unasked. The reads past the
// contact told, up to the first off the line of those before it (past the
// hit, bent), make the way then.

// cueWayOff (mm): a read this far from the way of the reads before it is past
// a bend (cueWayPast). The cue ball read a frame after meeting a ball is
// tens of millimetres off its way in; a read on it is a few off.
const cueWayOff = 15.0

// cueWayPast returns the cue ball's way from the reads up to hi when those
// before limit are too few to make one (fewer than two that moved), and the
// nearest of them is cueTwoFar or more from the rest point, on a
// break (a rack at the stroke: racked). Not in other shots: there the cue
// ball's first contact is most often timed well, and its way past it, bent
// there by a thin cut too little to end it, reached another ball on the
// camera model and a rendered seed (60 fps seeds 3 and 5, rendered seed 75).
func (k *Tracker) cueWayPast(limit, hi float64) (cueWay, bool) {
	if !k.cst.rack {
		return cueWay{}, false
	}
	from := k.before[k.strikeTr]
	n := 0
	for _, s := range k.cueIn {
		if s.t >= limit {
			break
		}
		if s.p.Dist(from) >= cueMinMove {
			n++
		}
	}
	if n >= 2 {
		return cueWay{}, false
	}
	way, ok := k.cueDirectionOff(hi, math.Inf(1), cueWayOff)
	if !ok || way.use[0].Len() < cueTwoFar {
		// Near its rest point the reads of a cue ball struck at a ball
		// next to it are of its way out, not in (camera model at 60 fps,
		// seed 3, 14.1 shot 344: the 4 met 3 ms after the stroke).
		return cueWay{}, false
	}
	return way, true
}
