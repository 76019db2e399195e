package tracking

import (
	"math"

	"github.com/cueref/cueref/table"
)

// Flits home, but met. flithome.go takes a ball started from rest and read
// back at its rest point again and again, never far off, to have never
// left, since once under way only a ball or a cushion brings a ball back.
// A ball resting by a cushion that a moving ball runs into meets both: it
// goes into the cushion, comes back off it into the ball that struck it, and
// ends a few millimetres from where it stood, its reads scattered about its
// rest point the while. Rendered 8-ball, seed 35, shot 52 (a safety): the
// 2 lay 3.5 mm off the foot cushion; the cue ball met it, the 2 hit the
// cushion and the cue ball again, and ended 3.8 mm from its place. Read
// pulled toward the coming cue ball, it was started 0.1 s early, the
// contact and its cushion hits were told, then its reads came home three
// times (within noStrokeStill, a flit) and all of that was dropped: no
// contact of the cue ball at all, asked as a pass 1 mm from the 2, and
// ruled a no-contact foul.
//
// So a start is no flit once another ball, under way (its reads since the
// start span more than the flit's reach: not a resting neighbour whose
// reads the flits merely lean toward, as in flithome.go's case), has been
// read passing within missGap of touching the ball at its rest point since
// the start: it is taken as under way, and its start's events stand. Not
// when those reads overlap its rest point by more than missGap: two balls
// do not pass through each other, and such reads are of one ball read twice
// (a second track on the flitting ball's own reads, or on a hand).

// flitMet reports whether a moving ball other than track i passed within
// missGap of touching track i's rest point since its start (see above).
func (k *Tracker) flitMet(i int) bool {
	tr := &k.tracks[i]
	for j := range k.tracks {
		o := &k.tracks[j]
		if j == i || !o.used || !o.confirmed || o.gone || !o.moving {
			continue
		}
		var first, near table.Point
		n, span, d, nearT := 0, 0.0, math.Inf(1), 0.0
		var prev sample
		for m := min(o.nh, len(o.hist)) - 1; m >= 0; m-- {
			x := o.hist[(o.nh-1-m)%len(o.hist)]
			if x.t < tr.startT-k.dt/2 {
				continue
			}
			if n == 0 {
				first = x.p
			} else if x.t-prev.t <= 2.5*k.dt && x.p != prev.p {
				if sd, q := segDist(tr.from, prev.p, x.p); sd < d { // jaws.go
					d, near, nearT = sd, q, x.t
				}
			}
			span = math.Max(span, x.p.Dist(first))
			prev = x
			n++
		}
		if g := d - 2*k.R; span > k.flitReach(tr) && g <= k.missGap() && g >= -k.missGap() && !k.stayedFromPasser(i, near, nearT) {
			if k.trace != nil {
				k.trace("%.4f flit met track %d ball %d: track %d ball %d, under way, passed %.1f mm from it since its start at %.4f", k.lastT, i, tr.ball, j, o.ball, g, tr.startT)
			}
			return true
		}
	}
	return false
}

// stayedFromPasser reports whether track i, whose rest point another ball
// passed at near (its centre's nearest approach, read at nearT, flitSettle
// or more ago), had room to be driven away from it, flitRoom or more before
// a cushion, yet none of its reads since its start went that way by
// flitAway (or half the room). Nearer in time, a ball met may not have
// moved yet (rendered 10-ball, seed 67, shot 45: the 5 was meeting the 9 as
// its flit was judged). A struck
// ball leaves along the line of centres, away from the ball that met it;
// only a cushion close behind sends it home at once (the seed 35 case
// above, 3.5 mm off the cushion). Rendered 8-ball, seed 65, shot 28: the 2
// passed 8 mm clear of the 11, resting 13.7 mm off the head cushion; the 11
// was read 15 mm towards the 2 in one frame, started, and taken as met
// (6 mm by the reads) and driven into the cushion: a contact and a cushion
// hit told, while every read of it but those towards the 2 stayed home.
func (k *Tracker) stayedFromPasser(i int, near table.Point, nearT float64) bool {
	tr := &k.tracks[i]
	if k.lastT-nearT < flitSettle {
		return false
	}
	u := tr.from.Sub(near)
	l := u.Len()
	if l == 0 {
		return false
	}
	u = u.Scale(1 / l)
	room := math.Inf(1)
	for _, rail := range table.Rails {
		if c := u.Dot(railOut(rail)); c > 0.1 {
			room = math.Min(room, math.Max(0, k.tab.RailDistance(tr.from, rail))/c)
		}
	}
	if room < flitRoom {
		return false
	}
	went := math.Inf(-1)
	for m := min(tr.nh, len(tr.hist)) - 1; m >= 0; m-- {
		x := tr.hist[(tr.nh-1-m)%len(tr.hist)]
		if x.t >= tr.startT-k.dt/2 {
			went = math.Max(went, x.p.Sub(tr.from).Dot(u))
		}
	}
	if math.IsInf(went, -1) || went >= math.Min(room/2, flitAway) {
		return false
	}
	if k.trace != nil {
		k.trace("%.4f flit not met track %d ball %d: %.1f mm of room away from the ball passing at %.4f, went %.1f mm that way", k.lastT, i, tr.ball, room, nearT, went)
	}
	return true
}

// flitRoom (mm): the least room before a cushion for stayedFromPasser to
// judge; flitAway (mm): how far that way a read of a ball struck must go;
// flitSettle (s): how long after the passing ball's nearest approach.
const (
	flitRoom   = 6.0
	flitAway   = 6.0
	flitSettle = 0.1
)
