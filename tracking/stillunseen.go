package tracking

import (
	"github.com/cueref/cueref/shot"
	"github.com/cueref/cueref/table"
)

// A ball the tracker did not have at the stroke (its track lost at rest
// before it: hidden by an arm, read off by the detector, taken for lifted)
// and whose number ends the shot where that ball rested before it never left
// its place. The track that ends there moved in the shot only because it
// began as something else (a false detection on the cue or an arm, another
// ball's path) and jumped onto the resting ball, taking its number (see
// appeared). So the readings of appearedReading in which the ball itself
// moved (met by the cue ball, off to a cushion, its number swapped with a
// ball that went, which would have had to stop on the very spot it left)
// are ruled out by where it ends; what is left is that its track's events
// were no ball's, or another ball's (stillReading).

// stillUnseen returns where ball n, ending the shot at p under track i, rested
// before the stroke when that is p within the noise of a ball at rest: the
// previous shot's record had it there, or another track of n was taken for
// lifted from there before the stroke. ok is false otherwise.
func (k *Tracker) stillUnseen(i, n int, p table.Point) (at table.Point, ok bool) {
	tol := 3*k.cfg.Sigma + 1
	if q, on := k.lastAfter[n]; on && q.P().Dist(p) <= tol {
		return q.P(), true
	}
	for j := range k.tracks {
		o := &k.tracks[j]
		if j != i && o.used && o.ball == n && o.gone && o.lifted && o.goneT <= k.strikeT && o.rest.Dist(p) <= tol {
			return o.rest, true
		}
	}
	return table.Point{}, false
}

// stillReading lists the other readings of ball n, not on the table at the
// stroke, moved in the shot under its number, and ending at at, where it
// rested before the shot (stillUnseen): it stood there all along, and its
// events were no ball's (dropped), or those of another ball whose own track
// was lost or went (wentOthers; renamed). When the cue ball's first contact
// is with n, that contact was no contact with n, and the first ball may be
// any (firstAlts). It returns nil (the doubt is asked) when another ball of
// the shot was not on the table at the stroke either (strayBall).
func stillReading(rec *shot.Shot, n int, at table.Point, atStroke int) []*shot.Shot {
	if n <= 0 || strayBall(rec, n) {
		return nil
	}
	still := withoutEvents(rec, func(e shot.Event) bool { return names(e, n) })
	still.Before[n] = shot.FromP(at)
	alts := []*shot.Shot{still}
	for _, x := range wentOthers(rec, n, atStroke) {
		cp := clone(rec)
		cp.Before[n] = shot.FromP(at)
		ren := func(b int) int {
			if b == n {
				return x
			}
			return b
		}
		for j := range cp.Events {
			e := &cp.Events[j]
			if e.Kind == shot.Contact {
				e.A, e.B = ren(e.A), ren(e.B)
			} else if len(e.Balls()) == 1 {
				e.Ball = ren(e.Ball)
			}
		}
		// A contact of n with x read as x's is none.
		cp.Events = withoutEvents(cp, func(e shot.Event) bool { return e.Kind == shot.Contact && e.A == e.B }).Events
		alts = append(alts, cp)
	}
	if fi := firstOf(rec); fi >= 0 && names(rec.Events[fi], n) {
		alts = append(alts, firstAlts(rec, anyFirst(rec))...)
	}
	return alts
}
