package tracking

import (
	"github.com/cueref/cueref/shot"
	"github.com/cueref/cueref/table"
)

// A resting ball struck and never seen again went where the stroke sent it:
// along the line of centres, from the contact point through its centre (for
// equal balls, a cut or a full hit alike). When that
// line runs into a pocket's mouth with no cushion in the way, and the hit was
// hard enough to carry it there, the ball that vanished on its way dropped;
// it did not leave the table.
//
// Rendered seed 49, 14.1 shot 65: the green 6, 250 mm in front of the
// head-right corner, cut in at 1.6 m/s along the head cushion. The detector
// missed it on every one of the ten frames it ran (green on green cloth, in
// its own blur, by the cushion's shadow), so hitAndGone took it for a ball
// jumped off the table: object_ball_off_table told on a legal pot, unflagged.
// struckInto tells it pocketed in that corner, unseen, so that a person
// confirms ("pocket not seen (occluded)"), and a read of it anywhere later
// takes the pocket back (backOnTable), as for any ball told pocketed unseen.

// throwSpeed (mm/s): a ball is thrown up only by a hit that leaves it this fast
// (see jumpInto), and no ball leaves a contact faster than the faster ball came
// into it. A ball that vanishes after a hit by a ball this fast, even heading
// for a pocket, is left to the off-table doubts (offrail.go: no-render seed 1
// at 120 fps, 8-ball shot 160, ball 6 driven at the head-left mouth by the cue
// ball at 4 m/s flew off the table; its closing speed, fitted through the
// cue ball's blur, read 2.0 m/s).
const throwSpeed = 2500.0

// struckInto looks at resting track i, hit at tc and unseen since: it reports
// the pocket its line of centres leads into within the distance the hit
// carries it, and when it reached the mouth.
func (k *Tracker) struckInto(i int, tc float64) (table.PocketID, float64, bool) {
	tr := &k.tracks[i]
	for j := len(k.events) - 1; j >= 0; j-- {
		e := &k.events[j]
		if e.kind != shot.Contact || e.cancel || e.t != tc || (e.a != i && e.b != i) {
			continue
		}
		if !e.hasAt || !e.closingOK {
			return "", 0, false
		}
		u := tr.rest.Sub(e.at)
		l := u.Len()
		// The contact point is a radius from the centre; a point far from
		// that is no line of centres to go by.
		if l < k.R/2 || l > 2*k.R {
			return "", 0, false
		}
		// An equal ball takes the closing speed along the line of centres.
		sp := e.closing
		if sp < 100 || e.inSpeed >= throwSpeed {
			return "", 0, false
		}
		pk, d, ok := k.lineInto(tr.rest, u.Scale(1/l), sp*sp/(2*rollDecel))
		if !ok {
			return "", 0, false
		}
		if k.trace != nil {
			k.trace("%.4f struck into %s: track %d ball %d hit at %.4f closing %.0f mm/s, %.0f mm to the mouth", k.lastT, pk, i, tr.ball, tc, sp, d)
		}
		return pk, tc + d/sp, true
	}
	return "", 0, false
}
