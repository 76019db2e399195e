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

// readIntoReach (mm): a ball last read this near a pocket's mouth line, on
// its way in from where it rested with no cushion between, went in.
const readIntoReach = 2 * table.BallRadius

// readInto looks at resting track i, hit at tc and gone after a read or two
// off its rest point: when the way from its rest point through its last read
// (pendAway or more out) runs into a pocket's mouth within readIntoReach of
// that read, it reports the pocket and when the ball reached the mouth, at
// the speed the read shows. The ball seen at the mouth heading in dropped;
// it did not leave the table, however hard it was hit (struckInto leaves a
// ball hit at throwSpeed or more to the off-table doubts: it may be thrown
// up before any read shows it). Camera model at 30 fps, seed 7, 14.1 shot
// 65: the 1, hit at 3.2 m/s, was read once, 30 mm in front of the
// foot-right corner's mouth line, and dropped off the jaw; told off the
// table, object_ball_off_table, unasked, on a legal pot. Told pocketed
// unseen, the shot is asked about ("pocket not seen").
func (k *Tracker) readInto(i int, tc float64) (table.PocketID, float64, bool) {
	tr := &k.tracks[i]
	v := tr.last.p.Sub(tr.rest)
	l := v.Len()
	if l < pendAway || tr.last.t <= tc {
		return "", 0, false
	}
	pk, d, ok := k.lineInto(tr.last.p, v.Scale(1/l), readIntoReach)
	if !ok {
		return "", 0, false
	}
	sp := l / (tr.last.t - tc)
	if k.trace != nil {
		k.trace("%.4f read into %s: track %d ball %d last read %.0f mm out, %.0f mm from the mouth", k.lastT, pk, i, tr.ball, l, d)
	}
	return pk, tr.last.t + d/sp, true
}
