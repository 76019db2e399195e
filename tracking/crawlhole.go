package tracking

import "github.com/cueref/cueref/shot"

// A ball crawling into a pocket's mouth, lost at the hole's edge. holeShort
// (mouthrest.go) asks about a ball lost short of the hole too slowly to be
// sure it dropped, but takes one lost slower than restSpeed for a ball at rest
// hit in unseen, and one lost within a frame's travel and the position error
// of the hole's edge for one that dropped the next moment. A ball crawling in,
// met by nothing for a while, short of the edge and too slow to reach it at
// the speed it was last read with (rolling resistance, rollDecel), is neither:
// whether it stopped on the shelf's edge or tipped over it is below what its
// reads can tell. (Lost within the position error of the edge but fast enough
// to reach it, it dropped: asking about those too cost 34 needless reviews on
// the camera-model and rendered runs for this one.) Rendered seed 71, 14.1
// shot 50 (stroke at 401.14 s): the cue ball, off the foot cushion's jaw,
// crawled into the foot-right corner's mouth and was lost at 10 mm/s, 0.8 mm
// from the shelf's edge; it stayed on the shelf, 4 mm on. Told pocketed:
// cue_ball_pocketed for a legal pot, unflagged.

// holeCrawl (mm/s): a ball lost slower than this at the hole's edge had under
// 13 mm (rollDecel) of run left.
const holeCrawl = 2 * restSpeed

// crawlSince (s): a ball met this shortly before it was lost is no crawler,
// whatever speed its few reads since give: rendered 10-ball, seed 26, shot 48
// (TestHiddenWayRendered), the 10 struck at 6 m/s and down the foot-left
// pocket 57 ms later, read twice on its way in.
const crawlSince = 0.3

// crawlDoubt returns the review reason for the first pocket event of the
// shot whose ball crawled to the hole's edge (see above), and the shot read
// with that ball resting where it was last seen; "" when there is none.
func (k *Tracker) crawlDoubt(rec *shot.Shot) (string, []*shot.Shot) {
	crawled := func(e *pevent) bool {
		g := &k.tracks[e.a]
		c, r := hole(k.tab.Pocket(e.pocket))
		gap := g.last.p.Dist(c) - r
		sp := g.fit.vel(g.last.t).Len()
		return sp < holeCrawl && sp*sp/(2*rollDecel) < gap && !k.metAfter(e.a, g.last.t-crawlSince)
	}
	return k.potDoubt(rec, crawled, "ball %d last seen crawling at the %s hole's edge: it may have stopped on the shelf")
}

// metAfter reports whether a contact of track i was told after t.
func (k *Tracker) metAfter(i int, t float64) bool {
	for j := range k.events {
		if e := &k.events[j]; !e.cancel && e.kind == shot.Contact && (e.a == i || e.b == i) && e.t > t {
			return true
		}
	}
	return false
}
