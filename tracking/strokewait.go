package tracking

import "github.com/cueref/cueref/shot"

// A cue ball that leaves rest while other balls still roll is a new stroke
// (a foul for the rules to judge) only if nothing hit it. A ball pushed into it
// through a ball resting against it is seen late: the pushed ball moves a few
// millimetres before it passes the push on, and its start is found frames after
// the cue ball's (whose way out is longer). Meanwhile the chain was told as a
// provisional contact of the pushed ball with the cue ball (provlate.go). Until
// cueStartWait frames have passed, a cue ball's start with such a contact told
// about then waits for the pushed ball's start to explain it (pair,
// neighbourStart), and does not end the shot.

// cueStartWait (frames): how long a cue ball's start, with a provisional contact
// told about then, waits to be explained before it is taken for a new stroke.
const cueStartWait = 12

// provTouched reports whether a provisional contact of track i with another
// ball was told within a few frames before time t (or just after it).
func (k *Tracker) provTouched(i int, t float64) bool {
	for _, p := range k.provs {
		if p.kind == shot.Contact && (p.a == i || p.b == i) && p.b >= 0 && p.t > t-6*k.dt && p.t < t+k.dt {
			return true
		}
	}
	return false
}
