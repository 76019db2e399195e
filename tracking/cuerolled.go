package tracking

import (
	"slices"

	"github.com/cueref/cueref/shot"
	"github.com/cueref/cueref/table"
)

// The cue ball told pocketed from its way into a mouth, then seen rolling
// on. A fast cue ball lost from view on its way to a pocket's mouth, well
// short of the hole, is told pocketed where its way leads (intoPocket); but
// a ball that meets a jaw's point or the cushion beside it comes back out
// and rolls on, and the detector, which lost it, picks it up again on a new
// track. Object balls are given back as soon as they are read on the table
// (backOnTable); the cue ball only when the new track showed up where it
// went (outOfJaws) or, lost on the open bed, where it could have rolled
// (offBack): false detections on an arm or a cue are read as the cue ball.
// A track that shows up moving, where the cue ball could have rolled since
// it was lost at its last speed, within rolledLate of the pocket told, and
// then holds it as outOfJaws asks (a dozen reads, rolled on from where it
// showed), is the cue ball: no player takes the cue ball out of a pocket
// and sets it rolling within a second of its drop, and an arm or a cue does
// not roll away on the bed.
//
// So too a track told pocketed on fewer reads of the cue ball than that
// dozen while such a track, born before it went, held the cue ball
// elsewhere: two tracks were read as the cue ball at once, and the one that
// went on a few reads was not it.
//
// Rendered 9-ball, seed 66, shot 37 (stroke 310.19 s): the cue ball, at
// 4 m/s off the 7, hit the left cushion beside the side pocket's jaw, 65 mm
// from the mouth's centre; lost 220 mm short of it, it was told pocketed
// there at 310.55 s. A track born at 310.97 s 1.27 m on (the ball could have
// rolled 1.8 m), moving at 2.6 m/s, read as the cue ball and rolled through
// five cushions to rest. Meanwhile the shooter's hand on the left rail by
// that pocket, read as the cue ball twice, was told pocketed too. The shot
// was ruled cue_ball_pocketed (asked) on a legal pot.

// rolledLate (s): how long after the pocket told a track may show up
// moving and be the cue ball rolled on.
const rolledLate = 1.0

// cueRolledOn reports whether track x, on the table and read as the cue ball
// whose pocket event e was told while its track g was lost well short of the
// hole, is the cue ball rolled on (see above). wait is set while x moves
// without having shown it (see outOfJaws).
func (k *Tracker) cueRolledOn(e *pevent, x int) (back, wait bool) {
	if e.kind != shot.Pocketed || e.ids[0] != 0 {
		return false, false
	}
	g, xt := &k.tracks[e.a], &k.tracks[x]
	if g.votes[0] < jawsCueVotes && xt.born <= g.last.t && k.cueShown(xt) {
		// Two tracks read as the cue ball at once: the one that went on a
		// few reads (a hand on the rail read as the cue ball) was not it.
		if k.trace != nil {
			k.trace("%.4f cue ball elsewhere: track %d, gone on %.1f votes, beside track %d, which holds it", k.lastT, e.a, g.votes[0], x)
		}
		return true, false
	}
	pockets := k.tab.Pockets()
	if !slices.ContainsFunc(pockets[:], func(q table.Pocket) bool { return q.ID == e.pocket }) {
		return false, false // no pocket told (a test's event)
	}
	h, r := hole(k.tab.Pocket(e.pocket))
	if g.last.p.Dist(h)-r < 2*k.R || len(g.seg) < 2 {
		return false, false // seen in the jaws, or not seen moving
	}
	if xt.born <= g.last.t || xt.born > e.t+rolledLate {
		return false, false
	}
	v := g.fit.vel(g.last.t).Len()
	if xt.bornAt.Dist(g.last.p) > 2*k.R+v*(xt.born-g.last.t) {
		return false, false
	}
	if k.cueShown(xt) {
		if k.trace != nil {
			k.trace("%.4f cue ball rolled on: track %d, born at %.4f %.0f mm from where track %d was lost at %.4f (%.0f mm/s), holds it", k.lastT, x, xt.born, xt.bornAt.Dist(g.last.p), e.a, g.last.t, v)
		}
		return true, false
	}
	return false, xt.moving
}
