package tracking

import (
	"fmt"
	"math"

	"github.com/cueref/cueref/shot"
	"github.com/cueref/cueref/table"
)

// Near misses: a ball rolling past a ball at rest, a few millimetres clear of
// it, can make the detector's centre for the resting ball jump towards it for
// a frame or two (their images meet: rendered bench, 10-ball seed 7 shot 31,
// a safety: the cue ball passed ball 4 16 mm clear, and ball 4 was read 15 mm
// towards it, twice, then back at its rest point). Two such reads start the
// ball, and the pairing takes the rolling ball for its cause: a contact is
// told, the cue ball's first, where the cue ball touched nothing (rule 1.16:
// the cue ball must hit a ball; the no_contact foul went uncalled and
// unflagged).
//
// The end of the shot says more. A ball at rest that was struck leaves its
// place (a touch thin enough to leave it where it was needs the other ball's
// edge within a fraction of a millimetre of it), so a ball that ends the shot
// where it rested, never read far from there, was touched only if the other
// ball truly came within touching distance of it. The other ball's detections
// tell that well enough (±SigmaMoving each, every frame): when they passed
// clear of the rest point by more than the noise of both, nothing touched the
// ball and the contact is dropped. When they came within that noise, the
// camera cannot tell a thin touch from a near miss: the contact is kept and the
// shot flagged, if the reading without it changes the ruling (missDoubt), but
// for a ball near a cushion or another ball, which may truly have been struck
// and come straight back to its place.

// hardMissShift (mm): a ball by a cushion met hard (metHard) that never left
// its place was passed clear, not touched, when it rests within this of where
// it rested before (its rest point is the mean of many reads: a standard error
// of one read is margin enough) and the other ball's detections never
// reached it. Struck into the cushion, a ball comes back off it to some
// millimetres from its place (rendered seed 35, 8-ball shot 52: the 2, met by
// the cue ball's reads 0.8 mm clear of touching, rests 3.8 mm from its
// place); passed clear, it rests where it was (seeds 69 and 71 above: 0.3 mm).
const hardMissShift = 1.5

// missWin (s): the span either side of the contact over which the other ball's
// detections are searched for its closest pass.
const missWin = 0.15

// missGap is the gap (mm) beyond touching that the other ball's detections
// must keep from the rest point for a miss to be told: three standard errors
// of both balls' detections.
func (k *Tracker) missGap() float64 { return 3 * (k.cfg.Sigma + k.cfg.SigmaMoving) }

// stillSide returns the track of contact e that was a ball at rest, and
// where it rested, when that ball ends the shot at rest there, none of its
// detections since came further than stayPutRoam from there (but lone stray
// ones), and it met no other ball since. Where it rested: the rest point its
// start in the contact left (for a ball that had moved earlier in the shot),
// else where it rested at the stroke (also for a contact told from a break of
// its path, the start's pairing having given way to it); ok is false when
// there is no such ball.
func (k *Tracker) stillSide(e *pevent) (i int, at table.Point, ok bool) {
	for _, i = range [2]int{e.a, e.b} {
		if i < 0 || i >= len(k.tracks) || i == k.strikeTr {
			continue
		}
		since := math.Inf(-1)
		at, ok = k.before[i]
		for s := range e.sides {
			if x := &e.sides[s]; x.tr == i && x.rest {
				at, ok, since = x.in.a, true, e.t-missWin
			}
		}
		tr := &k.tracks[i]
		if !ok || !tr.used || tr.gone || tr.moving || tr.rest.Dist(at) > 3*k.cfg.Sigma+1 || len(tr.slog) >= shotLogMax {
			continue
		}
		o := e.a + e.b - i
		other := false
		for j := range k.events {
			c := &k.events[j]
			if !c.cancel && c.kind == shot.Contact && (c.a == i || c.b == i) && c.a+c.b-i != o && c.t >= since {
				other = true
				break
			}
		}
		if other {
			continue
		}
		left := false
		for j, q := range tr.slog {
			if q.t >= since && q.p.Dist(at) > stayPutRoam && !k.loneStray(tr.slog, j, at, stayPutRoam) {
				left = true
				break
			}
		}
		if !left {
			return i, at, true
		}
	}
	return -1, at, false
}

