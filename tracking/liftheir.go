package tracking

import "github.com/cueref/cueref/shot"

// A nameless ball lifted and back on its spot as a new, named track. A ball
// at rest the detector loses with nothing marked as hiding it is taken for
// lifted (tracker.go); when its track has a number, the ball comes back on
// its spot on its next read there (liftspot.go), but a nameless track has no
// number to bring back, and a new track is made of the reads at the very spot
// it went from, named later by its votes. The lifted track's events stay
// nameless, though the ball is there: it never moved (a ball does not roll
// from elsewhere to stop exactly where another vanished). So, when the record
// is written, an event of a nameless track lifted from rest takes the number
// of the one track, named, seen first after the lift within the resting gate
// (4 (2σ+1), 16 mm) of its spot and still there (not moved since, within the
// same gate), a number no other track of the event holds.
//
// Rendered bench seed 36, 10-ball shot 5 (stroke at 38.5841 s): the cue ball
// meets the 6 first at 39.05 s, a foul (the 4 the lowest). The 6 and the 4,
// 85 mm apart by the foot cushion, had swapped tracks at 28.18 s while the
// shooter hid them (the 6's track took the 4's spot, a new nameless track the
// 6's); the 6's nameless track met the cue ball, the 4 and the cushion, came
// to rest at (2495, 697) and was lifted at 40.5 s as the shooter came over
// it; its reads came back 1–2 mm from there as track 14, named 6 by its votes
// at the shot's end, when the 4's track got its number back. The shot had
// four nameless events, no first contact: ruled no_contact, asked. Now they
// are the 6's: a wrong_ball_first foul, as played.

// heirEvent returns ev, event e as toEvent told it (not ok), with its
// nameless tracks named after their lift heirs (see above), and whether all
// of its balls are now named.
func (k *Tracker) heirEvent(e *pevent, ev shot.Event) (shot.Event, bool) {
	switch e.kind {
	case shot.Contact:
		if ev.A < 0 {
			ev.A = k.liftHeir(e.a, ev.B)
		}
		if ev.B < 0 {
			ev.B = k.liftHeir(e.b, ev.A)
		}
		if ev.A < 0 || ev.B < 0 || ev.A == ev.B {
			return ev, false
		}
	case shot.Stop, shot.Strike:
		return ev, false
	default:
		if ev.Ball < 0 {
			ev.Ball = k.liftHeir(e.a, -1)
		}
		if ev.Ball < 0 {
			return ev, false
		}
	}
	placeEvent(e, &ev)
	return ev, true
}

// liftHeir returns the number of the track that took up nameless track i's
// spot after it was lifted (see above), or −1. other is the event's other
// ball (−1 for none): the heir may not hold it.
func (k *Tracker) liftHeir(i, other int) int {
	tr := &k.tracks[i]
	if !tr.used || tr.ball >= 0 || !tr.gone || !tr.lifted {
		return -1
	}
	gate := 4 * (2*k.cfg.Sigma + 1)
	heir := -1
	for j := range k.tracks {
		x := &k.tracks[j]
		if j == i || !x.used || !x.confirmed || x.gone || x.ball < 0 || x.born <= tr.last.t {
			continue
		}
		if x.bornAt.Dist(tr.rest) > gate || x.moving || k.position(x).Dist(tr.rest) > gate {
			continue
		}
		if heir >= 0 {
			return -1 // two: which is not known
		}
		heir = j
	}
	if heir < 0 || k.tracks[heir].ball == other {
		return -1
	}
	if k.trace != nil {
		k.trace("%.4f lift heir: nameless track %d, lifted from %v, is track %d ball %d back on its spot", k.lastT, i, tr.rest, heir, k.tracks[heir].ball)
	}
	return k.tracks[heir].ball
}
