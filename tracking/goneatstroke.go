package tracking

import "github.com/cueref/cueref/table"

// Gone before the shot began, after its stroke. A stroke is told only once
// the cue ball's path shows it, often frames after it was struck (a cue ball
// that pushes a ball frozen or all but frozen to it hardly moves at first),
// and a ball it set off may be gone by then: into a pocket whose mouth it
// rested in. While no shot is in play a ball that goes is only marked gone
// (goneEvent); when the shot began, a ball gone was not on the table for it:
// it was left out of the shot's before, and its pot out of its events
// (rendered bench, 10-ball seed 49 shot 40, a safety: the cue ball rested
// 2 mm from the 4, which lay 30 mm from the foot-right pocket's mouth; the
// stroke pushed the 4 in 45 ms later, seen starting 8 ms after the stroke
// and gone 22 ms after that, while the cue ball's start was told 6 frames
// back, 0.1 s after the stroke. The shot had the cue ball meet the 4 and
// nothing pocketed: the shooter's turn went on where the truth has the
// opponent's, asked about only as a ball "not seen at the stroke").
//
// So the pots of balls set off at the stroke (their start within
// frozenCueFrames of it, as frozenStart takes for the stroke's) and gone
// after it, before the shot began, are the shot's: each such ball is put in
// the shot's before where it rested, and its pot told.

// idleGone is a ball that went while no shot was in play (see above).
type idleGone struct {
	tr     int
	kind   string
	t      float64
	pk     table.PocketID
	unseen bool
}

// idleGoneKeep (s): how long an idle gone is kept for a shot to take it.
const idleGoneKeep = 0.5

// noteIdleGone keeps track i's going (kind, at t, into pocket pk) while no
// shot is in play.
func (k *Tracker) noteIdleGone(i int, kind string, t float64, pk table.PocketID, unseen bool) {
	if k.phase != idle {
		return
	}
	n := 0
	for _, g := range k.idleGones {
		if g.t >= k.lastT-idleGoneKeep && g.tr != i {
			k.idleGones[n] = g
			n++
		}
	}
	k.idleGones = append(k.idleGones[:n], idleGone{tr: i, kind: kind, t: t, pk: pk, unseen: unseen})
}

// goneAtStroke, as the shot of start change ci begins, puts in the shot the
// balls the stroke set off that went before it began (see above).
func (k *Tracker) goneAtStroke(ci int) {
	c := &k.chg[ci]
	from := c.t - frozenCueFrames*k.dt
	for _, g := range k.idleGones {
		tr := &k.tracks[g.tr]
		if g.tr == c.tr || !tr.used || !tr.confirmed || !tr.gone || tr.lifted || tr.ball <= 0 || g.t < from || !k.startedAfter(g.tr, from) {
			continue
		}
		if _, ok := k.before[g.tr]; ok || k.phantom(g.tr) {
			continue
		}
		k.before[g.tr] = k.startPoint(g.tr)
		k.beforeID[g.tr] = tr.ball
		if k.trace != nil {
			k.trace("%.4f gone at the stroke: track %d ball %d set off at the stroke, %s at %.4f before the shot began", k.lastT, g.tr, tr.ball, g.kind, g.t)
		}
		k.addEvent(pevent{t: g.t, kind: g.kind, a: g.tr, pocket: g.pk, unseen: g.unseen})
		k.strokeGone = append(k.strokeGone, g.tr)
	}
	k.idleGones = k.idleGones[:0]
}
