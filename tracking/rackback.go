package tracking

// A re-rack (14.1's re-break, a new rack) takes balls off the table by hand
// and puts them back: every ball lifted then comes back. When the detector
// misread a ball before the re-rack (rendered seed-4 14.1: ball 12 read as 11
// at the first rack), the misnamed track, lifted with the rack, keeps holding
// the number; the real ball of that number, still on the table on a track
// seen before the re-rack and never read since, stays nameless, and elimBack
// refused it (it only takes a track first seen after the ball went, the guard
// against a false detection taking the number of a ball pocketed for good).
// Every event of it then went unidentified (shot 8: its first contact and its
// pocket lost, a no_rail foul called on a legal pot). A ball lifted by hand
// with a rack of others is not off for good: it is back on the table, and
// when it is the one ball held by no track there, the one nameless track on
// the table is it.

// rackLiftWindow (s): lifts this near in time belong to one re-rack (the
// tracker takes the balls of a rack for lifted in the same frame or nearly).
const rackLiftWindow = 1.0

// rackLiftKeep: how many recent lifts the tracker remembers (more than the
// balls of a rack).
const rackLiftKeep = 32

// noteLift records that a track was taken for lifted at t.
func (k *Tracker) noteLift(t float64) {
	if len(k.lifts) >= rackLiftKeep {
		k.lifts = append(k.lifts[:0], k.lifts[len(k.lifts)-rackLiftKeep+1:]...)
	}
	k.lifts = append(k.lifts, t)
}

// liftedWithRack reports whether every gone track (other than unknown) that
// holds ball b was lifted by hand, not pocketed nor sent off the table, the
// last of them together with at least rackBack balls in all (a re-rack), so
// that b came back with the rack.
func (k *Tracker) liftedWithRack(unknown, b int) bool {
	last, any := 0.0, false
	for i := range k.tracks {
		x := &k.tracks[i]
		if i == unknown || !x.used || !x.gone || x.ball != b {
			continue
		}
		if !x.lifted {
			return false
		}
		if !any || x.goneT > last {
			last, any = x.goneT, true
		}
	}
	if !any {
		return false
	}
	n := 0
	for _, t := range k.lifts {
		if t >= last-rackLiftWindow && t <= last+rackLiftWindow {
			n++
		}
	}
	return n >= rackBack
}
