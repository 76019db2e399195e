package tracking

// The tracker holds at most maxTracks tracks. A track gone from the table
// (pocketed, lost off it) is kept, for its ball may come back: spotted, or
// racked again in 14.1, it takes its old track and its identity. Tracks gone
// without a number (a ball never named, a false detection no phantom test
// could drop) were kept as well, and in a long 14.1 match they filled the
// table: the camera model, seed 4, 14.1 at 2252 s, 44 of the 48 were gone,
// most of them unnamed and gone for up to half an hour. When the next rack
// was set, three racked balls took their old numbered tracks and the eleven
// others found no slot; the three tracks hopped among the eleven's detections
// at several metres a second for three shots, and some 200 false contacts were
// told. An unnamed track gone before the shot in play can come back as
// nothing (a ball comes back to the track of its number): when no slot is
// free, the one gone longest gives its slot to a new track.

// maxTracks is the most tracks the tracker holds.
const maxTracks = 48

// staleSlot returns the slot of the unnamed track gone from the table longest
// before the shot in play (or the last one, between shots), −1 if none.
func (k *Tracker) staleSlot() int {
	best := -1
	for i := range k.tracks {
		tr := &k.tracks[i]
		if !tr.used || !tr.gone || tr.ball >= 0 || tr.lifted || tr.probe.on || tr.goneT >= k.strikeT {
			continue
		}
		if best < 0 || tr.goneT < k.tracks[best].goneT {
			best = i
		}
	}
	return best
}
