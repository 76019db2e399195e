package tracking

import (
	"math"

	"github.com/cueref/cueref/shot"
	"github.com/cueref/cueref/table"
)

// A fast ball lost at a cushion, and its way on. At 5-8 m/s the detector
// reads a ball in a frame or two out of five (its blur smears into the bed),
// and the few reads it gets just after a cushion come too far from where the
// ball's track, predicted on into the cushion, looks for them: they start
// tracks of their own, without a number, that the lost track's end does not
// hear of (carriedOn asks only for a read in the three frames after its last,
// on a track still seen). The lost track, heading into the cushion at jump
// speed, was told off the table (lostByRail), and the nameless track that took
// the ball on, rolling into a pocket, was then dropped as a phantom: the ball
// it held was accounted for, gone off the table (cueref bench --racks 2 --seed
// 12, 9ball shot 41: the cue ball struck at 7.5 m/s, lost 26 mm off the right
// cushion, read again 1.1 m back across the bed 0.13 s later on a new track
// that ran off the left cushion into the side pocket; called
// cue_ball_off_table, unflagged, for cue_ball_pocketed).
//
// The way a ball goes on off cushions is a straight line in the table unfolded
// about the cushion lines (each cushion a mirror): a track born soon after the
// ball was lost, whose birth point's mirror image lies on the lost ball's
// heading, as far along as its speed takes it in the time, is the ball going
// on. It takes the lost track's number, the lost track ends, and no off_table
// event is told; the cushion it hit on the way is told. A ball that goes over
// a cushion does not come back onto the bed (rule 1.23 of
// shared/seeds/pool-rules.ru.txt: one that does has not left the table).

// onwardWindow (s): how soon after the lost ball's last read the onward track
// must have been born. A ball lost at a cushion at jump speed covers a metre
// and more in a quarter second: later, its way is not known well enough.
const onwardWindow = 0.25

// onwardSpread: how far off the lost ball's heading (a fraction of the way
// along it, beyond a ball's diameter) the onward track may be born: about 11
// degrees. A cushion takes up to a third of the speed into it and side spin
// throws the ball off it, both turning it a few degrees off the mirror angle,
// and the heading is fitted to a few blurred reads (seed 12, 9ball shot 41:
// 7 degrees in all).
const onwardSpread = 0.2

// onwardSlow, onwardFast: the onward track's way, over the time since the
// lost ball's last read, as a speed, against the lost ball's speed then: a
// cushion and the cloth slow the ball; its blurred reads make its speed
// uncertain by a fifth or so either way.
const (
	onwardSlow = 0.35
	onwardFast = 1.3
)

// onwardBounces: at most this many cushions between the loss and the birth
// of the onward track.
const onwardBounces = 2

// carriedOff handles moving track i, lost from view for a while gap (mm)
// from a cushion, when the conditions of lostByRail hold (within 2R of the
// cushion, faster than a ball coming to rest there): a track without a number
// born soon after it was lost, on its way off the cushion (onwardOf), is the
// ball. The onward track takes its number, i ends, and the cushion hit is
// told. It reports whether it did. When more than one track fits, the best is
// taken and the shot is flagged for a person.
func (k *Tracker) carriedOff(i int, gap float64) bool {
	tr := &k.tracks[i]
	if k.phase != inShot || tr.ball < 0 || gap >= 2*k.R || tr.fit.vel(tr.last.t).Len() <= 500 {
		return false
	}
	best, n, hit, rail := k.onwardOf(i)
	if best < 0 {
		return false
	}
	o := &k.tracks[best]
	if k.trace != nil {
		k.trace("%.4f carried off the %s cushion: track %d (ball %d) lost at %v, track %d carries it from %v at %.4f (%d fit)", k.lastT, rail, i, tr.ball, tr.last.p, best, o.bornAt, o.born, n)
	}
	if n > 1 {
		k.doubts = append(k.doubts, doubt{lost: true, tr: best, t: tr.last.t, why: "a ball lost at a cushion could not be followed"})
	}
	for b := range o.votes {
		o.votes[b] += tr.votes[b]
	}
	o.ball = tr.ball
	o.moved = true
	tr.used = false
	tr.moving = false
	if !math.IsNaN(hit) && !k.railTold(i, best, rail, hit) {
		// Neither track saw the hit: it came between them.
		k.addEvent(pevent{t: hit, kind: shot.RailHit, a: best, rail: rail, at: railPoint(k.tab, tr.fit.at(hit), rail), hasAt: true})
	}
	return true
}

// onwardOf returns the track that best fits the way on of moving track i,
// lost by a cushion (see carriedOff), or −1; how many tracks fit; and, when
// the ball met a cushion on its way to the best one, the first such cushion
// and when it hit it (else NaN).
func (k *Tracker) onwardOf(i int) (best, n int, hit float64, rail table.Rail) {
	tr := &k.tracks[i]
	vel := tr.fit.vel(tr.last.t)
	v := vel.Len()
	u := vel.Scale(1 / v)
	best, hit = -1, math.NaN()
	bestErr := math.Inf(1)
	var bestImg table.Point
	for oi := range k.tracks {
		o := &k.tracks[oi]
		if oi == i || !o.used || !o.confirmed || o.ball >= 0 || !o.moved && !o.moving {
			continue
		}
		dt := o.born - tr.last.t
		if dt <= 0 || dt > onwardWindow || o.born < k.strikeT || k.namedOther(o, tr.ball) {
			continue
		}
		fit, e, img := k.onwardImage(tr.last.p, u, v, dt, o.bornAt)
		if !fit {
			continue
		}
		n++
		if e < bestErr {
			best, bestErr, bestImg = oi, e, img
		}
	}
	if best >= 0 {
		hit, rail = k.firstCushion(tr.last.p, u, v, bestImg)
		hit += tr.last.t
	}
	return best, n, hit, rail
}

