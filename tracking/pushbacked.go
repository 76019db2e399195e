package tracking

import "github.com/cueref/cueref/table"

// Backed the way it would be pushed. A break in a moving ball's path that
// came near a ball at rest which did not move is taken for a contact with it
// when something holds that ball (pairResting): a cushion or a ball against
// it takes the push, and it stays. When the path only came near it (its
// centre never within a diameter, but within the noise of one), that reading
// stands on the holder, and a holder holds only what is pushed into it: a
// ball by a cushion pushed along the cushion, or away from it, rolls off
// (some of the push along the line of centres is the ball's to keep). Rendered
// bench, 8-ball seed 29 shot 5: the cue ball, at 4.2 m/s, bounced off the
// head cushion 3.4 mm clear of ball 15, which rested 9 mm off that cushion
// and 60 mm along it from the cue ball's point on the cushion; its path,
// seen passing within the noise of touching the 15 as it met the cushion,
// was told a contact with it — the cue ball's first, on a ball of the
// shooter's group — and the cushion hit that bent it was dropped; the first
// ball was the 7, a wrong_ball_first foul untold. A push on the 15 would have
// gone almost straight along the cushion, towards the corner: nothing held
// it there, and it never moved.
//
// So a near pass counts only when a holder lies on the side the push goes:
// a cushion within backTol whose outward normal is within pushBackedCos of
// the line of centres (the ball's centre from the passing one's, where they
// came nearest), or a ball at rest within backTol of it, likewise. A path
// that truly reached the ball (a diameter or nearer) is left as it was.

// pushBackedCos: the least cosine between the line of centres and the way
// to a holder for it to take the push (60°: more than half of the push goes
// into it).
const pushBackedCos = 0.5

// pushBacked reports whether track i, at rest, is held against a push along
// the line of centres from a ball whose centre is at striker (see above).
func (k *Tracker) pushBacked(i int, striker table.Point) bool {
	p := k.tracks[i].rest
	n := p.Sub(striker)
	l := n.Len()
	if l == 0 {
		return k.backed(i)
	}
	n = n.Scale(1 / l)
	tol := k.backTol()
	for _, rail := range table.Rails {
		if k.tab.RailDistance(p, rail) <= tol && n.Dot(railOut(rail)) >= pushBackedCos {
			return true
		}
	}
	for j := range k.tracks {
		o := &k.tracks[j]
		if j == i || !o.used || !o.confirmed || o.gone || o.moving {
			continue
		}
		d := o.rest.Sub(p)
		if dl := d.Len(); dl-2*k.R <= tol && dl > 0 && n.Dot(d.Scale(1/dl)) >= pushBackedCos {
			return true
		}
	}
	return false
}
