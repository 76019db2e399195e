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

// cueWayPast returns the cue ball's way from the reads up to the contact
// told at toldT when those before limit (half a frame before it) are too few
// to make one (fewer than two that moved). On a break (a rack at the stroke:
// racked) the reads go on past it, a few frames, up to the first off the
// line of those before (see above), and the nearest must be cueTwoFar from
// the rest point: near it, the reads of a cue ball struck at a ball next to
// it are of its way out (camera model at 60 fps, seed 3, 14.1 shot 344: the
// 4 met 3 ms after the stroke). In other shots the cue ball's first contact
// is most often timed well, and its way past it, bent there by a thin cut
// too little to end it, reached another ball (60 fps seeds 3 and 5,
// rendered seed 75): there the reads go up to the contact told, the half
// frame before it included. Camera model at 30 fps, seed 12, 10-ball shot
// 176: the cue ball cut the 2 and met the 8 7 ms later; the 8's contact,
// told first, came 14 ms after the cue ball's second read, and one read
// made no way: a wrong-ball foul, unasked.
func (k *Tracker) cueWayPast(limit, toldT float64) (cueWay, bool) {
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
	if !k.cst.rack {
		return k.cueDirectionOff(toldT, math.Inf(1), cueWayOff)
	}
	way, ok := k.cueDirectionOff(toldT+cueAfter*k.dt, math.Inf(1), cueWayOff)
	if !ok || way.use[0].Len() < cueTwoFar {
		return cueWay{}, false
	}
	return way, true
}