// passGap returns the least gap (mm) beyond touching between track o's
// detections, joined frame to frame, and a ball resting at at, within missWin
// of time t; ok is false when o was not seen throughout (a frame or more
// missed twice in a row, or not seen on both sides of t).
func (k *Tracker) passGap(o int, at table.Point, t float64) (float64, bool) {
	if o < 0 || o >= len(k.tracks) {
		return 0, false
	}
	log := k.tracks[o].slog
	lo, hi := t-missWin, t+missWin
	d := math.Inf(1)
	var prev sample
	n := 0
	first, last := math.Inf(1), math.Inf(-1)
	for _, s := range log {
		if s.t < lo || s.t > hi {
			continue
		}
		if n > 0 {
			if s.t-prev.t > 2.5*k.dt {
				return 0, false
			}
			d = math.Min(d, s.p.Dist(at))
			if s.p != prev.p {
				sd, _ := segDist(at, prev.p, s.p) // jaws.go
				d = math.Min(d, sd)
			}
		} else {
			d = s.p.Dist(at)
		}
		first, last = math.Min(first, s.t), math.Max(last, s.t)
		prev = s
		n++
	}
	if n < 2 || first > t-k.dt || last < t+k.dt {
		return 0, false
	}
	return d - 2*k.R, true
}

// dropNearMisses cancels, as the shot ends, the contacts with a ball at rest
// that never left its place (stillSide) when the other ball's detections
// passed clear of it by more than missGap; and, kept as a doubt (hardMiss,
// missDoubt), those with a ball by a cushion met hard (metHard) that rests
// where it rested (hardMissShift) while the other ball's detections never
// reached it. Such a ball, struck, leaves its place; the contact was told
// from a bend of the other ball's noisy path beside it. Rendered seed 69, 14.1 shot 49 (stroke at 372.648 s): the cue
// ball at 5.5 m/s passed 11.5 mm clear of the 4, frozen to the foot cushion,
// and went on round the table into a pocket, a no_contact foul (rule 1.16)
// told as a contact with the 4; rendered seed 71, 9-ball shot 25: the cue
// ball at 2.2 m/s past the 2 by a cushion, its first contact the 7, a
// wrong_ball_first foul (rule 3.8) told legal. Both were asked with the
// contact told, and so was no-render seed 3, 10-ball shot 144: in each the
// contact was wrong.
func (k *Tracker) dropNearMisses() {
	k.stillContacts(func(e *pevent, st int, at table.Point, gap float64, seen bool) bool {
		shift := k.tracks[st].rest.Dist(at)
		if k.trace != nil {
			k.trace("%.4f near miss? contact %d-%d at %.4f: track %d never left (%.1f, %.1f), rests %.1f mm from there; the other passed %.1f mm clear (seen %v)", k.lastT, e.a, e.b, e.t, st, at.X, at.Y, shift, gap, seen)
		}
		switch {
		case seen && gap > k.missGap():
			e.cancel = true
		case seen && gap > 0 && shift <= hardMissShift && k.metHard(e, st) && k.tracks[e.a].ball >= 0 && k.tracks[e.b].ball >= 0:
			e.cancel, e.hardMiss, e.missTr = true, true, st
		}
		return true
	})
}

// stillContacts calls f, in order, for each contact standing with a ball at
// rest that never left its place (track st, rested at at), with how far clear
// of it the other ball's detections passed (passGap); f returns false to stop.
func (k *Tracker) stillContacts(f func(e *pevent, st int, at table.Point, gap float64, seen bool) bool) {
	for i := range k.events {
		e := &k.events[i]
		if e.cancel || e.kind != shot.Contact {
			continue
		}
		st, at, ok := k.stillSide(e)
		if !ok {
			continue
		}
		gap, seen := k.passGap(e.a+e.b-st, at, e.t)
		if !f(e, st, at, gap, seen) {
			return
		}
	}
}

