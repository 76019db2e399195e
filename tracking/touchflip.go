package tracking

import (
	"fmt"
	"math"

	"github.com/cueref/cueref/shot"
)

// Two ways a ball at rest seems to start with nothing to explain it, told as
// a touch (a foul, rule 1.19) although no one touched it:
//
//   - its detector's centre for it was off for as long as it rested (pulled
//     toward a ball resting a few millimetres from it, or onto an arm or its
//     shadow), and was read now and then at the true place; when the cause
//     goes (the neighbour is struck away, the arm is lifted) the centre moves
//     back for good, in one frame, with no way made between (rendered bench,
//     14.1 seed 14 shot 3: ball 5 frozen to the head cushion, read 18 mm off
//     it toward the cue ball resting 15 mm from it, and at its true place the
//     frames before the cue ball was struck away from it; 10-ball seed 13
//     shot 9: ball 6's track taken 24 mm off by a stray detection between
//     shots, the ball itself read now and then where it stood, until the
//     track went back there after the stroke). A ball truly touched makes its
//     way over frames, and is not read where it ends before it leaves.
//     dropFlipTouch drops such a touch once the ball rests again.
//   - its rest point is a few frames old: the track was picked up again
//     (return) at a place where a moving ball was seen, and that ball went on
//     (rendered bench, 8-ball seed 13 shot 15, a break: ball 6's track, lost
//     in the rack, returned 1.5 m away on another ball's detection, which
//     went on a frame later). A ball rests longer than that before a hand can
//     reach it; shortRest makes the touch a weak one (a review, when it
//     changes the call).

// flipLook (s): how far before a touch the ball's detections at rest are
// looked through for reads where it ends (the track keeps about a second).
const flipLook = 1.0

// flipSeen: how many of them, read nearer where it ends than where it rested,
// show the detector's centre was flipping between the two places.
const flipSeen = 2

// dropFlipTouch cancels the touches of track i, which has just come to rest,
// that were no more than its detections flipping from a wrong rest point to
// the true one (see above): flipSeen of them, in the flipLook before the touch
// and while it rested, lay nearer to where it rests now than to where it
// rested, and none since lay further than stayPutRoam from where it rests
// now, with no contact of it in between.
func (k *Tracker) dropFlipTouch(i int) {
	tr := &k.tracks[i]
	if i == k.strikeTr || len(tr.slog) >= shotLogMax {
		return
	}
	thr := math.Max(4*k.cfg.Sigma, 4.5) // as update's rest test
	for j := range k.events {
		e := &k.events[j]
		if e.cancel || e.kind != shot.Touch || e.a != i || e.still != i || tr.rest.Dist(e.stillAt) <= thr {
			continue
		}
		n := 0
		var buf [len(track{}.hist)]sample
		for _, s := range k.histAround(i, e.t-flipLook, e.t-k.dt/2, buf[:]) {
			if s.p.Dist(e.stillAt) > thr && s.p.Dist(tr.rest) < s.p.Dist(e.stillAt) {
				n++
			}
		}
		if n < flipSeen || !k.stayedSince(i, e.t, tr.rest) {
			continue
		}
		if k.trace != nil {
			k.trace("%.4f touch of track %d ball %d at %.4f dropped: %d reads where it rests now came before it left (%.0f mm)", k.lastT, i, tr.ball, e.t, n, tr.rest.Dist(e.stillAt))
		}
		e.cancel = true
	}
}

// shortRestT (s): a ball resting for less than this before it starts was not
// seen at rest long enough for its start to be a touch (see above).
const shortRestT = 0.1

// shortRest says why start c of a ball, unexplained, is too weak a sign of a
// touch when the ball had come to rest less than shortRestT before, or "".
func (k *Tracker) shortRest(c *change, name string) string {
	if d := c.t - k.tracks[c.tr].restT; d < shortRestT {
		return fmt.Sprintf("%s started %.2f s after it was seen at rest: it may not have stopped", name, math.Max(0, d))
	}
	return ""
}

// shortRestTouch raises, instead of telling a touch, a doubt about start c
// when its ball had not rested shortRestT before it (see shortRest), and
// reports whether it did. The one other reading is the record with the touch
// (restTouchReader); the doubt is asked only when that changes the call.
func (k *Tracker) shortRestTouch(c *change) bool {
	tr := &k.tracks[c.tr]
	name := fmt.Sprintf("ball %d", tr.ball)
	if tr.ball < 0 {
		name = "a ball"
	}
	why := k.shortRest(c, name)
	if why == "" {
		return false
	}
	k.raise(why, k.stillTouch(c.tr, tr.ball, restTouchReader(tr.ball, c.t-k.strikeT))) // stilltouch.go
	if k.trace != nil {
		k.trace("%.4f touch track %d ball %d not told: %s", k.lastT, c.tr, tr.ball, why)
	}
	return true
}

// restTouchReader gives the other reading of a touch of ball b at t (s after
// the stroke) not told (shortRestTouch): rec with the touch. A ball that was
// not on the table at the stroke (rec.Before) was not touched in the shot:
// its track came back on a detection that was not it (a pocketed ball's
// ghost), so the one other reading is rec itself. Nil (asked) when b is not
// known or another ball's name is in doubt (strayBall).
func restTouchReader(b int, t float64) func(*shot.Shot) []*shot.Shot {
	return func(rec *shot.Shot) []*shot.Shot {
		if b < 0 || strayBall(rec, b) {
			return nil
		}
		if _, ok := rec.Before[b]; !ok {
			return []*shot.Shot{clone(rec)}
		}
		return []*shot.Shot{withEvent(rec, shot.Event{T: max(t, 0), Kind: shot.Touch, Ball: b})}
	}
}
