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

// offBedHold (s): a shot does not end until this long after a ball of it was
// told off the table from the open bed (offBed): lost there at speed, it is
// likelier to be read again rolling on than gone (rendered seed 22, 8-ball
// shot 26: the cue ball, lost at 2.3 m/s on the open bed and told off the
// table, was read again 0.7 s later 1.4 m on, still rolling; the shot had
// ended, and its rolling on began a shot where none was played, a foul
// called unasked).
const offBedHold = 1.5

// goneOffBed reports whether track i was told off the table from the open
// bed in this shot (an event not withdrawn).
func (k *Tracker) goneOffBed(i int) bool {
	for j := range k.events {
		e := &k.events[j]
		if !e.cancel && e.a == i && k.offBed(e) {
			return true
		}
	}
	return false
}
