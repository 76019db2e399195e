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
// not read again, with no event of its going (nor a touch), is asked about, with its going off the table as the other
// reading (the judge drops the doubt when both rule alike).

// lostBedDoubt returns the review reason for the first ball of rec lost by a
// cushion in the shot and not seen since (see above), and rec read with that
// ball off the table; "" when there is none.
func (k *Tracker) lostBedDoubt(rec *shot.Shot) (string, []*shot.Shot) {
	for i := range k.tracks {
		tr := &k.tracks[i]
		b := tr.ball
		if !tr.used || !tr.byRail || !tr.gone || tr.goneT < k.strikeT || b <= 0 {
			continue
		}
		if _, ok := rec.Before[b]; !ok {
			continue
		}
		if _, ok := rec.After[b]; ok {
			continue
		}
		if slices.ContainsFunc(rec.Events, func(e shot.Event) bool {
			return (e.Kind == shot.Pocketed || e.Kind == shot.OffTable || e.Kind == shot.Touch) && e.Ball == b
		}) {
			// (A touched ball that went so is asked as maybe no ball at
			// all: namedlate.go.)
			continue
		}
		rail, _ := k.tab.NearestRail(tr.last.p)
		why := fmt.Sprintf("ball %d lost from view moving by the %s cushion and not seen again: on the table or off it?", b, rail)
		off := clone(rec)
		ev := shot.Event{T: tr.goneT - k.strikeT, Kind: shot.OffTable, Ball: b}
		at := len(off.Events)
		for j, e := range off.Events {
			if e.T > ev.T || e.Kind == shot.Stop {
				at = j
				break
			}
		}
		off.Events = slices.Insert(off.Events, at, ev)
		return why, []*shot.Shot{off}
	}
	return "", nil
}
