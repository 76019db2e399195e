package tracking

import (
	"fmt"

	"github.com/cueref/cueref/shot"
)

// A ball frozen to the cue ball at the stroke that left its place with nothing
// told. Struck into a ball it touches, the cue ball meets it at once: no way
// in to fit, and the met ball may move only a few millimetres before a
// cushion or the cue ball stops it. Rendered seed 68, 10-ball shot 12 (stroke
// at 99.863 s): the cue ball, 0.85 mm from the 3, was struck into it; the 3,
// 17 mm off the head cushion, went to the cushion and back into the cue ball
// 38 ms later, and the cue ball went on to the 9. The camera saw one missed
// read of the 3 and its rest 4.5 mm from where it was; the cue ball seen to
// leave away from the 3 and meet the 9 made the 9 the first contact:
// wrong_ball_first, unflagged, for a legal safety. A ball nothing was told
// about does not leave its place; one frozen to the cue ball that did may
// have been its first contact, and the judge asks a person when that reading
// rules otherwise.

const (
	// frozenGap (mm): a ball this near the cue ball at the stroke, beyond
	// touching, touches it as far as the camera can tell.
	frozenGap = 3.0
	// frozenShift (mm): a ball at rest whose place moved this much over the
	// shot left it (rest places of balls left alone agree within about a
	// millimetre).
	frozenShift = 3.0
)

// frozenShiftDoubt says why the cue ball's first contact is in doubt when a
// ball frozen to it at the stroke left its place with nothing told (see
// above), or "", with the reading where that ball is the first contact.
func (k *Tracker) frozenShiftDoubt(rec *shot.Shot) (string, []*shot.Shot) {
	cue, ok := k.before[k.strikeTr]
	if !ok || k.strikeTr < 0 {
		return "", nil
	}
	for j, p := range k.before {
		tr := &k.tracks[j]
		if j == k.strikeTr || !tr.used || !tr.confirmed || tr.gone || tr.moving || tr.ball <= 0 {
			continue
		}
		gap := p.Dist(cue) - 2*k.R
		if gap > frozenGap {
			continue
		}
		shift := p.Dist(tr.rest)
		if shift < frozenShift || k.toldOf(j) {
			continue
		}
		b := tr.ball
		why := fmt.Sprintf("ball %d, frozen to the cue ball at the stroke, left its place by %.0f mm with nothing told: the cue ball may have met it first", b, shift)
		return why, []*shot.Shot{firstMet(rec, b)}
	}
	return "", nil
}

// toldOf reports whether an event of the shot so far names track j.
func (k *Tracker) toldOf(j int) bool {
	for i := range k.events {
		if e := &k.events[i]; !e.cancel && e.kind != shot.Strike && (e.a == j || e.b == j) {
			return true
		}
	}
	return false
}
