package tracking

import (
	"fmt"
	"math"

	"github.com/cueref/cueref/table"
)

// A break sends the cue ball at ~10 m/s into the rack: its detections scatter
// about a straight line by about the cuePerpRMS limit, and cueDirection gives
// up. Yet the pairing of starts and breaks is at its least sure there (a head
// ball barely pushed is seen to start late, the cue ball's track may jump to
// another ball), so when the way cannot be fitted on a rack and its rough
// direction reaches another ball first, a person decides between the two
// (reviewFirst: the judge drops the doubt when both give the same ruling).

// rackNear (mm): a resting ball whose centre is within two radii and this of
// the ball told first is part of its rack (a rack's balls need not be frozen).
const rackNear = 6.0

// inRack reports whether track i rested at the stroke among at least two
// other resting balls it touches or nearly touches: a rack.
func (k *Tracker) inRack(i int) bool {
	p, ok := k.before[i]
	if !ok || k.movingAtStroke(i) {
		return false
	}
	n := 0
	for j, q := range k.before {
		if j != i && j != k.strikeTr && q.Dist(p) < 2*k.R+rackNear {
			n++
		}
	}
	return n >= 2
}

// rackDoubt is called when the cue ball's way to the contact told first
// (track told) could not be fitted. On a rack it takes the rough direction
// of the cue ball's detections before limit (their mean from its rest point)
// and, when some direction within three standard errors of it reaches a ball
// other than told first, raises the two-candidate review.
func (k *Tracker) rackDoubt(limit float64, told int) {
	if !k.inRack(told) {
		return
	}
	if k.reviewWhy != "" {
		k.reviewHid = true // (a doubt it might have raised stays unjudged)
		return
	}
	from := k.before[k.strikeTr]
	var use []table.Point
	var sum table.Point
	for _, s := range k.cueIn {
		if s.t >= limit {
			break
		}
		if v := s.p.Sub(from); v.Len() >= cueMinMove {
			use = append(use, v)
			sum = sum.Add(v)
		}
	}
	if len(use) < 3 || sum.Len() == 0 {
		return
	}
	u := sum.Scale(1 / sum.Len())
	var ss, aa float64
	for _, v := range use {
		h := v.X*u.Y - v.Y*u.X
		ss += h * h
		aa += v.Dot(u) * v.Dot(u)
	}
	d := 3*math.Sqrt(ss/float64(len(use))/aa) + cueAngleFloor
	for _, f := range [...]float64{0, -1, 1} {
		a := f * d
		w := table.Point{X: u.X*math.Cos(a) - u.Y*math.Sin(a), Y: u.X*math.Sin(a) + u.Y*math.Cos(a)}
		if b, _, _ := k.firstOnWay(w, told); b >= 0 && b != told {
			k.firstDoubt(b, told)
			return
		}
	}
}

// firstDoubt raises the review between tracks best and told as the cue
// ball's first contact; the judge may find both alike (judge.go).
func (k *Tracker) firstDoubt(best, told int) {
	if k.reviewWhy != "" {
		k.reviewHid = true
		return
	}
	if k.trace != nil {
		k.trace("%.4f firstByPath: track %d or track %d first, a person decides", k.lastT, best, told)
	}
	k.reviewWhy = fmt.Sprintf("two candidate first contacts: ball %d or ball %d (the cue ball's way cannot tell)", k.ballAtStroke(best), k.ballAtStroke(told))
	k.reviewFirst = [2]int{best + 1, told + 1}
}
