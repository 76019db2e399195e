package tracking

import (
	"github.com/cueref/cueref/shot"
	"github.com/cueref/cueref/table"
)

// Gone in a mouth after a ball met it. A ball resting in a corner pocket's
// mouth, met by another and gone from view at once with nothing hiding it,
// was knocked in, or deeper into the jaws where the camera cannot see it; it
// was not lifted by hand in the middle of a shot. Rendered 9-ball, seed 21,
// shot 22: ball 2 rolled into the 8, resting in the foot-right mouth; the 8
// went 20 mm deeper and was not detected again. Taken for lifted, it was off
// the table for the tracker, and when ball 2 knocked it in five shots later
// nothing was told: a ruling wrong and unflagged.
//
// So such a ball is told pocketed, unseen (the shot asks), and remembered as
// one that may rest in the mouth unseen (jawrest.go): a later shot in which
// any ball goes into that mouth and is told hitting something there asks
// too.

// mouthGoneReach (mm): how near (centre to centre) another ball must have come
// to the resting ball: touching, with the position errors of a ball read in a
// mouth.
const mouthGoneReach = 10

// mouthGone tells resting track i, unseen since a moment (the last frame
// before it would be taken for lifted), pocketed unseen in pocket pk when a
// ball moving in the shot came within touching distance of its rest point in
// the last liftTime and a little, and reports whether it did.
func (k *Tracker) mouthGone(i int, pk table.Pocket) bool {
	tr := &k.tracks[i]
	if tr.ball <= 0 || !pk.Corner || tr.missClr != int(liftTime*k.cfg.FPS)-1 {
		return false
	}
	from := tr.last.t - 0.1
	for j := range k.tracks {
		o := &k.tracks[j]
		if j == i || !o.used || !o.confirmed {
			continue
		}
		for _, s := range o.slog {
			if s.t < from || s.t < k.strikeT || s.p.Dist(tr.rest) > 2*k.R+mouthGoneReach {
				continue
			}
			if k.trace != nil {
				k.trace("%.4f mouth gone: track %d ball %d, resting in the %s mouth, met by track %d at %.4f (%.1f mm) and gone since %.4f", k.lastT, i, tr.ball, pk.ID, j, s.t, s.p.Dist(tr.rest), tr.last.t)
			}
			k.mouthHit(i, j, s) // mouthhit.go
			k.goneEvent(i, shot.Pocketed, tr.last.t+0.5*k.dt, pk.ID, true)
			k.mouthGoneBalls = append(k.mouthGoneBalls, jawRest{ball: tr.ball, pocket: pk.ID, at: tr.last.p})
			return true
		}
	}
	return false
}
