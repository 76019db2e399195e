package tracking

import (
	"math"

	"github.com/cueref/cueref/shot"
	"github.com/cueref/cueref/table"
)

// A ball resting frozen to the cue ball is pushed by the stroke only when the
// cue ball is driven into it: the push acts along the line of centres, and the
// cue ball keeps at most a small share of its speed along that line, never
// against it. A ball that rests behind the cue ball (the cue stick's side) is
// not touched, yet it may seem to start with the stroke: the stick, its tip
// and the hand pass over it and hide part of it, and the detector's centre
// moves off toward the part still seen, for as long as the stick is over it
// (rendered bench, 9-ball seed 6 shot 17: ball 7 rested 4.6 mm from the cue
// ball, right behind it; for half a second it was mostly missed and, when
// seen, read 19 mm away from the cue ball, then back where it rested;
// frozenStart told a first contact with it, and without that the pairing's
// fallbacks (nearestMover) would have, while the cue ball went the other way
// to hit ball 1). The cue ball's own first detections tell which way it went.

// cueAwayMin (mm): a detection of the cue ball this far or more behind its
// rest point, along the line of centres to the ball, went away from it; well
// beyond the noise of a moving ball's detection (Config.SigmaMoving) and of
// the rest point, and never reached by a cue ball that pushed the ball (it
// keeps no speed against the line of centres).
const cueAwayMin = 10.0

// cueWentAway reports whether the cue ball, resting at from before the stroke,
// was seen going away from a ball resting at q: each of its detections since
// the stroke, up to frozenCueFrames after it, that moved off its rest point
// (cueMinMove) lies cueAwayMin or more behind it along the line of centres
// from→q, and there is at least one.
func (k *Tracker) cueWentAway(from, q table.Point) bool {
	n := q.Sub(from)
	if n.Len() == 0 {
		return false
	}
	n = n.Scale(1 / n.Len())
	seen := 0
	// (From the stroke's own frame: a stroke timed at the first read off
	// the rest point, late, still has that read. Camera model at 30 fps,
	// seed 4, 14.1 shot 65: the cue ball met the 13 6 ms after the stroke
	// and the foot cushion 6 ms later; from the next frame on it was read
	// coming back off the cushion, away from the 13, and the 13's start was
	// told a touch, a foul on a legal pot, unasked.)
	for _, s := range k.samplesOf(k.strikeTr, k.strikeT-k.dt/2, k.strikeT+frozenCueFrames*k.dt) {
		v := s.p.Sub(from)
		if v.Len() < cueMinMove {
			continue
		}
		if v.Dot(n) > -cueAwayMin {
			return false
		}
		if tau := s.t - k.strikeT; seen == 0 && -v.Dot(n) < cueAwayMin+0.5*drawAccel*tau*tau {
			// Its first read away from the ball is no further than a
			// draw off it could have brought it back by then.
			return false
		}
		seen++
	}
	return seen > 0
}

// drawAccel (mm/s²): the most a cue ball that hit a ball frozen or nearly so
// to it can be drawn back by its spin (sliding friction, about 0.2 g, with
// room to spare). A cue ball struck away from a ball is first seen that far
// behind its rest at once; one drawn back off it, only as fast as this (30
// fps, seed 2, 14.1 shot 230: the cue ball 3 mm from ball 3, drawn back off
// it, was read behind its rest from the second frame on, and the contact
// was taken for a stroke away from it).
const drawAccel = 5000.0

// behindGap (mm): how far apart, beyond touching, a ball that starts with the
// stroke may rest from the cue ball to be checked by behindStroke: as far as
// the fallbacks of pair (nearbyMover) give a start to a ball seen near it.
const behindGap = 40.0

// behindStroke explains start ci, at the stroke, of a ball resting near the
// cue ball that the cue ball went away from (see above): the cue ball did not
// hit it, so no contact is paired for it; it is told as a touch that ends the
// shot dropped if the ball is back at its rest point then (a detector's
// centre pulled off by the stick), and stands otherwise (the stick or the
// hand did move it). It reports whether it did.
func (k *Tracker) behindStroke(ci int) bool {
	c := &k.chg[ci]
	cue := k.strikeTr
	from, ok := k.before[cue]
	if k.phase != inShot || c.done || !c.start || c.tr == cue || c.partner >= 0 || !ok ||
		math.Abs(c.t-k.strikeT) > frozenCueFrames*k.dt || c.in.a.Dist(from) > 2*k.R+behindGap ||
		!k.cueWentAway(from, c.in.a) || k.drivenAway(c, from) {
		return false
	}
	if k.trace != nil {
		k.trace("%.4f behind the stroke: track %d ball %d started with it, the cue ball went away from it", k.lastT, c.tr, k.tracks[c.tr].ball)
	}
	c.done = true
	k.tracks[c.tr].moved = true
	k.addEvent(pevent{t: c.t, kind: shot.Touch, a: c.tr, unseen: c.gap, still: c.tr, stillAt: c.in.a})
	return true
}

// drivenAway reports whether the ball of start c, near the cue ball resting
// at from, was read behindFar or more off its rest point away from the cue
// ball, along their line of centres, within frozenCueFrames of the stroke.
// A detector's centre pulled off by the stick over the ball moves at most
// about a radius, and the stick, going forward, pushes a ball it touches
// towards the cue ball's way, not back; only the cue ball drives a ball away
// from itself, and it came back off that ball (off a cushion behind it, or
// drawn). Camera model at 30 fps, seed 37, 14.1 shot 57: the cue ball, 20 mm
// off the foot cushion, met the 4 resting 10 mm from it and the cushion in
// the same 6 ms, and went back into the 15; the 4, read 51 mm on a frame
// later, was told touched: a foul on a legal pot, unasked (TestDrivenAway).
func (k *Tracker) drivenAway(c *change, from table.Point) bool {
	n := c.in.a.Sub(from)
	if n.Len() == 0 {
		return false
	}
	n = n.Scale(1 / n.Len())
	for _, s := range k.samplesOf(c.tr, k.strikeT, k.strikeT+frozenCueFrames*k.dt) {
		if s.p.Sub(c.in.a).Dot(n) >= behindFar {
			return true
		}
	}
	return false
}

// behindFar (mm): see drivenAway; a radius and a quarter.
const behindFar = 36.0
