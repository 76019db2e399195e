package tracking

import (
	"math"

	"github.com/cueref/cueref/shot"
	"github.com/cueref/cueref/table"
)

// Two contacts of the cue ball told within a few milliseconds of each other
// raise the review "two candidate first contacts" (events.go, review): at
// 60 fps their times are fitted to a frame's detections or less, and a few
// milliseconds is within their error. But the balls rested at the stroke, and
// the cue ball came to them along a straight way the camera saw: a ball at
// rest cannot move out of its way, so when that way reaches the ball told
// first and reaches the other clearly later, or never, the order is not in
// doubt whatever the times say (the same evidence firstByPath, firstpath.go,
// uses to change a first contact; here it confirms one).
//
// Rendered bench, 10-ball seed 26 shot 0 (the break): the cue ball met the 1
// at the apex 131.8 ms after the stroke and no other ball; yet a contact of
// it with the 2, in the rack's second row behind the 1, was told 3.3 ms after
// its contact with the 1: asked. The cue ball's way, fitted to its 7
// detections before the contact told (±0.0068 rad), reaches the 1 1258 mm
// from its rest point and the 2 at 1380 mm or not at all. Over seeds 25–39
// this doubt was asked 15 times, needlessly each time; 13 of them, all breaks
// like this one (the second-row ball 47 mm or more along the way behind the
// apex ball, or off it), are settled so. Where the way's directions within
// its uncertainty reach the two balls within a few millimetres of each other,
// or the other ball first (9-ball seed 25 shot 29: the 5 met 2 ms after the
// 4, 4.5 mm further along the way, and first at one side of the way's
// uncertainty), or the other ball did not rest at the stroke, a person is
// still asked.

// pairWayMargin (mm): along every direction of the cue ball's way within its
// uncertainty, the ball told second must be reached this much later than the
// ball told first for the way to order them (the rest points are good to a
// few millimetres: frozenpair.go; the cue ball's to the same: wayVerdict's
// toldLineMargin).
const pairWayMargin = toldLineMargin

// wayOrdersPair reports whether the cue ball's straight way from its rest
// point, fitted to its detections before t1 (the contact told first), shows
// it met track o1 before track o2: both rested at the stroke and, along
// every direction within the way's uncertainty, o1 is the first ball at rest
// reached and o2 is reached pairWayMargin later or never.
func (k *Tracker) wayOrdersPair(o1, o2 int, t1 float64) bool {
	way, ok := k.straightTo(o1, o2, t1)
	if !ok {
		return false
	}
	for _, f := range [...]float64{-1, -0.5, 0, 0.5, 1} {
		a := f * way.delta
		u := table.Point{X: way.u.X*math.Cos(a) - way.u.Y*math.Sin(a), Y: way.u.X*math.Sin(a) + way.u.Y*math.Cos(a)}
		b, s, _ := k.firstOnWay(u, o1)
		if s2 := k.reachOnWay(u, o2); b != o1 || s2-s < pairWayMargin {
			if k.trace != nil {
				k.trace("%.4f pairWay: track %d and track %d not ordered by the cue ball's way (at %+.4f rad: track %d first at %.0f mm, track %d at %.0f mm)", k.lastT, o1, o2, a, b, s, o2, s2)
			}
			return false
		}
	}
	if k.trace != nil {
		k.trace("%.4f pairWay: the cue ball's way (±%.4f rad) reaches track %d at %.0f mm, track %d at %.0f mm (clearly later, or never): track %d first", k.lastT, way.delta, o1, k.reachOnWay(way.u, o1), o2, k.reachOnWay(way.u, o2), o1)
	}
	return true
}

// straightTo returns the cue ball's straight way from its rest point, fitted
// to its detections before t1, when tracks o1 and o2 both rested at the
// stroke and the cue ball met no cushion up to t1 (off a cushion first, its
// way was not straight to them).
func (k *Tracker) straightTo(o1, o2 int, t1 float64) (cueWay, bool) {
	cue := k.strikeTr
	if _, ok := k.before[cue]; !ok {
		return cueWay{}, false
	}
	for _, o := range [...]int{o1, o2} {
		if _, ok := k.before[o]; !ok || o == cue || k.movingAtStroke(o) {
			return cueWay{}, false
		}
	}
	for i := range k.events {
		if e := &k.events[i]; e.kind == shot.RailHit && !e.cancel && e.a == cue && e.t <= t1 {
			return cueWay{}, false
		}
	}
	return k.cueDirection(t1-0.5*k.dt, math.Inf(1))
}
