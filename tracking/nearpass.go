package tracking

import (
	"fmt"
	"math"

	"github.com/cueref/cueref/shot"
)

// A break in a moving ball's way that came near a ball at rest, held by a
// cushion or a ball behind it, is told a contact with it though the way only
// came within the noise of touching it (pairResting, pushbacked.go): a held
// ball that was hit need not move. But a way read at speed is noisy, and its
// break may be the noise: camera model at 30 fps, seed 35, 8-ball shot 141,
// the cue ball at 4 m/s passed 5-10 mm from the 14, frozen to the 8, and two
// reads 10 and 5 mm off its straight way made a break there (its way out ran
// within a degree of its way in). The near pass was told the cue ball's
// first contact, a wrong-ball foul for a legal pot, unasked.
//
// So such a contact is a doubt, whose other reading has it not happen; the
// judge asks a person only when the two readings differ in ruling. (A ball
// free to move, or one of a group, is checked for moving at the end of the
// shot instead: missDoubt, nearmiss.go.)

// nearPassWhy begins the reason of a nearPassDoubt (a doubt about a contact,
// not about the stroke: noStroke still looks at the shot).
const nearPassWhy = "contact of balls "

// nearTold is a contact told from a near pass: the contact event's seq and
// how far short of touching the way came (mm).
type nearTold struct {
	seq int
	gap float64
}

// nearPassDoubt returns the review reason for the first contact of the shot
// told from a near pass, and rec read without it; "" when there is none.
func (k *Tracker) nearPassDoubt(rec *shot.Shot) (string, []*shot.Shot) {
	if rec.Start == nil {
		return "", nil
	}
	t0 := *rec.Start
	for _, n := range k.nearPasses {
		for i := range k.events {
			e := &k.events[i]
			if e.seq != n.seq || e.cancel || e.kind != shot.Contact {
				continue
			}
			ev, ok := k.toEvent(e, t0)
			if !ok {
				continue
			}
			same := func(x shot.Event) bool {
				return x.Kind == shot.Contact && math.Abs(x.T-ev.T) < 1e-6 && (x.A == ev.A && x.B == ev.B || x.A == ev.B && x.B == ev.A)
			}
			why := fmt.Sprintf(nearPassWhy+"%d and %d told from a pass %.1f mm short of touching: they may not have met", ev.A, ev.B, n.gap)
			return why, []*shot.Shot{withoutEvents(rec, same)}
		}
	}
	return "", nil
}
