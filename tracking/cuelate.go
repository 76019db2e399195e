package tracking

import (
	"math"

	"github.com/cueref/cueref/shot"
)

// A cluster set off at the stroke was set off by the cue ball: nothing else
// moved. When the cue ball's first contact is told only well after balls by
// its rest point met one another at the stroke, that contact is not its first:
// it met the cluster unseen first (unseenCueHit, cuenear.go, as when it is told
// no contact at all). Camera model at 30 fps, seed 26, 14.1 shot 332: the cue
// ball 6.6 mm from the 8, pressed to the 13 in a cluster, was stunned into it
// and moved 30 mm; its start was read after the 8's, the 8's start paired
// with the 13, and the cue ball's first contact told was the 2 coming back
// to it 1.6 s later, with no cushion after: a no_rail foul for a legal
// safety, unasked (TestCueLate).

// cueLateFrames: a contact of the cue ball told this many frames or more after
// a cluster's first event at the stroke is not how the cluster was set off.
const cueLateFrames = 2

// cueFirstT is the time of the cue ball's first contact told, or +Inf.
func (k *Tracker) cueFirstT() float64 {
	t := math.Inf(1)
	for i := range k.events {
		if e := &k.events[i]; !e.cancel && e.kind == shot.Contact && (e.a == k.strikeTr || e.b == k.strikeTr) {
			t = math.Min(t, e.t)
		}
	}
	return t
}
