package tracking

import "github.com/cueref/cueref/shot"

// A ball met on its spot is there. A ball at rest that the detector reads
// only now and then (the green 6 on the green cloth at a confidence of 0.35)
// is taken for lifted when it is missed for liftTime, comes back on its spot
// on its next read (liftspot.go) and is put on trial (a probe): a trial that
// ends in too few reads is a ghost's, and the events told of the track
// meanwhile are dropped (ghostGone). When another ball's path bent at that
// spot, a contact told there, the ball was there: the bend is the evidence a
// few reads could not give, and the ball, now rolling, is missed for being
// struck, not for being a false read.
//
// Rendered 10-ball, seed 68, shot 49 (stroke 418.44 s): the 6, 2 mm from
// where it had rested since the last shot, was taken for lifted and back on
// its spot twice in the shot; the cue ball met it there at 419.51 s and it
// rolled off unseen, the trial ending 0.2 s later after two reads. The
// contact went with the ghost; the 6 came back moving at 419.73 s, rolled to
// the head right corner and dropped: a legal pot ruled no_contact (asked
// only about the shelf). Now the trial is believed, its contact kept.
// (TestGhostStruckRendered.)

// struckOnSpot reports whether track i, on trial since it came back on the
// spot it was taken for lifted from, was met there since: a contact told
// with it by a track not itself on trial that was moving, within a ball's
// width and the rest noise of the spot.
func (k *Tracker) struckOnSpot(i int) bool {
	tr := &k.tracks[i]
	if !tr.probe.spot || k.phase != inShot {
		return false
	}
	spot, reach := tr.probe.gone.rest, 2*k.R+3*k.cfg.Sigma+1
	for j := range k.events {
		e := &k.events[j]
		if e.cancel || e.kind != shot.Contact || e.seq <= tr.probe.seq || (e.a != i && e.b != i) || !e.hasAt {
			continue
		}
		o := e.a + e.b - i
		if o < 0 || o >= len(k.tracks) || o == i {
			continue
		}
		x := &k.tracks[o]
		if !x.used || !x.confirmed || x.probe.on || !x.moved || e.at.Dist(spot) > reach {
			continue
		}
		if k.trace != nil {
			k.trace("%.4f struck on its spot track %d ball %d: met by track %d ball %d at %.4f, %.1f mm from where it rested: believed", k.lastT, i, tr.ball, o, x.ball, e.t, e.at.Dist(spot))
		}
		return true
	}
	return false
}
