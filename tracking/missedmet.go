package tracking

import (
	"math"

	"github.com/cueref/cueref/table"
)

// The ball that began a missed stroke was met by the cue ball. missedStroke
// begins a shot the cue ball was not seen to strike, at the start of an
// object ball between shots while the cue ball, at rest a moment before, is
// nowhere to be seen. That start came before the shot did, and was never
// weighed as a shot's start is (explain): a ball passing close by at about
// that time is taken to have hit it. When the cue ball's own track passed
// within a diameter and a few centimetres of where that ball rested, within
// five frames of its start (its detections then, whatever paths they were
// fitted to since), the cue ball met it: the contact is told, unseen.
//
// Rendered 9-ball, seed 68, shot 7 (stroke 62.8955 s): the cue ball, struck
// at 8 m/s from the head end, was not followed for its first 0.24 s; a new
// track took it up 0.02 s before it met the 4, 2.1 m away, and passed 69 mm
// from the 4's place a frame before the 4 left it. The shot was begun at the
// 4's start with no contact told, the cue ball's first ball the 6 it met a
// second later: wrong_ball_first (asked) on a legal pot.
//
// When the cue ball's flight was not seen at all, its own track is left at its
// rest point and a new one takes it up after the contact, read as the cue
// ball (or named it already). Rendered 30 fps blue-cloth 9-ball breaks
// (cueref run's table): the cue ball, struck at 11 m/s, went 360 mm a frame
// and was first read coming back off the 1 (bench seed 7), or was named the
// cue ball on its new track before the break was begun (seed 14), where the
// 9 in the rack's middle started first. Of the starts the break set off, the
// one whose ball rested nearest that track's first reads was met by the cue
// ball, along the straight way from its rest point: the break was begun with
// no contact of the cue ball, no_contact and illegal_break asked on legal
// breaks.

// missedMet tells the contact of the cue ball with a ball whose start began
// or came with a missed stroke (c; t0 the stroke, from where the cue ball
// rested), when track cue passed close by c's ball about then, or a track
// read as the cue ball, away from its rest point, by one of those balls (see
// above).
func (k *Tracker) missedMet(c *change, cue int, t0 float64, from table.Point) {
	win := 5 * k.dt
	// A track that took the cue ball up after the stroke holds no way in
	// from its rest point: that is taken straight, as below.
	if k.tracks[cue].born <= t0+k.dt && k.passedNear(cue, c, win) {
		po := k.pathUntil(&k.tracks[cue], c.t)
		if k.trace != nil {
			k.trace("%.4f missed stroke met: track %d ball %d started at %.4f with the cue ball's track %d passing by", k.lastT, c.tr, k.tracks[c.tr].ball, c.t, cue)
		}
		k.restContact(k.contact(c.tr, cue, c.t, &c.in, &po, true), c, cue, &po)
		c.done = true
		return
	}
	// Its flight unseen: a track read as the cue ball by a ball that
	// started with c, the nearest.
	var x *change
	s, bd := -1, 2*k.R+40
	for i := range k.tracks {
		tr := &k.tracks[i]
		if !tr.used || tr.gone || !(i == cue || tr.ball < 0 && tr.votes[0] >= carryVotes) {
			continue
		}
		if o, other := readAsOther(tr, 0); other || o >= 0 {
			continue
		}
		for j := range k.chg {
			y := &k.chg[j]
			if !y.start || y.done || y.tr == i || y.t <= t0 || y.t > c.t+win || k.tracks[y.tr].ball == 0 {
				continue
			}
			for _, r := range k.histAround(i, y.t-win, y.t+win, nil) {
				if r.p.Dist(from) > 2*k.R+40 && r.p.Dist(y.in.a) < bd {
					x, s, bd = y, i, r.p.Dist(y.in.a)
				}
			}
		}
	}
	how := "the cue ball taken up by track %d %.0f mm from it"
	if x == nil {
		// Nor read since: the rack's front ball on its straight way.
		if x, s = k.lineMet(c, t0, from, win), cue; x == nil {
			return
		}
		bd = x.in.a.Dist(from)
		how = "the rack's front ball on the cue ball's straight way (track %d, %.0f mm from its rest)"
	}
	// Its way in: straight from where it rested at the stroke to touching
	// the struck ball.
	u := x.in.a.Sub(from)
	l := u.Len()
	if l <= 2*k.R {
		return
	}
	hit := from.Add(u.Scale((l - 2*k.R) / l))
	po := path{t0: t0, a: from, b: hit.Sub(from).Scale(1 / (x.t - t0)), n: 2, lo: t0, hi: x.t}
	if k.trace != nil {
		k.trace("%.4f missed stroke met: track %d ball %d started at %.4f, "+how, k.lastT, x.tr, k.tracks[x.tr].ball, x.t, s, bd)
	}
	k.restContact(k.contact(x.tr, s, x.t, &x.in, &po, true), x, s, &po)
	x.done = true
}

// passedNear reports whether track i's detections within win of start c came
// within a diameter and a few centimetres of where c's ball rested.
func (k *Tracker) passedNear(i int, c *change, win float64) bool {
	for _, s := range k.histAround(i, c.t-win, c.t+win, nil) {
		if s.p.Dist(c.in.a) < 2*k.R+40 {
			return true
		}
	}
	return false
}

// lineMet returns, when no read shows the cue ball after a missed stroke, the
// start among the stroke's (those after t0, up to win after c) of a ball in a
// rack that the cue ball, going straight from from, reaches with no other
// ball resting in the way, the nearest of them: the rack's front ball. Nil
// when there is none. Rendered 30 fps blue-cloth 9-ball breaks, bench seeds
// 8 and 23: the cue ball was read neither in flight nor coming back off the
// rack before the break was begun; the 1 at the apex was the only ball its
// way could reach. (Which way the struck ball left does not tell: pressed into the
// rack, the apex ball hardly moves, and its first read after the break was
// off to one side.)
func (k *Tracker) lineMet(c *change, t0 float64, from table.Point, win float64) *change {
	var best *change
	bl := math.Inf(1)
	for j := range k.chg {
		y := &k.chg[j]
		if !y.start || y.done || y.t <= t0 || y.t > c.t+win || k.tracks[y.tr].ball == 0 || !k.inRack(y.tr) {
			continue
		}
		u := y.in.a.Sub(from)
		l := u.Len()
		if l <= 2*k.R || l >= bl {
			continue
		}
		u = u.Scale(1 / l)
		clear := true
		for i, q := range k.before {
			v := q.Sub(from)
			along := v.Dot(u)
			if i != y.tr && q.Dist(from) > k.R && along > 0 && along < l && math.Abs(v.X*u.Y-v.Y*u.X) < 2*k.R {
				clear = false
				break
			}
		}
		if clear {
			best, bl = y, l
		}
	}
	return best
}
