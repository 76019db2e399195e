package tracking

import "github.com/cueref/cueref/shot"

// Struck home: a ball at rest near a cushion, struck into it, that comes back
// to where it rested.
//
// endShot cancels a contact with a ball at rest, free to move, that ends the
// shot where it rested (the path that seemed to reach it bent for another
// reason). A ball resting some millimetres off a cushion is not free to move
// that way: struck nearly full into it, it closes the gap in a frame or two,
// the cushion sends it straight back into the striker, which kept little of
// its speed along the line of centres, and that second contact (a re-kiss,
// rekiss.go) stops it on its old spot. Its detections show a jump of a few
// millimetres for two or three frames, no more than the detector's centre
// jumps about next to a cushion, and the tracker never sees it start; its
// rest after the shot is its rest before. frozenRail tells that cushion hit
// (frozenUnseen for a ball not seen to move), derived from the contact
// (pevent.after); dropping the contact dropped the hit with it and left a
// no-cushion foul (rule 1.17) where the shot was legal (rendered bench, seed
// 7, 14.1 shot 29: a ball 12.6 mm off the left cushion struck at 660 mm/s,
// back within 0.6 mm of its spot). The re-kiss is asked for as well: without
// a second contact nothing stops a ball sent back off the cushion on its
// spot, and a path that only seemed to reach a ball by a cushion (a phantom
// track's jumps next to a resting ball: rendered bench, seed 2, 8ball shot
// 15) has none.

// struckHome reports whether contact e's still ball (see pevent.still) was
// struck home: a cushion hit of that ball derived from e stands, and so does
// a later contact of the same pair within rekissWin (the re-kiss that stopped
// it). Such a ball may rest where it rested and still have been hit.
func (k *Tracker) struckHome(e *pevent) bool {
	if e.kind != shot.Contact || e.still < 0 || e.seq <= 0 {
		return false
	}
	var rail, again *pevent
	for i := range k.events {
		r := &k.events[i]
		switch {
		case r.cancel:
		case r.kind == shot.RailHit && r.a == e.still && r.after == e.seq:
			rail = r
		case r.kind == shot.Contact && r != e && r.t-e.t >= rekissMin && r.t-e.t <= rekissWin &&
			(r.a == e.a && r.b == e.b || r.a == e.b && r.b == e.a):
			again = r
		}
	}
	if rail == nil || again == nil {
		if rail != nil && k.trace != nil {
			k.trace("%.4f contact at %.4f with track %d by the %s cushion: no re-kiss, not kept", k.lastT, e.t, e.still, rail.rail)
		}
		return false
	}
	if k.trace != nil {
		k.trace("%.4f contact at %.4f kept: track %d struck into the %s cushion near it at %.4f, back to where it rested (re-kiss at %.4f)", k.lastT, e.t, e.still, rail.rail, rail.t, again.t)
	}
	return true
}
