package tracking

import (
	"fmt"

	"github.com/cueref/cueref/shot"
	"github.com/cueref/cueref/table"
)

// Moving at the stroke, and back where it rested. A ball told moving at the
// stroke makes the shot a foul in the rules (a stroke while balls are in
// motion); a ball whose reads jitter a centimetre about its rest is told so
// too. Rendered 8-ball, seed 28, shot 14: ball 2, frozen to the foot cushion
// 9 mm from the 10, was read hopping between its place, the cushion and the
// 10 all through the shot; one hop was under way at the stroke, and a legal
// pot was ruled a foul, unflagged. A ball truly rolling at the stroke ends
// somewhere else than where it rested before it started; one that ends
// within noStrokeNudge of that place, as it rests after the shot, may never
// have moved: the shot asks, unless the ruling is the same either way.

// movedFrom is where a ball told moving at the stroke rested before it
// started (its track, and that place).
type movedFrom struct {
	tr   int
	from table.Point
}

// noteMovingFrom records, at the stroke, where track i, told moving then,
// rested before it started.
func (k *Tracker) noteMovingFrom(i int) {
	k.movedFrom = append(k.movedFrom, movedFrom{tr: i, from: k.tracks[i].from})
}

// movingBackDoubt returns why a person is needed when a ball told moving at
// the stroke rests, after the shot, where it rested before it started (see
// above), and the other reading: the shot without that ball moving.
func (k *Tracker) movingBackDoubt(rec *shot.Shot) (string, []*shot.Shot) {
	for _, m := range k.movedFrom {
		tr := &k.tracks[m.tr]
		if !tr.used || tr.gone || tr.moving || tr.ball < 0 || tr.rest.Dist(m.from) > noStrokeNudge {
			continue
		}
		b := tr.ball
		if k.trace != nil {
			k.trace("%.4f moving back: track %d ball %d, told moving at the stroke, rests %.1f mm from where it rested before", k.lastT, m.tr, b, tr.rest.Dist(m.from))
		}
		still := withoutEvents(rec, func(e shot.Event) bool { return e.Kind == shot.Moving && e.Ball == b })
		return fmt.Sprintf("ball %d, told moving at the stroke, ended where it rested before: it may not have moved", b), []*shot.Shot{still}
	}
	return "", nil
}
