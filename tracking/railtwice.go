package tracking

import (
	"math"

	"github.com/cueref/cueref/shot"
	"github.com/cueref/cueref/table"
)

// One cushion hit told twice. In rendered frames a ball's detections around a
// bounce jump (the cushion's lip hides part of it in perspective, its shadow
// merges with the nose), and the tracker cuts its path more than once there:
// each cut is explained by the same cushion, by different tests (a crossing of
// the path, a V in its distance to the cushion, a contact's model), 50–200 ms
// apart, beyond the 50 ms that addEvent takes for one event. On rendered seeds
// 15–17 (60 fps) these were the largest family of false rails: 17 of 58 (the
// bench's "twice", e.g. 14.1 seed 16 shot 48: ball 8 told on the left cushion
// at 387.213 from a path that stopped short of it, then again at 387.282 when
// the next cut showed the true bounce at 387.263).
//
// A cushion sends a ball back off it: to meet the same cushion again it must
// be turned by a contact or another cushion (or a strong spin, over a longer
// time). In the simulator's truth of seeds 15–17, a ball met the same cushion
// twice within 0.35 s with nothing in between only in a pocket's jaws (a
// rattle: the jaw's facing and the nose beside it), and once 8 ms apart on a
// break (which addEvent merges already). So two hits of one track on one
// cushion less than railTwiceWin apart, with no contact and no other cushion
// of the track in between, away from the pockets' jaws, are one. The later
// one is dropped, unless the detections between them still close on the
// cushion (stillInto): the earlier came before the bounce (a misread towards
// the cushion, or a path cut a frame or two early), and the later shows it.
// On seeds 15–17 this took away 9 of the 17 "twice" false rails and 2 more
// (the bench put them under "timing" and "elsewhere"), with no true hit lost;
// of the 8 left, 3 are by the jaws, 4 have a contact of the ball told between
// the two tellings, and 1 has them 0.29 s apart. The window was 0.25 s; at
// 0.35 s, the truth's own bound, it took away 11 more false rails on rendered
// seeds 64-77 (tellings 0.25-0.35 s apart: a slow ball's reads wobbling along
// the cushion it left), 2 on the default bench and 3 on the camera-model
// seeds 1-8, with no true hit lost on any of them.
const railTwiceWin = 0.35

// railShortWin (s): beyond railTwiceWin, and up to this, the earlier of two
// hits of one cushion is dropped when it was told from a path that only came
// within railSlack of the cushion line (pevent.short) and the ball's
// detections after it, railShortReads or more, still close on that cushion:
// a ball that met a cushion leaves it. Rendered seed 66, 14.1 shot 8: the 10,
// slowing from 240 to 40 mm/s at a slant to the foot cushion, came within the
// slack of its line 0.39 s before it met it; its reads kept closing on it.
// A contact of the ball told within railShortMet (s) before the earlier hit
// keeps it (metNear).
const (
	railShortWin   = 1.0
	railShortReads = 6
	railShortMet   = 0.1
)

// railTwiceJaw (mm): hits this near a pocket's mouth (beyond its jaw points)
// are left alone: a ball rattling in the jaws meets the same rail twice. The
// truth's double hits all lay in the mouths, on the jaws' facings; the told
// point of a hit may be off by twice the position error of a ball at speed
// (mouthMargin).
const railTwiceJaw = 2 * mouthMargin

// dropRailTwice cancels the second telling of a cushion hit (see above).
func (k *Tracker) dropRailTwice() {
	for i := range k.events {
		x := &k.events[i]
		if x.cancel || x.kind != shot.RailHit || k.byJaws(x) {
			continue
		}
		for j := range k.events {
			e := &k.events[j]
			if j == i || e.cancel || e.kind != shot.RailHit || e.a != x.a || e.rail != x.rail || e.t < x.t || e.t-x.t >= railShortWin || k.byJaws(e) {
				continue
			}
			late := e.t-x.t >= railTwiceWin // only a short hit still closed on after it
			if late && !(x.short && !k.metNear(x, e) && k.closingBetween(x, e)) {
				continue
			}
			if e.t == x.t && j < i {
				continue // the same instant: the first told is x
			}
			if k.turnedBetween(x, e) {
				continue
			}
			drop, keep := e, x
			if late || k.stillInto(x, e) {
				drop, keep = x, e
			}
			if k.trace != nil {
				k.trace("%.4f rail of track %d %s at %.4f dropped: the hit at %.4f told again", k.lastT, drop.a, drop.rail, drop.t, keep.t)
			}
			drop.cancel = true
			if drop == x {
				break
			}
		}
	}
}

