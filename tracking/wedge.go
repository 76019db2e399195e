package tracking

import (
	"math"

	"github.com/cueref/cueref/table"
)

// Two contacts of the cue ball told within a few milliseconds are asked
// (review: two candidate first contacts, events.go), but their fitted times
// are not the only witness that they were: where they are met matters too.
// When the cue ball's straight way from its rest point reaches two balls at
// rest within wedgeMargin of each other, it touched both from one place, the
// second less than a millimetre or two of travel after the first, and at
// 60 fps no fitted time tells which of them it touched first: the camera's
// rest points and the way itself are good to a few millimetres only. So two
// such contacts told less than two frames apart are asked as the two
// candidate first contacts they are, whatever their times say (the judge
// still drops the doubt when either order gives the same ruling).
//
// Rendered bench, 8-ball seed 45 shot 22 (a safety, the shooter on the
// stripes): the cue ball ran at 0.7 m/s into the 8 mm gap between the 7 and
// the 14 and met the 7 1.3 ms before the 14, its centre 0.65 mm apart at the
// two contacts. The 7's contact was timed from its own way out, which began
// with a jumped read, 16 ms late; the 14 was told first and the shot ruled
// legal, unasked, where the 7 first is a wrong-ball foul. The cue ball's
// way reaches the two 0.3 mm apart.

// wedgeMargin (mm): a cue ball's way that reaches two balls at rest this
// near each other along it met them at once for the camera.
const wedgeMargin = 4.0

// wedgeKeep: a cue ball that met two balls at once came into the second at
// least this fraction of its speed into the first.
const wedgeKeep = 0.5

// cueSpeedInto returns the speed (mm/s) of track cue on its way into contact
// e, fitted to its detections before it; 0 when e has no such side.
func cueSpeedInto(e *pevent, cue int) float64 {
	for i := range e.sides {
		if x := &e.sides[i]; x.tr == cue && !x.rest {
			return x.in.vel(e.t).Len()
		}
	}
	return 0
}

// metAtOnce reports whether the cue ball met the balls of contacts e1 (told
// first) and e2 (told next) at once: both rested at the stroke, the two were
// told less than two frames apart, the cue ball came into the second as fast
// as into the first, give or take (wedgeKeep: one that lost most of its speed
// at the first crawled on into the second later, as told), it came straight
// (no cushion before e1), and its way, fitted to its detections before e1,
// within its uncertainty reaches the two within wedgeMargin of each other.
func (k *Tracker) metAtOnce(e1, e2 *pevent) bool {
	cue := k.strikeTr
	o1, o2 := e1.a+e1.b-cue, e2.a+e2.b-cue
	t1, t2 := e1.t, e2.t
	if t2-t1 >= 2*k.dt {
		return false
	}
	v1, v2 := cueSpeedInto(e1, cue), cueSpeedInto(e2, cue)
	if k.trace != nil {
		k.trace("%.4f wedge? tracks %d and %d told %.1f ms apart, the cue ball into them at %.0f and %.0f mm/s", k.lastT, o1, o2, (t2-t1)*1000, v1, v2)
	}
	if v1 <= 0 || v2 < wedgeKeep*v1 {
		return false
	}
	way, ok := k.straightTo(o1, o2, t1)
	if !ok {
		return false
	}
	at, s1, s2 := false, 0.0, 0.0
	var prev float64
	for j, f := range [...]float64{-1, -0.5, 0, 0.5, 1} {
		a := f * way.delta
		u := table.Point{X: way.u.X*math.Cos(a) - way.u.Y*math.Sin(a), Y: way.u.X*math.Sin(a) + way.u.Y*math.Cos(a)}
		s1, s2 = k.reachOnWay(u, o1), k.reachOnWay(u, o2)
		if math.IsInf(s1, 1) || math.IsInf(s2, 1) {
			continue
		}
		gap := s2 - s1
		if math.Abs(gap) < wedgeMargin || j > 0 && !math.IsInf(prev, 0) && gap*prev < 0 {
			at = true
			break
		}
		prev = gap
	}
	if at && k.trace != nil {
		k.trace("%.4f wedge: the cue ball's way (±%.4f rad) may reach track %d at %.1f mm and track %d at %.1f mm: met at once (told %.1f ms apart)", k.lastT, way.delta, o1, s1, o2, s2, (t2-t1)*1000)
	}
	return at
}
