package tracking

import "github.com/cueref/cueref/shot"

// The cue ball dropped from the lip. A ball can come to rest hanging over a
// pocket's hole, past the mouth line; struck there, it drops before a frame
// shows it moving, and between shots its going looked like a lift by hand
// (ball in hand, taken up to be put down elsewhere): no shot was told at all.
// Camera model at 30 fps, seed 44, 9-ball shot 65 (a push-out): the cue ball,
// left by the break 15 mm off the head-left corner, dropped 0.4 ms after the
// stroke; seed 38, 14.1 shot 183: the same over the right side pocket. Both
// shots untold, their fouls never called.
//
// A cue ball in hand is taken up from there as well, to be put down
// elsewhere, and nothing in view tells the two apart (a hand and a cue both
// come over the ball; the simulator's lift shows neither). Taken for struck
// whenever it rested over a hole, it told five shots where none was played
// on nine of the work set's seeds, every one a cue ball in hand taken up
// from the lip. The rules know: so when the judge (a HandJudge) says the cue
// ball was not in hand, a cue ball at rest over a hole between shots, gone
// with nothing hiding it, was struck in: a shot begins where it was last
// seen, and it is pocketed there. (Taking it up by hand would be a foul too,
// rule 1.19; the shot is asked about all the same.) Without a judge that
// can tell, it is taken for lifted, as before.

// holeDropWhy is the review reason of a shot begun by dropFromHole.
const holeDropWhy = "the cue ball, at rest over the hole of a pocket, went with no stroke seen: struck in, or taken up by hand?"

// dropFromHole begins a shot for cue ball track i, unseen between shots, when
// it rested over a pocket's hole (see above); it reports whether it did.
func (k *Tracker) dropFromHole(i int) bool {
	tr := &k.tracks[i]
	if k.phase != idle || k.lagDue || tr.ball != 0 || tr.moving || !tr.confirmed || tr.npend > 0 {
		return false
	}
	pk, ok := k.overHole(tr.rest)
	if !ok {
		return false
	}
	if in, known := k.cueInHand(tr.last.t); !known || in {
		return false
	}
	t := tr.last.t + 0.5*k.dt
	if k.trace != nil {
		k.trace("%.4f dropped from the hole: track %d at %v over pocket %s, last seen %.4f", k.lastT, i, tr.rest, pk, tr.last.t)
	}
	k.chg = append(k.chg, change{tr: i, start: true, t: t, frame: k.frame, in: still(tr.rest, t),
		first: sample{t, tr.rest}, lastIn: t, partner: -1})
	k.beginShot(len(k.chg) - 1)
	k.goneEvent(i, shot.Pocketed, t, pk, true)
	k.reviewWhy = holeDropWhy
	return true
}

// The cue ball struck out of view. Between shots, the cue ball read once off
// its spot and then gone with nothing hiding it went with a stroke (a hand
// that takes it up is not read carrying it off a frame before): camera
// model at 30 fps, seed 34, 9-ball shot 27, the cue ball struck into the 2
// by the left cushion, read 65 mm off its spot, and both jumped off the
// table; the two were taken for lifted and no shot was told. When the judge
// says the cue ball was not in hand (see above), and no other ball is
// moving or starting (a ball the cue ball set off shows the stroke, and
// missedStroke begins the shot from it: held-out seed 79, 14.1 shot 84, the
// cue ball lost for 0.3 s as it drove the 3 away, was told off the table),
// a shot begins at its last read at rest, and it went off the table
// unseen, asked about.

// struckAwayWhy is the review reason of a shot begun by struckAway.
const struckAwayWhy = "the cue ball, read once off its spot, went from view with no stroke seen: struck off the table, or taken up by hand?"

// struckAway begins a shot for cue ball track i, unseen between shots, when
// its last read was off its rest point (a start pending) and it was not in
// hand (see above); it reports whether it did.
func (k *Tracker) struckAway(i int) bool {
	tr := &k.tracks[i]
	if k.phase != idle || k.lagDue || tr.ball != 0 || tr.moving || !tr.confirmed || tr.npend == 0 {
		return false
	}
	p := tr.pend[tr.npend-1]
	if p.p.Dist(tr.rest) <= startFar || p.t < tr.last.t {
		return false
	}
	if !k.othersStill(i) { // handplace.go
		return false // the stroke shows there: missedStroke's
	}
	t := tr.pend[0].t - 0.5*k.dt
	if in, known := k.cueInHand(t - 0.5*k.dt); !known || in {
		return false
	}
	if k.trace != nil {
		k.trace("%.4f struck away: track %d from %v, read at %v at %.4f, then gone", k.lastT, i, tr.rest, p.p, p.t)
	}
	k.chg = append(k.chg, change{tr: i, start: true, t: t, frame: k.frame, in: still(tr.rest, t),
		first: sample{t, tr.rest}, lastIn: t, partner: -1})
	k.beginShot(len(k.chg) - 1)
	k.goneEvent(i, shot.OffTable, p.t+0.5*k.dt, "", true)
	k.reviewWhy = struckAwayWhy
	return true
}
