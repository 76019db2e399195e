package tracking

import (
	"math"

	"github.com/cueref/cueref/shot"
	"github.com/cueref/cueref/table"
)

// Stopped against a held ball. A ball that rolls slowly into a ball at rest
// held against the push (frozen to a cushion, or pressed to balls behind it)
// stops dead against it: the held ball does not move, and the mover's stop
// looks like its coming to rest, with no break in its path to pair. provPass
// tells the contact from its path a frame after, and nothing confirmed it.
// Camera model at 30 fps, seed 5, 14.1 shot 313 (a safety, stroke at
// 2041.014 s): the 15 rolled the length of the table into the 2, resting
// 0.9 mm off the head cushion, at 117 mm/s, and stopped against it; the 2
// went into the cushion. The shot ended with the 15 at rest, the contact
// provisional only, and no_rail was ruled, unasked, where the safety was
// legal (rule 3.8's cushion after the contact, the 2's).
//
// At the end of the shot such a contact is kept when the whole log still
// says so (keepStops): the held ball never left its place, something holds it
// against the push by a cushion (railHeld), the mover rests touching it, and the mover
// was too fast a frame before the contact for rolling friction to stop it
// short of touching. The held ball's cushion follows (frozenRail).

// passMet is a contact provPass told of moving track mover with track held,
// at rest at restAt, at t: the mover's path fit then.
type passMet struct {
	mover, held int
	t           float64
	restAt      table.Point
	fit         path
}

// noteStopPass keeps provPass's contact of moving track i with resting track j at
// tc, its path fit, for keepStops.
func (k *Tracker) noteStopPass(i, j int, tc float64, fit *path) {
	k.stopPasses = append(k.stopPasses, passMet{mover: i, held: j, t: tc, restAt: k.tracks[j].rest, fit: *fit})
}

// stopMargin (mm): the mover's rolling stop must overshoot touching by this
// at least, a frame before the contact.
const stopMargin = 3.0

// keepStops adds the contacts of balls stopped against a held ball (see
// above) that nothing else told.
func (k *Tracker) keepStops() {
	for pi, pm := range k.stopPasses {
		if k.passedBefore(pi) {
			continue // the pair met before: this is the mover come on again
		}
		m, h := &k.tracks[pm.mover], &k.tracks[pm.held]
		if !m.used || !h.used || m.gone || h.gone || m.moving || h.moving {
			continue
		}
		if h.rest.Dist(pm.restAt) >= 3*k.cfg.Sigma+1 {
			continue // it moved: its start tells the contact, or nothing does
		}
		if m.rest.Dist(pm.restAt) > 2*k.R+k.backTol() {
			continue // the mover went on, or came back off it: its break tells it
		}
		striker := pm.fit.at(pm.t)
		if !k.railHeld(pm.held, striker) {
			continue
		}
		t1 := pm.t - k.dt
		v := pm.fit.vel(t1).Len()
		gap := pm.fit.at(t1).Dist(pm.restAt) - 2*k.R
		if v*v/(2*rollDecel) < gap+stopMargin {
			continue // it might have died short of touching
		}
		if k.contactNear(pm.mover, pm.held, pm.t, 3*k.dt) {
			continue
		}
		if k.trace != nil {
			k.trace("%.4f stopped against: track %d on held track %d at %.4f (%.0f mm/s, %.1f mm short a frame before)", k.lastT, pm.mover, pm.held, pm.t, v, gap)
		}
		rest := still(pm.restAt, pm.t)
		e := k.contact(pm.mover, pm.held, pm.t, &pm.fit, &rest, false)
		if e == nil {
			continue
		}
		k.frozenRail(pm.held, pm.restAt, striker, pm.fit.vel(pm.t), pm.t, e.seq)
	}
}

// contactNear reports whether a contact of tracks a and b within win of t is
// told already.
func (k *Tracker) contactNear(a, b int, t, win float64) bool {
	for i := range k.events {
		e := &k.events[i]
		if e.kind == shot.Contact && !e.cancel && math.Abs(e.t-t) <= win && (e.a == a && e.b == b || e.a == b && e.b == a) {
			return true
		}
	}
	return false
}

// railHeld reports whether track i, at rest, is held by a cushion against a
// push along the line of centres from a ball whose centre is at striker (as
// pushBacked, a cushion only). Held by balls pressed behind it, the mover
// stopped against a cluster whose contacts the pressed-ball rules tell
// (pressed.go, presscone.go): kept so too, on the camera model the contacts
// came out right only three times in five, a pair that had met earlier
// timed anew.
func (k *Tracker) railHeld(i int, striker table.Point) bool {
	p := k.tracks[i].rest
	n := p.Sub(striker)
	l := n.Len()
	if l == 0 {
		return false
	}
	n = n.Scale(1 / l)
	for _, rail := range table.Rails {
		if k.tab.RailDistance(p, rail) <= k.backTol() && n.Dot(railOut(rail)) >= pushBackedCos {
			return true
		}
	}
	return false
}

// passedBefore reports whether the pair of stopPasses[pi] had a provPass
// contact told before it in the shot: only the first is weighed, later ones
// are the mover, stopped against the ball or come back off it, closing on
// it again (camera model at 30 fps, seed 3, 8-ball shot 100: the cue ball's
// second approach to the 15, 45 ms after the contact, was kept as one).
func (k *Tracker) passedBefore(pi int) bool {
	pm := &k.stopPasses[pi]
	for _, o := range k.stopPasses[:pi] {
		if o.t < pm.t && (o.mover == pm.mover && o.held == pm.held || o.mover == pm.held && o.held == pm.mover) {
			return true
		}
	}
	return false
}
