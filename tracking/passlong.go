package tracking

import (
	"math"

	"github.com/cueref/cueref/shot"
)

// Long looks at close passes of two moving balls.
//
// judgeMoving fits each ball's way into and out of a close pass to passFit
// detections at most: at 60 fps each ball's change of velocity is then known
// to about 33 mm/s, and the push along the line of centres must pass 80 mm/s
// or so. A glancing contact of two moving balls (a thin cut of a slow ball, a
// ball rolling into another's side) changes each velocity by 50–150 mm/s:
// most went untold (bench, no-render seed 1: about 30 of the 100 observable
// contacts missed outside breaks, with a close pass judged false; the long
// look tells 10 of them, and 12 on seed 2, with no new false contact). The paths
// either side of such a contact mostly run straight for far longer, and a
// straight fit's velocity error falls as n^-3/2: on passLongSpan of
// detections each side (15 at 60 fps) it is about 13 mm/s. So a pass the
// first look turned down is looked at again once those detections are in,
// with the same gates in standard errors of the fits. Over that span the
// rolling resistance slows a ball by 25 mm/s, as much as the error, which a
// straight fit reads as a change at the pass: the long look's paths carry
// it (fitAccel).

// Settings of the long look.
const (
	// passLongSpan (s) is the span of detections the long look fits each side
	// of the pass (at least passFit detections).
	passLongSpan = 0.25
	// passLongMinDV (mm/s) is the least change of velocity the long look
	// takes from a ball (passMinDV for the first look).
	passLongMinDV = 40.0
)

// passLongFit is how many detections the long look fits each side of a pass.
func (k *Tracker) passLongFit() int {
	return max(passFit, int(math.Round(passLongSpan/k.dt)))
}

// longLook reports whether a close pass the first look did not tell a contact
// of is worth a long look: at the frame rate the long look fits more
// detections (not at 30 fps).
func (k *Tracker) longLook() bool {
	return k.passLongFit() > passFit
}

// judgeLong gives close pass p the long look once its detections are in (or
// the shot ends); it reports whether p is done with.
func (k *Tracker) judgeLong(p *pass, final bool) bool {
	fit := k.passLongFit()
	if k.lastT-p.t < (float64(fit)+0.5)*k.dt && !final {
		return false
	}
	// A contact of the pair told within the span is this one, told from the
	// paths' changes (its time may be off: the paths of a slow, glancing
	// contact say little of it), or one next to it whose change would stand in
	// the long fits: either way not a new one.
	if !k.contactTold(p.a, p.b, p.t, passLongSpan) {
		// Each way in from the ball's last told event on: over the long
		// span it may hold that event's change (a contact of the pair told
		// a few frames before the pass, the balls still close).
		k.judgeMovingFrom(p, true, fit)
	}
	return true
}

// nextBend returns the time just before the first event told of track i after
// t (a cushion hit or a contact): its path runs straight up to there (+Inf:
// none).
func (k *Tracker) nextBend(i int, t float64) float64 {
	next := math.Inf(1)
	for j := range k.events {
		e := &k.events[j]
		if e.cancel || e.t <= t || e.kind != shot.Contact && e.kind != shot.RailHit {
			continue
		}
		if e.a == i || e.kind == shot.Contact && e.b == i {
			next = math.Min(next, e.t-0.5*k.dt)
		}
	}
	return next
}

// passFitter returns the fit of the paths either side of a pass: straight for
// the first look, slowing by the rolling resistance for the long look.
func passFitter(fit int) func([]sample) path {
	if fit > passFit {
		return func(s []sample) path { return fitAccel(s, -rollDecel) }
	}
	return fitLine
}

// longRetime times a close pass's contact again from the long look's paths
// in (pa, pb) and out (qa, qb), near tc (the first look's time, from shorter
// ways in: a slow, glancing contact closes at tens of mm/s, so a millimetre
// off in the gap is tens of ms off in time; and when the short ways in never
// reached touching distance, tc is their closest approach, after the
// contact). At the contact each ball is where its way in and its way out put
// it: before it the ways in are farther apart than the ways out (which,
// followed back, run into each other), after it nearer. So the contact is
// where the two gaps cross, at touching distance; ok is false when they do
// not cross from tc − 4 frames to tc + 2, cross well apart (two balls passing
// clear, their ways in and out alike), or cross at tc.
func (k *Tracker) longRetime(pa, pb, qa, qb *path, tc float64) (float64, bool) {
	f := func(t float64) float64 { return pa.at(t).Dist(pb.at(t)) - qa.at(t).Dist(qb.at(t)) }
	lo, hi := tc-4*k.dt, tc+2*k.dt
	if f(lo) <= 0 {
		return tc, false
	}
	for t := lo + gridStep; t <= hi; t += gridStep {
		if f(t) > 0 {
			continue
		}
		a, b := t-gridStep, t
		for b-a > 1e-5 {
			if m := (a + b) / 2; f(m) > 0 {
				a = m
			} else {
				b = m
			}
		}
		t2 := (a + b) / 2
		if math.Abs(pa.at(t2).Dist(pb.at(t2))-2*k.R) > 2*k.cfg.SigmaMoving+2 {
			return tc, false // the paths cross apart: not at a contact
		}
		return t2, math.Abs(t2-tc) >= 1e-3
	}
	return tc, false
}
