package tracking

import (
	"math"

	"github.com/cueref/cueref/table"
)

// A moving ball may meet a ball at rest where the camera reads neither for
// a few frames: the struck ball's track, left without reads at its place,
// is taken for lifted, and the striker's track, finding reads again, takes
// up the struck ball's way off its place. Its path breaks, and nothing
// explains the break: no contact is told. Camera model at 30 fps, seed 11,
// 9-ball shot 25: the cue ball and the 7 were unread for five frames as the
// cue ball met the 7; the cue ball's track came back on the 7's way, whose
// line runs back through the 7's rest point (3.7 mm off it), and the shot was
// ruled no_contact, unasked, for a legal pot.
//
// So a break of a moving track in a shot, whose way in reaches touching a
// ball taken for lifted in the shot about then, and whose way out, carried
// back, runs through that ball's rest point, is a contact of the two: the
// way out is the struck ball's (the swap watch puts the tracks right). Not
// in a shot from a rack: its balls go unread and are taken for lifted all
// the time, and a contact told so there was most often wrong (seed 39,
// 10-ball shot 100, a break: the cue ball and the 9, which it never met).

// liftedWay (mm): how near the rest point of the lifted ball the way out,
// carried back, must pass.
const liftedWay = 10.0

// pairLifted explains break ci by a ball lifted in the shot (see above); it
// reports whether it did.
func (k *Tracker) pairLifted(ci int) bool {
	c := &k.chg[ci]
	if c.start || k.phase != inShot || k.cst.strikeT == k.strikeT && k.cst.rack {
		return false // (not in a break: balls of a rack go unread, and are taken for lifted, all the time)
	}
	tr := &k.tracks[c.tr]
	if len(tr.seg) < 2 {
		return false
	}
	a, b := tr.seg[0].p, tr.seg[len(tr.seg)-1].p
	out := b.Sub(a)
	if out.Len() < k.R {
		return false
	}
	lo, hi := k.window(c)
	for oi := range k.tracks {
		o := &k.tracks[oi]
		if oi == c.tr || !o.used || !o.confirmed || !o.gone || !o.lifted || o.moved || o.goneT < k.strikeT || o.goneT < lo-k.dt || o.last.t > hi+k.dt {
			continue
		}
		po := still(o.rest, c.t)
		tc, _, hit := firstWithin(&c.in, &po, 2*k.R, lo, hi)
		if !hit {
			continue
		}
		// The way out, carried back, through the rest point.
		d, q := lineDist(o.rest, a, b)
		if d > liftedWay || q.Sub(a).Dot(out) > 0 {
			continue
		}
		if k.trace != nil {
			k.trace("%.4f break of track %d at %.4f: its way out runs back %.1f mm from where lifted track %d (ball %d) rested; met it at %.4f", k.lastT, c.tr, c.t, d, oi, o.ball, tc)
		}
		c.done, c.partner = true, oi
		e := k.contact(c.tr, oi, tc, &c.in, &po, true)
		if e != nil {
			e.sides[0] = side{tr: c.tr, in: c.in, first: c.first.t}
			e.sides[0].setPre(c.pre[:c.nPre], tc+k.dt)
			e.sides[1] = side{tr: oi, in: po, rest: true, first: math.NaN()}
		}
		return true
	}
	return false
}

// lineDist returns the distance of p from the line through a and b, and the
// point of the line nearest p.
func lineDist(p, a, b table.Point) (float64, table.Point) {
	ab := b.Sub(a)
	s := p.Sub(a).Dot(ab) / ab.Dot(ab)
	q := a.Add(ab.Scale(s))
	return p.Dist(q), q
}
