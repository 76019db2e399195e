package tracking

import "math"

// A stroke is told only once the cue ball's path shows (often several frames
// back, when the cue ball was hidden by the cue and the bridge hand), and a
// ball it set off at once (frozen or all but frozen to it, or pressed against
// a ball that was) may have been seen starting first: its start was found
// before the shot began, and noteLeave, which keeps the leavings of the shot
// only, dropped it. judgePressed then had no group to judge, and the cascade
// (frozen.go) no leaving to check its pushes by: the push on through the
// pressed balls went untold (no-render bench seed 1, 14.1 shot 118: the cue
// ball 9 mm from 6, 6 0.7 mm from 9, 9 frozen to 13; 9 and 13 were seen
// starting before the cue ball's start was found, five frames back, and 9–13
// was missed; shots 119 and 251 the same, strokes through chains of pressed
// balls; rendered seed 15, 14.1 shot 24, 14–15).
//
// When the shot begins, the starts already found at about the stroke or after
// it (no earlier than leaveBefore before it: a ball started earlier moved on
// its own) are noted as leavings of the shot (marked early: pairHit times
// their contacts). On the no-render bench this found 5 more contacts on seed
// 1 and 1 on seed 2 (none lost), and one on rendered seed 15.

// leaveBefore (frames): how long before the stroke told a start found before
// it may be a ball the stroke set off (the stroke's time is a frame or so
// off; frozenCueFrames allows the same).
const leaveBefore = 2

// leavesAtStroke notes, when the shot begins at the strike of change ci, the
// starts found before it (see above).
func (k *Tracker) leavesAtStroke(ci int) {
	c := &k.chg[ci]
	for j := range k.chg {
		o := &k.chg[j]
		if j == ci || !o.start || o.tr == c.tr || o.t < c.t-leaveBefore*k.dt {
			continue
		}
		if tr := &k.tracks[o.tr]; !tr.used || !tr.confirmed || tr.gone {
			continue
		}
		n := len(k.leaves)
		k.noteLeave(o.tr, o.in.a, o.t)
		if len(k.leaves) > n {
			k.leaves[n].early = true
		}
	}
}

// pairHit is the time of the contact of pressed leavings a and b, one of them
// found before the stroke was told, that a hit at time hit set off. The
// stroke's time, from the hidden cue ball's start found frames back, may be
// off either way by more than the pressed balls' own starts: early (no-render
// seed 1, 14.1 shot 251: the stroke told 6 ms early, the balls it pushed on
// through a ball frozen to the cue ball timed leaving 1.5 ms from the truth),
// or late (seed 2 at 120 fps, 14.1 shot 28: a frozen strike told 43 ms late).
// The push met the pair when the second of them left, after the first did:
// the contact is timed at the hit held between the two leavings. A contact
// told between them already, timed off their paths, is not timed again at
// such a hit (at 120 fps, timed again at a late stroke, three contacts of
// seed 2 were lost). (Not timing again any pair of a group with such a
// leaving lost more: 2 contacts on seed 2 at 60 fps.)
func pairHit(hit float64, a, b *leave) float64 {
	return math.Min(math.Max(hit, math.Min(a.t, b.t)), math.Max(a.t, b.t))
}
