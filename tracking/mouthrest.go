package tracking

import (
	"fmt"
	"math"

	"github.com/cueref/cueref/shot"
	"github.com/cueref/cueref/table"
)

// The detector does not see a ball at rest by a pocket's mouth, overlapping
// it or on the shelf between the mouth line and the hole (its outline merges
// with the jaws and the dark cut of the slate), and misplaces one rolling
// through the jaws. On rendered frames balls resting within about two
// centimetres of a side pocket's mouth line are not detected at all (seed 5:
// the 15, lost 3 mm past the line at about 60 mm/s, lay on the shelf unseen
// for eight shots; the cue ball rested unseen 20 mm in front of the line).
// Going from view there therefore proves neither a drop nor a stop:
//   - a ball last seen short of the hole, too slow to be sure of reaching it,
//     may rest on the shelf: its pocket is kept for a person to confirm
//     whenever the ball resting there would change the ruling (mouthDoubt);
//   - a ball lost rolling within the mouth, its last detections misplaced so
//     that its path leads away, most likely dropped: it is told pocketed,
//     unseen, for a person to confirm (lostInMouth), not taken for resting
//     and then for lifted by hand;
//   - a cue ball struck from such a place is first seen already moving: the
//     stroke is where it was first seen (bornStruck, missedStroke).

// mouthRestMargin (mm/s): a ball last seen short of a pocket's hole is sure to
// have dropped only when it was faster than the speed needed to roll there by
// this much (the error of a speed read from detections at the jaws).
const mouthRestMargin = 100.0

// hole returns the centre and radius of pocket q's hole, the circle a ball's
// centre must enter to drop (see the shelf and hole constants in jaws.go).
func hole(q table.Pocket) (table.Point, float64) {
	shelf, r := cornerShelf, cornerHole
	if !q.Corner {
		shelf, r = sideShelf, sideHole
	}
	return q.Center.Add(q.In.Scale(shelf + r)), r
}

// shortOfHole reports whether track i, told pocketed in pocket id, was last
// seen with its centre short of the pocket's hole and too slow to be sure it
// rolled on into it: it may rest on the shelf, unseen.
func (k *Tracker) shortOfHole(i int, id table.PocketID) bool {
	return k.holeShort(i, id, k.trace != nil)
}

// holeShort is shortOfHole, traced when tell is set.
func (k *Tracker) holeShort(i int, id table.PocketID, tell bool) bool {
	g := &k.tracks[i]
	q := k.tab.Pocket(id)
	c, r := hole(q)
	p := g.last.p
	gap := p.Dist(c) - r
	v := g.fit.vel(g.last.t)
	sp := v.Len()
	if sp < restSpeed {
		// Seen at rest, then gone: hit into the pocket after its last
		// detection (see missing), at a speed not seen.
		return false
	}
	if gap <= sp*k.dt+3*k.cfg.SigmaMoving {
		// Over the hole, or seen until a frame's travel from it, give or take
		// the position error: it dropped the next moment. (A ball the
		// detector sees on the shelf is seen up to the hole; so is every
		// ball when the camera sees the shelf.)
		return false
	}
	// The run along its way to the hole's edge; heading elsewhere (off a
	// jaw, say), the straight way in.
	run := gap
	along, enters := mouthRun(c, r, p, v) // mouthjaw.go
	if enters {
		run = along
	}
	need := math.Sqrt(2 * rollDecel * run)
	if tell {
		k.trace("%.4f mouth track %d ball %d pocket %s: last %v %.1f mm short of the hole, run %.1f mm, speed %.0f mm/s (needs %.0f) along %v, crosses the mouth %.1f mm off centre", k.lastT, i, g.ball, id, p, gap, run, sp, need, v, mouthCross(q, p, v))
	}
	if headsOutside(q, p, v) {
		// Into the cushion or a point first: it comes off it much slower
		// (mouthbounce.go).
		return sp < mouthOutFactor*(need+mouthRestMargin)
	}
	if fa, fn, ok := k.facingFirst(q, c, r, p, v, along); ok {
		// Onto a jaw's facing first: it runs on along it at what is left
		// of its speed that way, and keeps at most about half of that
		// (mouthjaw.go); a ball too fast to stay out off a cushion dropped
		// whatever its rough way read in the jaws.
		if tell {
			k.trace("%.4f mouth track %d ball %d pocket %s: facing first, %.0f mm/s along it (needs %.0f)", k.lastT, i, g.ball, id, fa, fn)
		}
		return sp < mouthOutFactor*(need+mouthRestMargin) && fa < mouthOutFactor*fn || sp < need+mouthRestMargin || sp < facingAsk
	}
	return sp < need+mouthRestMargin
}

