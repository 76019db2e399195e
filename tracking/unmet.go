package tracking

import (
	"fmt"
	"math"

	"github.com/cueref/cueref/shot"
)

// An object ball that met a cushion, a pocket or the floor with no contact
// told that set it moving. It was at rest at the stroke (a ball still rolling
// then is told moving), so something met it, unseen: often the cue ball,
// whose first contact then went untold, and the first ball told is a later
// one (rules 1.16, 3.8 and the games' first-ball rules turn on it). A contact
// goes untold when the two balls meet between frames and part again at once:
// the cue ball met a ball resting by a cushion, which met the cushion and
// came back into it (camera model at 30 fps, seed 55, 9-ball shot 203: the 5
// rested 20 mm off the left cushion; the cue ball met it twice, 50 ms apart,
// and went on into the 8; no contact with the 5 was told, its cushion hit was,
// and a wrong-ball foul was called for a legal pot, unasked). Or the contact
// was lost with the ball's track (seed 30, 8-ball shot 66: the cue ball's
// cut on the 11 went untold, the 11 was pocketed, and the 8, met later, was
// told the first ball).
//
// Such a ball's event before the cue ball's first told contact says that
// contact was not its first; after it, the ball may have been met by any
// other, unseen, and it is a doubt only when the cue ball passed it on its
// way to that contact (cuePassed): seed 9, 8-ball shot 8, the cue ball met
// the 13 and then the 1, 21 ms apart, the 13's contact untold; the 13 met a
// cushion 0.85 s later.
//
// unmetDoubt returns the review reason for the first such ball of rec, and
// the reading with the cue ball meeting it first, before its event (seed 27,
// 14.1 shot 126: the 8's contact untold, its cushion hit told 0.36 s before
// the cue ball met it again, the first contact told; read with the first
// contact just before that one, the cushion still came before it and the
// no_rail foul stood, not asked); "" when there is none, or
// in a break (its rack's contacts are many and told in part: a ball of a
// rack met by another unseen says nothing of the cue ball's first ball).
func (k *Tracker) unmetDoubt(rec *shot.Shot) (string, []*shot.Shot) {
	if strayBall(rec, -1) || k.racked() {
		return "", nil
	}
	tf, ok := firstT(rec)
	set := make(map[int]bool) // balls a contact or the tracker's own word explains
	for _, e := range rec.Events {
		switch e.Kind {
		case shot.Contact:
			set[e.A], set[e.B] = true, true
		case shot.Moving, shot.Touch:
			set[e.Ball] = true
		case shot.RailHit, shot.Pocketed, shot.OffTable:
			if b := e.Ball; b > 0 && !set[b] && (!ok || e.T < tf || k.cuePassed(rec, b, tf)) {
				why := fmt.Sprintf("ball %d %s with no contact told before: the cue ball may have met it first", b, unmetWhat[e.Kind])
				// Met before it went where it went (and before the first
				// contact told).
				t := e.T
				if ok {
					t = math.Min(t, tf)
				}
				return why, []*shot.Shot{withEvent(rec, shot.Event{T: math.Max(t-1e-4, 0), Kind: shot.Contact, A: 0, B: b})}
			}
		}
	}
	return "", nil
}

// unmetWhat names the event of an unmet ball in unmetDoubt's reason.
var unmetWhat = map[string]string{
	shot.RailHit:  "met a cushion",
	shot.Pocketed: "was pocketed",
	shot.OffTable: "left the table",
}

// cuePassed reports whether the cue ball's detections, joined frame to frame
// up to its first told contact at tf (shot time), passed within missGap of
// touching ball b where it rested at the stroke.
func (k *Tracker) cuePassed(rec *shot.Shot, b int, tf float64) bool {
	q, ok := rec.Before[b]
	cue := k.strikeTr
	if !ok || cue < 0 || cue >= len(k.tracks) || rec.Start == nil {
		return false
	}
	return k.cueWayDist(q.P(), *rec.Start+tf)-2*k.R < k.missGap()
}
