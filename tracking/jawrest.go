package tracking

import (
	"fmt"
	"math"

	"github.com/cueref/cueref/shot"
	"github.com/cueref/cueref/table"
)

// A ball told pocketed though it may rest unseen in the pocket's mouth (its
// pocket doubted: shortOfHole) stays there, unseen, for the shots after: the
// detector does not see a ball at rest by a mouth (see mouthrest.go). A later
// cue ball that goes into that mouth may meet it, and nothing shows the
// contact but a bend of the cue ball's path there, which a jaw or the cushion
// by the mouth explains as well (seed 7, 9-ball: the 8, taken for pocketed in
// the corner's jaws, was the next shot's first ball; its contact was read as
// the cue ball's cushion hit, the shot as a foul without contact). Such a shot
// is kept for a person to confirm whenever the meeting would change the
// ruling (jawRestDoubt).

// jawRest is a ball taken for pocketed in a shot before the current one
// while it may rest in the pocket's mouth, unseen.
type jawRest struct {
	ball   int
	pocket table.PocketID
	at     table.Point // where it was last seen
}

// noteJawRests, as a shot ends (after its review), remembers the balls it
// told pocketed that may rest in the mouth unseen (shortOfHole) and forgets
// those seen on the table since (a ball in the jaws that shows again, a
// re-rack) and those whose mouth the shot's cue ball went into (looked at
// then, jawRestDoubt: a ball resting there was met, maybe knocked in).
func (k *Tracker) noteJawRests() {
	keep := k.jawRests[:0]
	for _, r := range k.jawRests {
		if _, went := k.cueIntoMouth(k.tab.Pocket(r.pocket)); !went && !k.ballOnTable(r.ball) {
			keep = append(keep, r)
		}
	}
	k.jawRests = keep
	for i := range k.events {
		e := &k.events[i]
		if e.cancel || e.kind != shot.Pocketed {
			continue
		}
		b := k.aBall(e)
		if b < 0 || k.ballOnTable(b) || !k.shortOfHole(e.a, e.pocket) {
			continue
		}
		k.jawRests = append(k.jawRests, jawRest{ball: b, pocket: e.pocket, at: k.tracks[e.a].last.p})
	}
	for _, r := range k.mouthGoneBalls { // mouthgone.go
		if !k.ballOnTable(r.ball) {
			k.jawRests = append(k.jawRests, r)
		}
	}
	k.mouthGoneBalls = k.mouthGoneBalls[:0]
}

// ballOnTable reports whether a track on the table holds ball b.
func (k *Tracker) ballOnTable(b int) bool {
	for i := range k.tracks {
		if x := &k.tracks[i]; x.used && x.confirmed && !x.gone && x.ball == b {
			return true
		}
	}
	return false
}

// jawRestDoubt returns the review reason of shot rec when its cue ball went
// into the mouth of a pocket where a ball taken for pocketed in a shot before
// may rest unseen (noteJawRests) and something happened to it there
// (cueMetInMouth), or, with nothing told there, its path bent where that ball
// was last seen (cueBend: rendered 10-ball, seed 68, shot 25, the 8 on the
// foot-left shelf met and knocked in, the foot cushion beyond it untold, a
// no-contact foul on a legal safety), and the shot read with the cue ball
// meeting that ball there; "" when it did not.
func (k *Tracker) jawRestDoubt(rec *shot.Shot) (string, []*shot.Shot) {
	if rec.Start == nil {
		return "", nil
	}
	for _, r := range k.jawRests {
		if k.ballOnTable(r.ball) {
			continue
		}
		tc, ok := k.cueMetInMouth(k.tab.Pocket(r.pocket))
		if !ok {
			// Nothing told there: its path may yet have bent where the
			// ball was last seen (the cushion beyond it untold too).
			t, g, bent := k.cueBend(r.at)
			if !bent || g >= hiddenPotGap {
				continue
			}
			tc = t
		}
		why := fmt.Sprintf("ball %d, taken for pocketed in the %s mouth before, may rest there unseen: the cue ball went there", r.ball, r.pocket)
		// (Just before what it was told hitting there: the meeting bent
		// its path.)
		met := withEvent(rec, shot.Event{T: tc - *rec.Start - 1e-4, Kind: shot.Contact, A: 0, B: r.ball})
		return why, []*shot.Shot{met}
	}
	// An object ball that went there may have knocked it in (mouthgone.go):
	// the readings are the meeting, and the meeting and the pocket.
	for _, r := range k.jawRests {
		if k.ballOnTable(r.ball) {
			continue
		}
		q := k.tab.Pocket(r.pocket)
		other := func(i int) bool {
			return i >= 0 && i < len(k.tracks) && !k.isCue(i) && k.tracks[i].ball > 0 && k.tracks[i].ball != r.ball
		}
		tc, x, ok := k.metInMouth(q, other)
		if !ok {
			continue
		}
		b := k.tracks[x].ball
		why := fmt.Sprintf("ball %d, taken for pocketed in the %s mouth before, may rest there unseen: ball %d went there", r.ball, r.pocket, b)
		at := tc - *rec.Start - 1e-4
		met := withEvent(rec, shot.Event{T: at, Kind: shot.Contact, A: b, B: r.ball})
		in := withEvent(met, shot.Event{T: at + 2e-4, Kind: shot.Pocketed, Ball: r.ball, Pocket: string(r.pocket)})
		return why, []*shot.Shot{met, in}
	}
	return "", nil
}

