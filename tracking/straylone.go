package tracking

import "github.com/cueref/cueref/table"

// A ball at rest by a cushion is now and then seen a few centimetres off for a
// single frame, its neighbours in time back on its spot. No ball goes that far
// and comes back in a frame or two: it would have to turn about in place. Such
// a lone stray detection says nothing of where the ball went.

// strayLoneSpan (frames): the detections on either side of a lone stray one
// lie at most this far from it in time.
const strayLoneSpan = 2

// loneStray reports whether log[j], further than roam from at, is a lone stray
// detection: the detections just before and just after it lie within roam of
// at, each at most strayLoneSpan frames away from it.
func (k *Tracker) loneStray(log []sample, j int, at table.Point, roam float64) bool {
	if j == 0 || j+1 >= len(log) {
		return false
	}
	span := strayLoneSpan*k.dt + 1e-6
	p, n := log[j-1], log[j+1]
	return log[j].t-p.t <= span && n.t-log[j].t <= span && p.p.Dist(at) <= roam && n.p.Dist(at) <= roam
}
