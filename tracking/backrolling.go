package tracking

import (
	"math"

	"github.com/cueref/cueref/shot"
	"github.com/cueref/cueref/table"
)

// The cue ball lost from view while it rolled (an arm or a player over it,
// long enough for the tracker to give it up) ends its shot, asked of a
// person (doubt.go). When it comes back into view it is still rolling, and
// its first detections leave the place it came back at at once: a start
// from rest, a new stroke, to the tracker. That "shot" meets nothing and is
// ruled a no-contact foul on nothing. No-render seed 3, 14.1 at 1207.4 s:
// the cue ball, lost at 327 mm/s, came back 1.0 s later 272 mm on and
// "started" two frames after; seed 6, 14.1 at 1829.6 s, the same at
// 315 mm/s, 201 mm on after 0.67 s (on another track, one the cue ball had
// left when it was pocketed earlier). A stroke needs the cue ball at rest
// before it: a cue ball back in view within backRollFrames of its
// start, where the ball lost rolling could have rolled to by then, that met
// no ball and moved none, was never struck. Such a record is not sent
// (noStroke).

// lostRoll is where and when the cue ball was last seen before it was lost
// from view while rolling, and how fast it went.
type lostRoll struct {
	t float64 // 0: none
	p table.Point
	v float64 // mm/s
}

const (
	// backRollFrames: a cue ball back in view this few frames from its
	// start (which may be timed a little before it) was never seen at
	// rest.
	backRollFrames = 3
	// backRollSpan (s): how long after it was lost the rolling cue ball
	// may come back.
	backRollSpan = 2.0
	// backRollMin (mm/s): a ball lost slower than this was all but at rest.
	backRollMin = 50.0
	// backRollMargin (mm): the reach of the lost ball beyond its speed
	// times the time unseen (the noise of both reads, and of the speed).
	backRollMargin = 30.0
)

// noteLostRoll keeps where track tr, the cue ball lost from view while it
// moved, was last seen.
func (k *Tracker) noteLostRoll(tr *track) {
	if tr.ball != 0 {
		return
	}
	if v := tr.fit.vel(tr.last.t).Len(); v >= backRollMin {
		k.lostRoll = lostRoll{t: tr.last.t, p: tr.last.p, v: v}
	}
}

// backRolling returns why rec, a record of a stroke of ball that met nothing
// (hits: its contacts) and moved no other ball (rolling: none told moving),
// was no stroke: its cue ball came back into view rolling (see above); or "".
func (k *Tracker) backRolling(rec *shot.Shot, ball, hits int, rolling bool) string {
	i := k.strikeTr
	if ball != 0 || hits > 0 || rolling || i < 0 || i >= len(k.tracks) {
		return ""
	}
	tr, lr := &k.tracks[i], k.lostRoll
	if tr.backT == 0 || math.Abs(tr.backT-k.strikeT) > backRollFrames*k.dt {
		return ""
	}
	p, ok := rec.Before[ball]
	if !ok || lr.t == 0 || lr.t >= tr.backT || tr.backT-lr.t > backRollSpan || p.P().Dist(lr.p) > lr.v*(tr.backT-lr.t)+backRollMargin {
		return ""
	}
	still := k.noStrokeStill()
	for b, q := range rec.Before {
		if r, ok := rec.After[b]; b != ball && (!ok || q.P().Dist(r.P()) > still) {
			return ""
		}
	}
	return "the cue ball came back into view rolling, never at rest"
}
