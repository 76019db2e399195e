package tracking

import "github.com/cueref/cueref/table"

// pocketStepSlack is how far (mm, along the pocket's way in) the last step
// between two detections may go back out of a pocket and still be read as a
// ball going in: the detector's jitter on a slow ball at the mouth.
const pocketStepSlack = 0.25 // × ball radius

// lastStepOut reports whether a missing track's last two detections step back
// out of pocket pk, away from its mouth, by more than the detector's jitter.
//
// Why: the fitted path of a piece that holds a jump (a track that took a
// detection of another ball, or a phantom's, far off) can run through a
// pocket's mouth at thousands of mm/s while the detections themselves end
// going the other way. On rendered seed 2 a phantom labelled 5 (a ball
// pocketed long before) jumped onto ball 14's detections at rest by the foot
// left pocket, went back off them, and was told pocketed there: a pocket
// event of a ball not on the table. A ball that truly drops goes on into the
// pocket from detection to detection.
func (k *Tracker) lastStepOut(tr *track, pk table.Pocket) bool {
	n := len(tr.seg)
	if n < 2 {
		return false
	}
	step := tr.seg[n-1].p.Sub(tr.seg[n-2].p)
	return step.Dot(pk.In) < -pocketStepSlack*k.R
}

// stackedLead (s) is how much longer a ball's track must have rested at a spot
// than another named track that came to rest on it for dropStacked to tell
// which of the two came second.
const stackedLead = 0.5

// stackedMissed is how many frames in a row each of two stacked tracks may
// have gone without a detection for dropStacked to take both for fed by the
// ball they rest on (the detector's detections of it, split between them).
const stackedMissed = 3

// dropStacked forgets, between shots, a named track at rest on a ball that
// another named track has rested on since well before (see stackedLead): two
// balls cannot rest closer than a diameter, so the one that came second
// followed something else there (a phantom on the player's arm that jumped
// onto the ball's detections), and it keeps the number of a ball not there.
// Left alone, the two share the ball's detections, and when the detector's
// read of it jumps into a pocket's jaws (a shadow read as a ball), the
// newcomer is told pocketed: on rendered seed 2 a phantom named 5, a ball
// pocketed long before, came to rest on ball 14 by the foot left pocket and
// was told pocketed there in the next shot.
func (k *Tracker) dropStacked() {
	for i := range k.tracks {
		tr := &k.tracks[i]
		if !k.restingNamed(tr) {
			continue
		}
		for j := range k.tracks {
			x := &k.tracks[j]
			if j == i || !k.restingNamed(x) || x.ball == tr.ball || tr.rest.Dist(x.rest) >= 2*k.R-10 {
				continue
			}
			if tr.restT < x.restT+stackedLead && !k.stackedTie(i, j) {
				continue
			}
			if k.trace != nil {
				k.trace("%.4f drop stacked track %d ball %d at %v (rests since %.4f) on track %d ball %d (since %.4f)", k.lastT, i, tr.ball, tr.rest, tr.restT, j, x.ball, x.restT)
			}
			tr.used = false
			break
		}
	}
}

// restingNamed reports whether tr is a named ball's track at rest on the
// table, seen lately (see stackedMissed).
func (k *Tracker) restingNamed(tr *track) bool {
	return tr.used && tr.confirmed && !tr.gone && !tr.moving && tr.ball >= 0 && tr.missed <= stackedMissed
}
