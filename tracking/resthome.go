package tracking

import "github.com/cueref/cueref/table"

// Rests at home. flitBack takes a ball to have never left once it has been
// read back at its rest point flipStartSeen times; a ball read off its place
// for two frames in a row, then back there for good, comes home only once,
// and checkRest finds it at rest where it stood. Rendered 9-ball, seed 72,
// shot 22: the green 6 rested 25 mm off the right cushion by the head-right
// corner. At the stroke the cue lay over it, and the detector read it 20 mm
// toward the cushion in the two frames the cue hid half of it. It was
// started, told hitting the right cushion and meeting the 4 beside it, and
// then read at its place to the end of the shot: a cushion hit and a
// contact that never were.
//
// A ball under way does not come to rest where it started unless a ball or
// a cushion sends it back, and a cushion that did so first took it farther
// than a flit reaches. So a ball started from rest that comes to rest back
// within the noise of its rest point (1.5σ + 0.5 mm, as checkRest's rest
// time; noStrokeStill's 5.5 mm took in a true move of 10 mm read as 5.2 on
// camera-model 14.1, seed 2, shot 210), never read beyond the flit's reach
// and with no ball under way having passed by it (flitMet), never left: what
// its start was told to do is dropped. Not when a ball resting beside it
// started too: in a cluster pressed by a ball, its balls are pushed a few
// millimetres and may settle back (camera-model 14.1, seed 7, shot 118: the
// 10, frozen to the 9, pressed by it at 0.2 m/s). The struck ball of the
// shot in progress is left to flipstart.go and nostroke.go, and a ball come
// back from gone to handback.go.

// restHome reports whether moving track i, found at rest at m by checkRest,
// came to rest where it started from without having left (see above); if so
// it drops what the start was told to do.
func (k *Tracker) restHome(i int, m table.Point) bool {
	tr := &k.tracks[i]
	h := &tr.flit
	if !tr.fromRest || h.far || tr.backIdle || m.Dist(tr.from) > 1.5*k.cfg.Sigma+0.5 || k.struckStart(i) || k.flitMet(i) || k.neighbourStarted(i) {
		return false
	}
	if k.trace != nil {
		k.trace("%.4f rest home track %d ball %d: at rest at %v, %.1f mm from where it started: it never left", k.lastT, i, tr.ball, m, m.Dist(tr.from))
	}
	k.dropFlit(i)
	h.home = m
	return true
}

// neighbourStarted reports whether a ball resting within touching (missGap)
// of track i's rest point started from rest since about when it did.
func (k *Tracker) neighbourStarted(i int) bool {
	tr := &k.tracks[i]
	for j := range k.tracks {
		o := &k.tracks[j]
		if j == i || !o.used || o.gone || !o.fromRest || o.startT < tr.startT-restHomeLead {
			continue
		}
		if o.from.Dist(tr.from)-2*k.R <= k.missGap() {
			return true
		}
	}
	return false
}

// restHomeLead (s): how long before a ball's start a neighbour's start counts
// as its own push.
const restHomeLead = 0.1
