package tracking

import (
	"fmt"
	"sort"

	"github.com/cueref/cueref/shot"
)

// An object ball that moved in a shot in which the cue ball met nothing. It
// lay still at the stroke; by the end it lay elsewhere, with no event of its
// own: something met it, unseen, and with no other ball told moving, that was
// the cue ball. Camera model at 30 fps, seed 44, 10-ball shot 168, a safety:
// the cue ball, 16 mm off the 10 frozen to the left cushion, was struck into
// it and came straight back off it within a frame; the 10 went into the
// cushion and rested 5.7 mm from where it lay. No contact was told (the cue
// ball was read leaving the other way), and a no_contact foul was called,
// unasked.
//
// shiftedDoubt returns the review reason for the object ball of rec that
// moved farthest so (more than shiftMin between its places before and
// after, with no event naming it), and rec read with the cue ball meeting
// it; "" when none did, when the cue ball met a ball in rec, or in a break.
func (k *Tracker) shiftedDoubt(rec *shot.Shot) (string, []*shot.Shot) {
	if firstOf(rec) >= 0 || strayBall(rec, -1) || k.racked() {
		return "", nil
	}
	named := make(map[int]bool)
	for _, e := range rec.Events {
		for _, b := range e.Balls() {
			named[b] = true
		}
	}
	balls := make([]int, 0, len(rec.Before))
	for b := range rec.Before {
		balls = append(balls, b)
	}
	sort.Ints(balls)
	best, far := -1, shiftMin
	for _, b := range balls {
		p, ok := rec.After[b]
		if b <= 0 || !ok || named[b] {
			continue
		}
		if d := rec.Before[b].P().Dist(p.P()); d > far {
			best, far = b, d
		}
	}
	if best < 0 {
		return "", nil
	}
	why := fmt.Sprintf("ball %d moved %.0f mm"+shiftedWhy, best, far)
	return why, []*shot.Shot{firstMet(rec, best)}
}

// shiftedWhy ends the reason of a shiftedDoubt (a doubt about a contact, not
// about the stroke: noStroke still looks at the shot; a ball nudged by a
// hand moving another is no stroke, TestNoStrokeRendered).
const shiftedWhy = " in the shot, with no contact of the cue ball seen"

// shiftMin (mm): a ball whose places before and after a shot lie farther
// apart than this moved in it: the rest points are means of many reads, a
// millimetre or so off each.
const shiftMin = 4.0
