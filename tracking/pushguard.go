package tracking

import "math"

// Guards on the slow pushes' retiming (slowpush.go).
//
// A ball still rolling. pushTime's model has the struck ball at rest on q
// until the contact. A ball that comes to rest after an earlier contact rolls
// its last centimetres at a few tens of mm/s, within restMean's spread, and
// may be met while it still creeps (rendered bench, seed 6, 8-ball shot 2:
// ball 1 at 20–30 mm/s when ball 11 reached it 0.8 s after it was struck):
// its way out then seems to begin long before the contact, and the push was
// moved 90 ms early. Detections before the window that drift faster than
// nudgeCreep (the close passes' test of a ball at rest) leave the contact's
// time as it was.
//
// The noise scale of a push's fit. pushTime compares the misfits of the old
// and the new time of a slow push in units of the detections' nominal noise
// and takes the new time when it fits better by pushGain. That holds while the
// model (a ball at rest, then sliding and rolling straight out along one line)
// fits the detections to their noise. A struck ball that creeps before the
// contact, turns, or is touched again, and detections blurred or pulled by a
// neighbour in a cluster, leave a best misfit several times the number of
// detections: the noise is larger than assumed, and a gain of 9 such units
// then says little. On the rendered bench (seeds 3, 4, 6) and the no-render
// one (seed 1) each slow push moved 30–60 ms off a time within 20 ms of the
// truth had a best misfit 2–4 times its degrees of freedom, while each move
// that ended right had one within 2.1 of them. So, as in an F-test, the gain
// is asked in units of the noise the best fit itself shows, when that is
// larger than nominal.

// pushScale is the factor by which the gain asked of a push's new time grows
// when its best misfit bc over n detections of the struck ball's way shows
// more noise than nominal (two of the way out's unknowns, speed and
// deceleration, fitted): the reduced misfit, at least 1.
func pushScale(bc float64, n int) float64 {
	dof := float64(n - 2)
	if dof < 1 {
		return 1
	}
	return math.Max(1, bc/dof)
}

// creeping reports whether detections s of a ball taken to rest drift faster
// than nudgeCreep: it was still rolling.
func (k *Tracker) creeping(s []sample) bool {
	return len(s) >= 4 && fitLine(s).b.Len() > nudgeCreep
}
