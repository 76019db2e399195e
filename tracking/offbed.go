package tracking

import "github.com/cueref/cueref/shot"

// offBed reports whether e is an off_table event of a ball last seen on the
// open bed, away from every cushion: it was not seen leaving over one (a
// referee calls a ball off the table only when it goes over a cushion; hit
// and gone from the bed, the likelier story is that its track lost it). Such
// an event is withdrawn, like one told unseen, when the ball is read on the
// table again (see backOnTable).
func (k *Tracker) offBed(e *pevent) bool {
	if e.kind != shot.OffTable {
		return false
	}
	_, gap := k.tab.NearestRail(k.tracks[e.a].last.p)
	return gap >= 2*k.R
}