// onwardImage reports whether p, where a track was born dt after a ball was
// last seen at from heading u (unit) at speed v, lies on the ball's way on in
// the unfolded table (at most onwardBounces cushions), with how far off that
// way it lies (1: at the edge of what fits) and its mirror image on the way.
func (k *Tracker) onwardImage(from, u table.Point, v, dt float64, p table.Point) (bool, float64, table.Point) {
	xs := mirrorImages(p.X, k.R, k.tab.L-k.R)
	ys := mirrorImages(p.Y, k.R, k.tab.W-k.R)
	ok, bestErr := false, math.Inf(1)
	var bestImg table.Point
	for _, x := range xs {
		for _, y := range ys {
			if x.bounces+y.bounces > onwardBounces {
				continue
			}
			img := table.Point{X: x.c, Y: y.c}
			d := img.Sub(from)
			along := d.Dot(u)
			if along <= 0 {
				continue
			}
			off := math.Abs(d.X*u.Y - d.Y*u.X)
			lim := 2*k.R + onwardSpread*along
			sp := along / dt / v
			if off > lim || sp < onwardSlow || sp > onwardFast {
				continue
			}
			// The speed ratio counts as far off as the heading when at
			// either end of what fits.
			e := math.Max(off/lim, math.Abs(math.Log(sp))/math.Log(onwardFast/onwardSlow)*2)
			if e < bestErr {
				ok, bestErr, bestImg = true, e, img
			}
		}
	}
	return ok, bestErr, bestImg
}

// mirrored is one image of a coordinate in the unfolded table, with the
// number of cushions its way there crosses.
type mirrored struct {
	c       float64
	bounces int
}

// mirrorImages returns the images of coordinate c of a ball's centre, which
// stays within [lo, hi], in the table unfolded about lo and hi up to two
// cushions either way.
func mirrorImages(c, lo, hi float64) [6]mirrored {
	s, d := hi-lo, c-lo
	return [6]mirrored{
		{lo - 2*s + d, 2}, {lo - 2*s - d, 3}, // past lo, then hi (and lo)
		{c, 0}, {lo - d, 1}, // straight on; off lo
		{lo + 2*s + d, 2}, {lo + 2*s - d, 1}, // off hi, then lo; off hi
	}
}

// firstCushion returns when (s after leaving from) and which cushion the ball
// leaving from heading u (unit) at speed v meets first on its straight way to
// img in the unfolded table; NaN when it meets none.
func (k *Tracker) firstCushion(from, u table.Point, v float64, img table.Point) (float64, table.Rail) {
	best, rail := math.Inf(1), table.Rail("")
	cross := func(a, b, lo, hi, du float64, low, high table.Rail) {
		// The way from a to b along one axis leaves [lo, hi] at lo or hi.
		switch {
		case b < lo && du < 0:
			if s := (lo - a) / du; s < best {
				best, rail = s, low
			}
		case b > hi && du > 0:
			if s := (hi - a) / du; s < best {
				best, rail = s, high
			}
		}
	}
	cross(from.X, img.X, k.R, k.tab.L-k.R, u.X, table.Head, table.Foot)
	cross(from.Y, img.Y, k.R, k.tab.W-k.R, u.Y, table.Left, table.Right)
	if math.IsInf(best, 1) {
		return math.NaN(), ""
	}
	return math.Max(0, best) / v, rail
}

// namedOther reports whether the detector named track o an object ball of the
// game, other than b, again and again (see phantomVotes): it is that ball.
func (k *Tracker) namedOther(o *track, b int) bool {
	for x := 1; x < 16; x++ {
		if x != b && k.inPlay[x] && o.votes[x] >= phantomVotes {
			return true
		}
	}
	return false
}

// railTold reports whether a cushion hit of track a or b on rail within 0.1 s
// of t is among the shot's events.
func (k *Tracker) railTold(a, b int, rail table.Rail, t float64) bool {
	for j := range k.events {
		e := &k.events[j]
		if !e.cancel && e.kind == shot.RailHit && (e.a == a || e.a == b) && e.rail == rail && math.Abs(e.t-t) < 0.1 {
			return true
		}
	}
	return false
}

// railPoint is where a ball whose centre is at p (clamped onto the bed)
// touches rail's cushion nose.
func railPoint(tab table.Table, p table.Point, rail table.Rail) table.Point {
	at := tab.Clamp(p)
	switch rail {
	case table.Head:
		at.X = 0
	case table.Foot:
		at.X = tab.L
	case table.Left:
		at.Y = 0
	case table.Right:
		at.Y = tab.W
	}
	return at
}

// onwardLate (s): how soon after a ball told off the table was last seen a
// track without a number, born then, may be that ball (see offHeld).
const onwardLate = 0.5

// offHeld reports whether track x, which holds its ball for phantom, does not
// hold it for track i: x went off the table in this shot, and i, without a
// number, was born moving just after x was last seen. i may be the ball going
// on, where carriedOff could not tell (its way fitted too loosely): its
// events, unidentified, then ask a person, rather than be dropped as a false
// detection's while the ball is called off the table unflagged.
func (k *Tracker) offHeld(x, i int) bool {
	xt, it := &k.tracks[x], &k.tracks[i]
	if k.phase != inShot || !xt.gone || xt.goneT < k.strikeT || it.ball >= 0 || !it.moved && !it.moving {
		return false
	}
	if it.born <= xt.last.t || it.born > xt.last.t+onwardLate {
		return false
	}
	return k.offTold(x)
}
