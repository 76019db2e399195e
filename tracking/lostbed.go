package tracking

import (
	"fmt"
	"slices"

	"github.com/cueref/cueref/shot"
)

// A ball lost moving by a cushion and never seen again. lostByRail takes a
// ball lost from view by a cushion, not heading over it, for lost on the bed
// (the detector loses balls against a cushion): gone with no event, taken
// back when read again. Not doubted then, for where along the cushion it came
// to rest does not bear on the ruling. But a ball not read again by the end
// of the shot is in neither the shot's After nor any event: for the rules it
// simply went, and if it went over the cushion the off-table foul is lost
// without a question. Rendered 9-ball, seed 61, the break (stroke 1.509 s):
// the 2 was thrown over the foot cushion by the 5 at 1.886 s; its track took
// two reads of the 5 and, 0.38 s on, a read 640 mm away by the left cushion,
// where it was lost "on the bed" at 2.6 m/s and never seen again: ruled a
// legal break, unasked.
//
// So as the shot ends, a ball on the table at the stroke that was lost so and
// not read again, with no event of its going (nor a touch), is asked about
// (the judge drops the doubt when both readings rule alike). Unread for
// lostOffAfter or more, and met by a ball in the shot (a contact told: not a
// track of stray reads set off unseen), it is told off the table, unseen, its staying on the
// bed the other reading: a ball resting on the bed is read in nearly every
// frame, by a cushion too (the black ball by its own pass, darkBallByCushion
// in vision), and one that went unread for a second of the shot's end was
// not there. Rendered 9-ball, seed 64, the break (stroke 1.521 s): the 4,
// sent back into the right cushion by the 3 at 1.98 s, flew off; its last
// reads showed it coming off the cushion, and it was lost 35 mm from it, read
// nowhere in the 6 s to the shot's end. Seed 67, 9-ball shot 29 (a break):
// the 8 alike. Both were ruled legal breaks (asked); both are now
// object_ball_off_table (asked). Unread more briefly, it is as before.

// lostOffAfter (s): how long by the end of the shot a ball lost so has gone
// unread before it is told off the table (see above).
const lostOffAfter = 1.0

// lostBed returns the ball of track i when it is lost by a cushion in the
// shot rec ends and not read since (see above), whatever is told of it.
func (k *Tracker) lostBed(i int, rec *shot.Shot) (int, bool) {
	tr := &k.tracks[i]
	b := tr.ball
	if !tr.used || !tr.byRail || !tr.gone || tr.goneT < k.strikeT || b <= 0 {
		return 0, false
	}
	if _, ok := rec.Before[b]; !ok {
		return 0, false
	}
	if _, ok := rec.After[b]; ok {
		return 0, false
	}
	return b, true
}

// lostOff tells off the table, at its last sight, each ball lost so with no
// event of its going (nor a touch) and unread for lostOffAfter by the end
// of the shot (see above); lostBedDoubt asks about it with its staying on
// the bed as the other reading.
func (k *Tracker) lostOff(rec *shot.Shot) {
	k.toldOff = k.toldOff[:0]
	for i := range k.tracks {
		b, ok := k.lostBed(i, rec)
		if !ok || k.lastT-k.tracks[i].last.t < lostOffAfter || slices.ContainsFunc(rec.Events, func(e shot.Event) bool {
			return (e.Kind == shot.Pocketed || e.Kind == shot.OffTable || e.Kind == shot.Touch) && e.Ball == b
		}) || !slices.ContainsFunc(rec.Events, func(e shot.Event) bool {
			return e.Kind == shot.Contact && (e.A == b || e.B == b)
		}) {
			// (Set off by no contact told, it may be no ball at all: a
			// read of an arm, named, that started unseen.)
			continue
		}
		if k.trace != nil {
			k.trace("%.4f lost by a cushion track %d ball %d, unread since %.4f: told off the table", k.lastT, i, b, k.tracks[i].last.t)
		}
		insertEvent(rec, shot.Event{T: k.tracks[i].goneT - k.strikeT, Kind: shot.OffTable, Ball: b})
		k.toldOff = append(k.toldOff, b)
	}
}

// insertEvent puts ev into rec's events in time order, before the stop.
func insertEvent(rec *shot.Shot, ev shot.Event) {
	at := len(rec.Events)
	for j, e := range rec.Events {
		if e.T > ev.T || e.Kind == shot.Stop {
			at = j
			break
		}
	}
	rec.Events = slices.Insert(rec.Events, at, ev)
}

// lostBedDoubt returns the review reason for the first ball of rec lost by a
// cushion in the shot and not seen since (see above), and rec read with that
// ball's going told otherwise: on the bed when lostOff told it off the
// table, off the table when it was unread too briefly to be told so; "" when
// there is none.
func (k *Tracker) lostBedDoubt(rec *shot.Shot) (string, []*shot.Shot) {
	for i := range k.tracks {
		b, ok := k.lostBed(i, rec)
		if !ok {
			continue
		}
		tr := &k.tracks[i]
		rail, _ := k.tab.NearestRail(tr.last.p)
		why := fmt.Sprintf("ball %d lost from view moving by the %s cushion and not seen again: on the table or off it?", b, rail)
		if slices.Contains(k.toldOff, b) {
			on := clone(rec)
			on.Events = slices.DeleteFunc(on.Events, func(e shot.Event) bool { return e.Kind == shot.OffTable && e.Ball == b })
			return why, []*shot.Shot{on}
		}
		if slices.ContainsFunc(rec.Events, func(e shot.Event) bool {
			return (e.Kind == shot.Pocketed || e.Kind == shot.OffTable || e.Kind == shot.Touch) && e.Ball == b
		}) {
			// (A touched ball that went so is asked as maybe no ball at
			// all: namedlate.go.)
			continue
		}
		off := clone(rec)
		insertEvent(off, shot.Event{T: tr.goneT - k.strikeT, Kind: shot.OffTable, Ball: b})
		return why, []*shot.Shot{off}
	}
	return "", nil
}