// facingAsk (mm/s): a ball lost short of the hole heading onto a jaw's
// facing first slower than this may have rattled out of the hole and rest in
// the mouth, whatever the model above says of its speed along the facing.
// Rendered seeds 15-22, 86 pocket events of balls lost short of the hole:
// the three that stayed in the mouth all went onto a facing first, at 419,
// 525 and 762 mm/s (seed 22 8-ball 50: the 8 taken for pocketed, a game over
// called unasked); of those that dropped onto a facing, six went at
// 417-497 mm/s and read as sure drops. The speeds overlap: the camera,
// which loses the black ball in the jaws, cannot tell; below facingAsk a
// person is asked (when it changes the call), at the cost of those six.
const facingAsk = 550.0

// mouthDoubt returns the review reason of the first pocket of the shot whose
// ball may rest in the pocket's mouth (see shortOfHole), and the shot read
// with that ball resting where it was last seen; "" when there is none.
func (k *Tracker) mouthDoubt(rec *shot.Shot) (string, []*shot.Shot) {
	short := func(e *pevent) bool { return k.shortOfHole(e.a, e.pocket) }
	return k.potDoubt(rec, short, "ball %d last seen slow in the %s mouth, short of the hole: it may rest there unseen")
}

// potDoubt returns the review reason (format why, with the ball's number and
// the pocket) of the first pocket event of the shot that short says may have
// left its ball out of the hole, and the shot read with that ball resting
// where it was last seen; "" when there is none.
func (k *Tracker) potDoubt(rec *shot.Shot, short func(e *pevent) bool, why string) (string, []*shot.Shot) {
	for i := range k.events {
		e := &k.events[i]
		if e.cancel || e.kind != shot.Pocketed {
			continue
		}
		b := k.aBall(e)
		if b < 0 || !short(e) {
			continue
		}
		return fmt.Sprintf(why, b, e.pocket), []*shot.Shot{restsReading(rec, b, k.tracks[e.a].last.p)}
	}
	return "", nil
}

// restsReading returns rec read with ball b not pocketed but resting at p.
func restsReading(rec *shot.Shot, b int, p table.Point) *shot.Shot {
	cp := withoutEvents(rec, func(e shot.Event) bool { return e.Kind == shot.Pocketed && e.Ball == b })
	if cp.After == nil {
		cp.After = shot.Positions{}
	}
	cp.After[b] = shot.FromP(p)
	return cp
}

// mouthLostSpeed (mm/s): a ball lost from view within half a mouth's width of
// a pocket's centre at this speed or more (less than lostAtPocket's) is taken
// for pocketed, for a person to confirm (see lostInMouth).
const mouthLostSpeed = 100.0

// lostInMouth handles moving track i, lost from view for a while with nothing
// hiding it, last seen within half a mouth's width of a pocket's centre and
// rolling, too slowly for lostAtPocket to be sure it dropped. The detector
// misplaces a ball in the jaws (its outline merges with the jaws and the
// hole: the last detections may even run back, and the path fitted to them
// leads away from the pocket) and does not see one resting by the mouth; so
// going from view there proves nothing either way, but a ball left rolling
// there most likely dropped (seed 5: the 8 lost at 243 mm/s 50 mm from a
// corner's mouth centre, its last detection 35 mm behind it, was taken for
// resting, then lifted: the game-winning pot went untold). It is told
// pocketed, unseen: a person confirms; it is taken back if it shows up on the
// table (see backOnTable). It reports whether it did.
func (k *Tracker) lostInMouth(i int) bool {
	tr := &k.tracks[i]
	pk, d := k.tab.NearestPocket(tr.last.p)
	if d >= pk.Width/2 {
		return false
	}
	if tr.fit.vel(tr.last.t).Len() < mouthLostSpeed {
		k.slowInMouth(i, pk.ID)
		return false
	}
	k.goneEvent(i, shot.Pocketed, tr.last.t, pk.ID, true)
	return true
}

