package tracking

import (
	"fmt"
	"math"

	"github.com/cueref/cueref/shot"
)

// A touch told of a ball that then stayed at its place until a moving ball
// met it. By a pocket's jaws or a cushion the detector's centre for a ball
// at rest can flip a centimetre or more off it and back, and a few such reads
// in a row start it: a touch (rule 1.19), told as the ball starts, however
// its reads go on. Rendered seed 67, 10-ball shot 45 (stroke at 375.590 s):
// ball 9, resting 12 mm off the right cushion by the foot-right corner, was
// read 13 mm off it and back for half a second (the pocket's shade) and told
// touched 1.1 s after the stroke; the 5 met it 0.5 s later and sent it in. A
// touched_ball foul where the shot was legal, unflagged. A ball truly touched
// leaves its place; one read off it and back, then met, may have sat still
// until the other ball came: when every read of it between the touch and its
// next contact lies within touchHome of where it rested, the touch is a
// doubt, and the judge asks a person when the reading without it rules
// otherwise.

// touchHome (mm): the reads of a ball told touched that stay this near where
// it rested, up to its next contact, never showed it leave: the flips seen
// by pockets and cushions, and the noise.
const touchHome = 25.0

// dropHomeTouches cancels, as the shot ends, each touch that never showed
// the ball leave its place before a moving ball met it (homeTouch): that a
// ball truly touched stayed within touchHome of its place for tenths of a
// second until another met it is the rarer reading (rendered seeds 67 and 71,
// 10-ball shots 45 and 38: read off its place by a pocket's shade, each time),
// and a foul is not called on reads that never showed the ball move. The
// touch is kept as the doubt's other reading (touchMetDoubt).
//
// The reads that flip off the ball's place and back may start it more than
// once before it is met (rendered seed 71, 10-ball shot 38: the 5, by the
// foot-left corner, told touched 0.46 s after the stroke and again 0.5 s
// later): each touch of its track up to that contact goes with the first.
func (k *Tracker) dropHomeTouches() {
	for i := range k.events {
		e := &k.events[i]
		if e.cancel {
			continue
		}
		by, tc := k.homeTouch(e)
		if by < 0 {
			continue
		}
		e.cancel, e.homeTouch = true, true
		for j := range k.events {
			if x := &k.events[j]; x.kind == shot.Touch && x.a == e.a && x.t > e.t && x.t < tc {
				x.cancel = true
			}
		}
	}
}

// homeTouch returns the track that met the ball of touch e, which has a
// number, and when, when every read of it between the touch and that contact
// lies within touchHome of where it rested; −1 if not so.
func (k *Tracker) homeTouch(e *pevent) (int, float64) {
	if e.kind != shot.Touch || e.a < 0 || e.a >= len(k.tracks) || e.still != e.a {
		return -1, 0
	}
	tc, by := k.nextContact(e)
	tr := &k.tracks[e.a]
	if by < 0 || tr.ball < 0 {
		return -1, 0
	}
	n := 0
	for _, s := range tr.slog {
		if s.t <= e.t || s.t >= tc-k.dt/2 {
			continue
		}
		n++
		if s.p.Dist(e.stillAt) > touchHome {
			return -1, 0
		}
	}
	if n == 0 {
		return -1, 0
	}
	return by, tc
}

// touchMetDoubt says why a touch dropped by dropHomeTouches is in doubt, or
// "", with the reading with it.
func (k *Tracker) touchMetDoubt(rec *shot.Shot) (string, []*shot.Shot) {
	e, ev, alt := k.droppedReading(rec, func(e *pevent) bool { return e.homeTouch })
	if e == nil {
		return "", nil
	}
	tc, by := k.nextContact(e)
	if by < 0 {
		return "", nil
	}
	why := fmt.Sprintf("ball %d read off its place %.2f s before ball %d met it, never seen to leave it: told untouched, or touched", ev.Ball, tc-e.t, k.tracks[by].ball)
	return why, []*shot.Shot{alt}
}

// nextContact returns the time of the first contact of touch e's track after
// it, and the track it met there (−1 none).
func (k *Tracker) nextContact(e *pevent) (float64, int) {
	tc, by := math.Inf(1), -1
	for j := range k.events {
		x := &k.events[j]
		if !x.cancel && x.kind == shot.Contact && (x.a == e.a || x.b == e.a) && x.t > e.t && x.t < tc {
			tc, by = x.t, x.a+x.b-e.a
		}
	}
	return tc, by
}