// stillInto reports whether the earlier of two tellings x and e of one hit
// came before the bounce. If x's path stopped short of the cushion line
// (pevent.short) and e's reached it, it did: x was found at a cut a frame or
// two before the bounce (the detections there, the ball half under the
// cushion's lip, may not show it closing). Otherwise, it did if the
// detections between them still close on the cushion, by more than their
// noise; the later one then shows the bounce.
func (k *Tracker) stillInto(x, e *pevent) bool {
	w := k.readsBetween(x, e)
	if x.short && !e.short || len(w) < 3 {
		return x.short && !e.short
	}
	return k.closesOn(w, x.rail)
}

// closesOn reports whether detections w close on rail by more than their
// noise: a straight line through them (one misread near the cushion, which
// may have made a telling, does not turn it).
func (k *Tracker) closesOn(w []sample, rail table.Rail) bool {
	sl, _ := slope(w, func(p table.Point) float64 { return k.tab.RailDistance(p, rail) })
	return sl*(w[len(w)-1].t-w[0].t) < -2*k.cfg.SigmaMoving
}

// closingBetween reports whether the detections of rail event x's track
// between x and e (at least railShortReads of them) still close on x's
// cushion.
func (k *Tracker) closingBetween(x, e *pevent) bool {
	w := k.readsBetween(x, e)
	return len(w) >= railShortReads && k.closesOn(w, x.rail)
}

// readsBetween is the detections of event x's track after x up to event e.
func (k *Tracker) readsBetween(x, e *pevent) []sample {
	var w []sample
	for _, s := range k.tracks[x.a].slog {
		if s.t > x.t && s.t <= e.t {
			w = append(w, s)
		}
	}
	return w
}

// metNear reports whether rail event x's track has a contact told from
// railShortMet before x to e: one told a little early may have been the one
// that turned the ball back to the cushion (camera model, seed 8, 9-ball shot
// 185: the cue ball met the foot cushion and the 9 10 ms apart, the contact
// told first, and crawled back into the cushion 0.6 s later).
func (k *Tracker) metNear(x, e *pevent) bool {
	for j := range k.events {
		o := &k.events[j]
		if !o.cancel && o.kind == shot.Contact && (o.a == x.a || o.b == x.a) && o.t >= x.t-railShortMet && o.t <= e.t {
			return true
		}
	}
	return false
}

// byJaws reports whether rail event e lies within railTwiceJaw of a pocket's
// mouth.
func (k *Tracker) byJaws(e *pevent) bool {
	if !e.hasAt {
		return true // nowhere to judge by
	}
	pk, d := k.tab.NearestPocket(e.at)
	return d < math.Max(pk.Jaws[0].Dist(pk.Center), pk.Jaws[1].Dist(pk.Center))+railTwiceJaw
}

// turnedBetween reports whether something could have turned x's ball back
// to its cushion between rail events x and e: a contact of its track or a
// hit of another cushion.
func (k *Tracker) turnedBetween(x, e *pevent) bool {
	for j := range k.events {
		o := &k.events[j]
		if o.cancel || o == x || o == e || o.t < x.t || o.t > e.t {
			continue
		}
		switch o.kind {
		case shot.Contact:
			if o.a == x.a || o.b == x.a {
				return true
			}
		case shot.RailHit:
			if o.a == x.a && o.rail != x.rail {
				return true
			}
		case shot.Pocketed, shot.OffTable:
			if o.a == x.a {
				return true
			}
		}
	}
	return false
}