// slowInMouth raises the doubt of moving track i, lost from view within half
// a mouth's width of pocket id's centre, too slowly for lostInMouth to take it
// for pocketed: it is taken for resting there unseen (and then for lifted),
// but it may have rolled on into the hole (seed 9, 10-ball shot 14: the 8,
// lost at 63 mm/s 38 mm in front of a side pocket's mouth line after its jaw,
// dropped 20 ms later; told neither pocketed nor in doubt, the pot became an
// unflagged no_rail foul, rule 3.8). A person is asked whenever the ball
// dropping there would change the ruling.
func (k *Tracker) slowInMouth(i int, id table.PocketID) {
	b := k.tracks[i].ball
	if b < 0 || k.phase != inShot {
		return
	}
	t := k.tracks[i].last.t
	why := fmt.Sprintf("ball %d lost from view slow in the %s mouth: it may have dropped", b, id)
	k.raise(why, func(rec *shot.Shot) []*shot.Shot {
		if rec.Start == nil {
			return nil
		}
		cp := withEvent(rec, shot.Event{T: t - *rec.Start, Kind: shot.Pocketed, Ball: b, Pocket: string(id)})
		delete(cp.After, b)
		return []*shot.Shot{cp}
	})
}

// restedCue returns the track, other than cue (the cue ball found on its way,
// its stroke taken at t), that rested as the cue ball and went from view a
// moment before t, its reads all the cue ball's (votes): the cue
// ball struck from there too fast to follow, the arm and stick over it, its
// track taken for lifted and its number passed to the one that found it on
// its way. The stroke was there and then, not where it was found. Rendered
// 9-ball, seed 68, shot 7 (stroke at 62.896 s): the cue ball, struck at
// 8 m/s from the head end, was first seen 1.8 m on, 0.23 s later; the shot
// was told struck there and then (asked: no stroke seen), and matched to no
// stroke. −1 when there is none.
func (k *Tracker) restedCue(cue int, t float64) int {
	best := -1
	for j := range k.tracks {
		o := &k.tracks[j]
		// (Lifted and its number passed on between shots, it is let go,
		// used no more: resolveIDs.)
		if j == cue || !o.confirmed || o.moving || o.used && !(o.gone && o.lifted) || o.last.t >= t || t-o.last.t >= missedCueTime {
			continue
		}
		if mostVoted(o) == 0 && (best < 0 || o.last.t > k.tracks[best].last.t) { // elimback.go
			best = j
		}
	}
	return best
}

// bornLate (frames): how long after a ball's start the cue ball that met it
// may be first seen, coming back off it (bornStruck).
const bornLate = 2

// bornStruck reports whether track i, read as the cue ball (named so, or
// nameless with its reads the cue ball's), is moving and was first seen no
// more than missedCueTime before time t (or bornLate frames after it), while
// no other track holds the cue ball on the table: a cue ball struck where the
// detector did not see it rest (by a pocket's mouth: taken for pocketed in the
// shot before, say), first seen on its way, or its flight not seen at all and
// first read coming back off the ball it met at t (30 fps blue-cloth 9-ball
// break, bench seed 5: its track at rest let go, lifted, before the break was
// begun; see missedMet). missedStroke then takes the stroke to be where it
// was first seen, or where restedCue finds it rested.
func (k *Tracker) bornStruck(i int, t float64) bool {
	tr := &k.tracks[i]
	cue := tr.ball == 0 || tr.ball < 0 && mostVoted(tr) == 0 && tr.votes[0] >= carryVotes
	if !tr.moving || !cue || tr.born > t+bornLate*k.dt || t-tr.born >= missedCueTime {
		return false
	}
	for j := range k.tracks {
		if o := &k.tracks[j]; j != i && o.used && o.confirmed && !o.gone && o.ball == 0 {
			return false
		}
	}
	return true
}