// missDoubt says why a shot needs a person when a contact with a free ball at
// rest that never left its place (stillSide) is kept while the other ball
// passed within missGap of touching it: a thin touch or a near miss, which the
// camera cannot tell apart. alts is the reading without that contact. A ball
// that, struck, may have come back to its place (mayComeBack) is no doubt,
// unless it was met hard (metHard). A contact dropped as a hard near miss
// (dropNearMisses) is the doubt the other way round: alts has it.
func (k *Tracker) missDoubt(rec *shot.Shot) (string, []*shot.Shot) {
	var why string
	var alts []*shot.Shot
	k.stillContacts(func(e *pevent, st int, _ table.Point, gap float64, seen bool) bool {
		if seen && gap > k.missGap() {
			return true // dropped (dropNearMisses)
		}
		hard := k.metHard(e, st)
		if !hard && (k.mayComeBack(st) || !seen) {
			return true
		}
		a, b := k.tracks[e.a].ball, k.tracks[e.b].ball
		if a < 0 || b < 0 {
			return true
		}
		why = fmt.Sprintf("contact %d-%d may be a near miss: ball %d never left its place", a, b, k.tracks[st].ball)
		if hard {
			why = fmt.Sprintf("contact %d-%d at %.1f m/s may be a near miss: ball %d, by a cushion, never left its place", a, b, e.inSpeed/1000, k.tracks[st].ball)
		}
		alts = []*shot.Shot{withoutEvents(rec, func(x shot.Event) bool {
			return x.Kind == shot.Contact && names(x, a) && names(x, b)
		})}
		return false
	})
	if why != "" {
		return why, alts
	}
	if e, _, alt := k.droppedReading(rec, func(e *pevent) bool { return e.hardMiss }); e != nil {
		st := e.missTr
		why = fmt.Sprintf("ball %d, by a cushion, met at %.1f m/s by ball %d but never left its place: told a near miss, or a thin touch", k.tracks[st].ball, e.inSpeed/1000, k.tracks[e.a+e.b-st].ball)
		return why, []*shot.Shot{alt}
	}
	return "", nil
}

// metHard reports whether contact e met track st, a ball at rest by a cushion
// (but clear of other balls) that never left its place, at hardSpeed or
// faster. Such a ball, struck, is driven into the cushion and comes off it,
// or is pushed along it: it leaves its place for all to see, unless the touch
// was thin enough to be a near miss to the camera too. No-render seed 3,
// 10-ball shot 144 (stroke at 996.171 s): the cue ball, at 4.4 m/s, passed
// 6.8 mm clear of the 9, frozen to the foot cushion; its noisy path bent
// there and the bend was paired with the 9 (pairResting), a wrong-ball-first
// foul where the shot was legal, unflagged. Only a ball touching another is
// left out: a push through it into the other leaves it where it was (a
// rack).
func (k *Tracker) metHard(e *pevent, st int) bool {
	return e.inSpeed >= hardSpeed && k.mayComeBack(st) && k.ballGap(st) >= nearRail
}

// hardSpeed (mm/s): a ball met this fast leaves its place (metHard).
const hardSpeed = 1000.0

// mayComeBack reports whether track i, at rest, could be struck and be found
// where it rested at the end of the shot: frozen (backed), or within nearRail
// of a cushion or of another ball, off which it comes straight back (rendered
// bench, 14.1 seed 7 shot 29: ball 2, 13 mm off the left cushion, was driven
// into it by the cue ball, came back 0.6 mm from its rest point and was met
// by the cue ball again).
func (k *Tracker) mayComeBack(i int) bool {
	if k.backed(i) || k.ballGap(i) < nearRail {
		return true
	}
	_, gap := k.tab.NearestRail(k.tracks[i].rest)
	return gap < nearRail
}

// missDropped reports whether a contact with track st was dropped as a near
// miss though the other ball came within missGap (see dropNearMisses): its
// doubt is asked, and its bend is not told again as a hidden hit (hiddenPot).
func (k *Tracker) missDropped(st int) bool {
	for i := range k.events {
		if e := &k.events[i]; e.cancel && e.hardMiss && e.missTr == st {
			return true
		}
	}
	return false
}
