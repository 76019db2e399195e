package tracking

import "github.com/cueref/cueref/shot"

// A ball resting at a pocket's lip that a ball meets can drop at once, moved
// too little to be seen moving first. The tests that tell it pocketed as it
// goes (missing's branch for a resting ball by a pocket: a contact told, a
// ball seen passing it, met in the mouth) look at it while it is unseen in
// the shot, mouthGone only on the last frame before it would be taken off by
// hand (liftTime). The shot must not end before that: at the end a vanished
// ball is taken off by hand.
//
// Rendered 14.1, seed 67, shot 62: the 1 rested in the foot-right mouth;
// the cue ball, the last ball moving, met it at 466.29 s and stopped 0.08 s
// later; the 1 crept 5 mm and dropped at 466.37 s (truth), last read at
// 466.42. The shot ended at 466.50 with every ball read at
// rest, and the 1, unseen, was taken off the table by hand 0.8 s later: a
// ball potted in 14.1 and neither the pot nor the contact told. The shot now
// waits; the 1 is told pocketed at 466.425 s (met in the mouth and gone,
// mouthGone), for a person to confirm.
//
// Only a ball told met (a provisional contact) in the lipMet before its last
// read holds the shot: a ball by a pocket that the detector misses now and
// then holds nothing (TestPairMergeRendered: a 6 resting by the foot-left
// pocket was told pocketed when every such ball held the shot).

// lipMet (s): how recently before its last read a resting ball by a pocket
// must have been told met to hold the shot (lipWait).
const lipMet = 0.5

// lipWait reports whether resting track i, by a pocket, met in the shot and
// unseen since, keeps the shot open until it is taken for gone (liftTime).
func (k *Tracker) lipWait(i int) bool {
	tr := &k.tracks[i]
	if k.phase != inShot || tr.moving || tr.gone || tr.seen || tr.missClr == 0 || tr.missClr >= int(liftTime*k.cfg.FPS) || tr.last.t < k.strikeT {
		return false
	}
	if pk, d := k.tab.NearestPocket(tr.rest); d >= pk.Width/2+2*k.R {
		return false
	}
	for _, q := range k.provs {
		if q.kind == shot.Contact && (q.a == i || q.b == i) && q.t >= k.strikeT && q.t > tr.last.t-lipMet {
			return true
		}
	}
	return false
}
