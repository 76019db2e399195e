package tracking

// Two checks of the cushion tests that weigh what a ball can do between
// events: it curves only while it slides (rolledSure), and it does not come
// back to a cushion it has just left (railAgain).

import (
	"math"

	"github.com/cueref/cueref/shot"
	"github.com/cueref/cueref/table"
)

// rolledSure reports whether slow hit th on rail of track i, moving at about
// v mm/s, stands out of detections x (distances g) once the part of them
// where the ball may still slide is left out: after its slide ends
// (slideEnd) a ball rolls straight, and its distance to the cushion curves by
// no more than rolling allows (rollShare), so the smooth paths without a hit
// are held to that. Over the whole of x, a slide that ends a tenth of a
// second into it lets them curve as a sliding ball's does from end to end,
// and a glancing hit at speed (its detections noisy) is not made sure of. s2
// is the noise's variance of the V's fit over x.
func (k *Tracker) rolledSure(i int, x []sample, g func(table.Point) float64, rail table.Rail, th, v, s2 float64) bool {
	from := k.slideEnd(i, x[0].t, v) + 0.05
	lo := 0
	for lo < len(x) && x[lo].t < from {
		lo++
	}
	y := x[lo:]
	nb := 0
	for nb < len(y) && y[nb].t < th {
		nb++
	}
	if nb < slowSide || len(y)-nb < slowSide {
		return false
	}
	n := railOut(rail)
	cb := rollBound / 2 * k.rollShare(y[:nb], n)
	ca := rollBound / 2 * k.rollShare(y[nb:], n)
	rssV, _ := pinnedVee(y, g, th, cb, ca)
	return boundedQuadRSS(y, g, rollBound*k.rollShare(y, n))-rssV >= slowK*s2
}

// railAgain reports whether track i met cushion rail less than railAgainWin
// before t, with no contact or other cushion of its since. A ball leaves a
// cushion moving away from it (the cushion gives back a share of its speed
// into it, and the cloth leaves it at least a sixth or so, see minRebound):
// only a contact, another cushion, or a rare spin can bring it back. A
// path that then bends within railSlack of the same cushion, short of its
// line, is the noise of the detections off it, at speed or by the cushion
// (the detector's centres there jump by a centimetre or more), not a second
// hit.
func (k *Tracker) railAgain(i int, rail table.Rail, t float64) bool {
	last := math.Inf(-1)
	for j := range k.events {
		if e := &k.events[j]; !e.cancel && e.kind == shot.RailHit && e.a == i && e.rail == rail && e.t < t {
			last = math.Max(last, e.t)
		}
	}
	if math.IsInf(last, -1) || t-last >= railAgainWin {
		return false
	}
	for j := range k.events {
		e := &k.events[j]
		if e.cancel || e.t <= last || e.t >= t {
			continue
		}
		if e.kind == shot.RailHit && e.a == i || e.kind == shot.Contact && (e.a == i || e.b == i) {
			return false // something else happened to it in between
		}
	}
	return true
}

// railAgainWin (s): see railAgain. A ball running along a cushion a
// centimetre or so off it, its detections jumping, was told hitting it again
// every few tenths of a second (rendered bench, 8-ball seed 1); a true second
// hit of the same cushion reaches its line.
const railAgainWin = 1.0
