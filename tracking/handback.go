package tracking

import (
	"math"

	"github.com/cueref/cueref/shot"
)

// A hand back from the pocket. Between shots the detector now and then reads
// the shooter's bridge hand, or the cue by it, as a ball: when it names a
// pocketed ball clearly enough, that ball comes back (readBack) where the hand
// is. The hand then moves, the "ball" with it, untouched; it rests with the
// hand on the bed behind the cue ball, and after the stroke it leaves along
// the cue's line as the arm draws back: a touch (rule 1.19) and a ball off the
// table, where nothing was touched (rendered bench seed 15, 14.1 shot 43:
// ball 10, pocketed at 321.4 s, back on one weak read and one clear one at
// 336.2 s, moved 60 mm at once and again 0.4 s later, rested 300 mm behind
// the cue ball, started 0.49 s after the stroke and left over the head
// cushion at 2.4 m/s: "touched_ball" on a legal shot, unasked).
//
// A ball put back by hand (spotted, re-racked) is let go at rest and stays
// there until the next shot moves it by a contact. Of the 1297 returns of
// the no-render bench (seeds 1 and 2, 60 fps) none came back alone from the
// pocket and started untouched within handSoon; of the 87 of rendered seed
// 15, two did, both false (this ball 10, and a "3" read at (1721, 99) in
// 9-ball at 105.3 s, lost again in the shot). Balls re-racked together trade numbers as
// they settle, and their tracks jump (backAlone). So a ball back alone from
// the pocket between shots that started untouched within handSoon, and then
// in the shot moves again untouched, meeting no ball, is no ball: it was not
// on the table at the stroke, and its events are dropped.

// handSoon (s): a ball back from the pocket that starts untouched this soon
// came back in a hand (case above: 0.035 s).
const handSoon = 1.0

// backHand notes, as track tr comes back onto the table, whether it was gone
// from it (pocketed, off it, or lifted: see liftback.go; not the cue ball,
// which comes back in hand after a scratch and is moved by hand) between
// shots.
func (k *Tracker) backHand(tr *track) {
	tr.backIdle = tr.gone && tr.ball > 0 && k.phase == idle
	tr.backLift = tr.lifted // asked, not dropped (liftback.go)
	tr.handT = 0
	// Its place before it went down a pocket or off the table is no home
	// (wanderhome.go); a home it had when it was lifted stays (lifthome.go).
	tr.homeOK = tr.homeOK && tr.lifted
}

// backAlone reports whether track i came back alone: no other ball came back
// within handSoon of it. In a re-rack the balls come back together and
// their tracks trade numbers as they settle, which the tracker sees as starts
// (no-render bench, seed 1: 8-ball at 2050.8 s, ball 2's track jumped 55 mm
// to its own place in the rack 0.05 s after coming back).
func (k *Tracker) backAlone(i int) bool {
	t := k.tracks[i].backT
	for j := range k.tracks {
		if x := &k.tracks[j]; j != i && x.used && x.backT > 0 && math.Abs(x.backT-t) < handSoon {
			return false
		}
	}
	return true
}

// dropHandBack takes, as the shot ends, every ball that came back in a hand
// (see above) and moved by itself in the shot (touched, or moving at the
// stroke: the 9-ball "3" above was asked as "may have been moving at the
// stroke") off the table: it never came back. The marks are forgotten: each
// counts for the next shot only.
func (k *Tracker) dropHandBack() {
	for i := range k.tracks {
		tr := &k.tracks[i]
		handT := tr.handT
		tr.handT, tr.backIdle = 0, false
		if handT == 0 || !tr.used || i == k.strikeTr || !k.movedAlone(i) || k.hasContact(i) {
			continue
		}
		if tr.backLift {
			k.askLiftBack(i, handT) // liftback.go
			continue
		}
		if k.trace != nil {
			k.trace("%.4f track %d ball %d came back in a hand at %.4f (moved at %.4f): no ball", k.lastT, i, tr.ball, tr.backT, handT)
		}
		k.dropMoves(i, shot.Touch, shot.RailHit, shot.Moving, shot.Pocketed, shot.OffTable)
		for j := range k.weak {
			if k.weak[j].tr == i {
				k.weak[j].back = true // no ball's start: nothing to ask
			}
		}
		delete(k.before, i)
		delete(k.beforeID, i)
		if !tr.gone {
			tr.gone, tr.lifted, tr.moving, tr.goneT = true, false, false, tr.last.t
		}
	}
}

// movedAlone reports whether track i moved in the shot by itself: the shot
// has a touch of it, or it was moving at the stroke (an event, or a doubt),
// or it started with no ball near, too weakly to call a touch (weakTouch;
// rendered 9-ball, seed 75, shot 37: a bridge hand read as the 3, pocketed
// long before, left with the arm after the stroke; the shot told a cushion
// hit of the 3 and asked whether it was touched, and the hand's weak start
// is dropped with it).
func (k *Tracker) movedAlone(i int) bool {
	for j := range k.events {
		if e := &k.events[j]; !e.cancel && (e.kind == shot.Touch || e.kind == shot.Moving) && e.a == i {
			return true
		}
	}
	for _, d := range k.doubts {
		if !d.lost && d.tr == i {
			return true
		}
	}
	for _, w := range k.weak {
		if !w.back && w.tr == i {
			return true // a start too weak to call a touch, and no ball met it
		}
	}
	return false
}

// handStart reports whether start c, between shots, is of a ball back alone
// from the pocket within handSoon (see above): the hand that brought it back,
// not a ball struck while the cue ball was lost from view (missedStroke).
// Rendered 9-ball, seed 26, 288.5 s: as the cue ball was lifted for ball in
// hand, the hand was read as the 8, pocketed long before, which "started"
// 0.08 s after it came back; a shot was told struck then, asked, and ruled
// a no-contact foul.
func (k *Tracker) handStart(c *change) bool {
	tr := &k.tracks[c.tr]
	return c.start && tr.backIdle && c.t-tr.backT < handSoon && k.backAlone(c.tr)
}
