package tracking

import (
	"fmt"

	"github.com/cueref/cueref/shot"
	"github.com/cueref/cueref/table"
)

// Two balls cannot overlap. A ball read resting well inside the cue ball's
// diameter at the stroke was read in the wrong place, and a first contact
// with it is no evidence: rendered 10-ball, seed 23, shot 6: ball 5, at rest
// 1.4 mm off the foot cushion with the cue ball 13 mm away, was read as a
// motion streak 22 mm inward (its blob run into the cue ball's), 48 mm from
// the cue ball's centre, for four seconds. When the player's arm came over it
// the detector found it at its true place again: that jump, within a frame
// of the stroke, was taken for the push of a ball frozen to the cue ball,
// told as the shot's first contact and ruled a wrong-ball-first foul,
// unflagged; the cue ball had first met ball 3, 0.34 s later.
//
// So when the cue ball's first contact is with a ball that rested more than
// overlapTol inside its diameter at the stroke, the shot asks, unless the
// readings without that ball's part (its contacts with the cue ball, or all
// its events) get the same ruling (needless).

// overlapTol (mm): how far inside the cue ball's diameter a ball frozen to it
// may be read: the frozen tolerance and three detection sigmas.
func (k *Tracker) overlapTol() float64 { return table.FrozenTolerance + 3*k.cfg.Sigma }

// overlapDoubt returns why rec's first contact needs a person's eye when its
// ball was read overlapping the cue ball at the stroke, and the other
// readings: without its contacts with the cue ball, and without any of its
// events.
func (k *Tracker) overlapDoubt(rec *shot.Shot) (string, []*shot.Shot) {
	fi := firstOf(rec)
	if fi < 0 {
		return "", nil
	}
	b := rec.Events[fi].A + rec.Events[fi].B
	cue, ok1 := rec.Before[0]
	p, ok2 := rec.Before[b]
	if !ok1 || !ok2 {
		return "", nil
	}
	d := cue.P().Dist(p.P())
	if d >= 2*k.R-k.overlapTol() {
		return "", nil
	}
	why := fmt.Sprintf("ball %d (first contact) read %.0f mm from the cue ball's centre at the stroke: one of them was read in the wrong place", b, d)
	noContact := withoutEvents(rec, func(e shot.Event) bool {
		return e.Kind == shot.Contact && names(e, 0) && names(e, b)
	})
	noBall := withoutEvents(rec, func(e shot.Event) bool { return names(e, b) })
	return why, []*shot.Shot{noContact, noBall}
}

// Nor can two object balls rest at one place. Two tracks read at the stroke
// less than a ball's radius apart hold one ball between them, and a ball of
// the game is then somewhere the tracker has none: camera-model seed 5,
// 10-ball shot 57, a break: balls racked by hand trade tracks, the 4 and the
// 5 were read 1.3 mm apart and the apex ball, the 1, had no track at all; the
// cue ball's first contact was told with the 8 behind it, an illegal break
// (wrong_ball_first), unflagged. Where the untracked ball was, and what the
// cue ball met, no reading of the record can say: the shot asks.

// stackDoubt returns why rec needs a person's eye when two of its object
// balls were read at one place at the stroke; "" when none were.
func (k *Tracker) stackDoubt(rec *shot.Shot) string {
	for a := 1; a < 16; a++ {
		pa, ok := rec.Before[a]
		if !ok {
			continue
		}
		for b := a + 1; b < 16; b++ {
			if pb, ok := rec.Before[b]; ok && pa.P().Dist(pb.P()) < k.R {
				return fmt.Sprintf("balls %d and %d read at one place at the stroke: another ball was not tracked", a, b)
			}
		}
	}
	return ""
}