// cueIntoMouth returns when the cue ball, in the shot in progress, came
// within reach of a ball resting in pocket q's mouth (its centre within half
// the mouth's width of the mouth's centre) from further away, and whether it
// did. (A cue ball struck from there would have been frozen to that ball: its
// stroke is another doubt.)
func (k *Tracker) cueIntoMouth(q table.Pocket) (float64, bool) {
	return k.intoMouth(q, k.isCue)
}

// intoMouth is cueIntoMouth for the tracks who says of.
func (k *Tracker) intoMouth(q table.Pocket, who func(int) bool) (float64, bool) {
	reach := q.Width/2 + 2*k.R
	first, ok := 0.0, false
	for i := range k.tracks {
		x := &k.tracks[i]
		if !x.used || !who(i) {
			continue
		}
		away := false
		for _, s := range x.slog {
			if s.t < k.strikeT {
				continue
			}
			in := s.p.Dist(q.Center) < reach
			if in && away && (!ok || s.t < first) {
				first, ok = s.t, true
				break
			}
			away = away || !in
		}
	}
	return first, ok
}

// cueMetInMouth returns when the cue ball, gone into pocket q's mouth in the
// shot in progress (cueIntoMouth), was first told hitting something there (a
// cushion or a jaw, a ball) or pocketed there: a ball resting there unseen
// would bend its path so. One merely passing by tells nothing.
func (k *Tracker) cueMetInMouth(q table.Pocket) (float64, bool) {
	t, _, ok := k.metInMouth(q, k.isCue)
	return t, ok
}

// metInMouth is cueMetInMouth for the tracks who says of; it returns the
// track too.
func (k *Tracker) metInMouth(q table.Pocket, who func(int) bool) (float64, int, bool) {
	tc, ok := k.intoMouth(q, who)
	if !ok {
		return 0, -1, false
	}
	reach := q.Width/2 + 2*k.R
	for i := range k.events {
		e := &k.events[i]
		if e.cancel || e.t < tc-k.dt {
			continue
		}
		var x int
		switch {
		case (e.kind == shot.RailHit || e.kind == shot.Pocketed || e.kind == shot.Contact || e.kind == shot.Touch) && who(e.a):
			x = e.a
		case (e.kind == shot.Contact || e.kind == shot.Touch) && who(e.b):
			x = e.b
		default:
			continue
		}
		if p, ok := k.loggedAt(x, e.t); ok && p.Dist(q.Center) < reach {
			return e.t, x, true
		}
	}
	return 0, -1, false
}

// isCue reports whether track i holds the cue ball in the shot in progress.
func (k *Tracker) isCue(i int) bool {
	return i >= 0 && i < len(k.tracks) && (i == k.strikeTr || k.tracks[i].ball == 0)
}

// loggedAt returns track i's detection of the shot nearest to time t, within
// a tenth of a second.
func (k *Tracker) loggedAt(i int, t float64) (table.Point, bool) {
	var best table.Point
	bd := 0.1
	ok := false
	for _, s := range k.tracks[i].slog {
		if d := math.Abs(s.t - t); d <= bd {
			best, bd, ok = s.p, d, true
		}
	}
	return best, ok
}
