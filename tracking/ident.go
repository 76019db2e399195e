package tracking

import (
	"math"

	"github.com/cueref/cueref/shot"
	"github.com/cueref/cueref/table"
)

// A detector misreads some balls again and again (a stripe whose number it
// never sees, a ball it takes for another one that is plainly elsewhere): the
// votes then name no ball for that track, and every event of it would go
// unidentified. When every other ball of the game is accounted for, the one
// left is that ball.

// elimHold is how much a track named by elimination prefers that ball in
// resolveIDs: as much as a track whose votes are half for it, so that a few
// weak readings on a new track (a false detection) do not take it away.
const elimHold = 0.5

// elimDetections is how many detections in a row, with at most one frame
// missed between two, a track needs before it may be named by elimination: a
// ball on the table is seen in nearly every frame, while the false detections
// of an arm or a cue come and go.
const elimDetections = 20

// eliminate names by elimination, after resolveIDs: when exactly one confirmed
// track (on the table, or gone in the shot) has no identity and exactly one
// ball in play is held by no track, the track is that ball. A track so named
// keeps the name while the ball stays free (a false detection that starts a
// second nameless track later does not undo it); the votes decide again as
// soon as they name a ball.
func (k *Tracker) eliminate() {
	if k.phase == idle {
		k.dropDuplicates()
		k.dropStacked() // pocketstep.go
	}
	if k.phase == inShot {
		k.jawsName() // jawsname.go
		k.backOnTable()
	}
	var held [16]bool
	for i := range k.tracks {
		if tr := &k.tracks[i]; tr.used && tr.confirmed && tr.ball >= 0 {
			held[tr.ball] = true
		}
	}
	// Tracks named before keep their ball while it stays free.
	for i := range k.tracks {
		tr := &k.tracks[i]
		if !tr.used || tr.elim == 0 {
			continue
		}
		b := tr.elim - 1
		switch {
		case tr.ball == b:
		case tr.ball < 0 && tr.confirmed && !tr.lifted && !held[b]:
			tr.ball = b
			held[b] = true
		default:
			// The votes named another ball, or another track holds it.
			if k.trace != nil {
				k.trace("%.4f id track %d loses %d named by elimination (now %d)", k.lastT, i, b, tr.ball)
			}
			tr.elim = 0
		}
	}
	unknown, nUnknown := -1, 0
	for i := range k.tracks {
		tr := &k.tracks[i]
		// A track taken off by hand says nothing of what is on the table, nor
		// does one that stands where a known ball stands (a false detection
		// between the balls of a cluster: no ball fits there).
		// One gone in an earlier shot was judged with that shot.
		if tr.used && tr.confirmed && tr.ball < 0 && !tr.lifted && !k.overlapsKnown(i) &&
			(!tr.gone || k.phase == inShot && tr.goneT >= k.strikeT) {
			unknown = i
			nUnknown++
		}
	}
	free, nFree := -1, 0
	for b := range 16 {
		if k.inPlay[b] && !held[b] {
			free = b
			nFree++
		}
	}
	// Every ball held, some only by gone tracks: one may be back (elimback.go).
	if nUnknown >= 1 && nFree == 0 && k.placeBack() {
		return
	}
	if nUnknown == 1 && nFree == 0 && k.elimBack(unknown) {
		return
	}
	if nUnknown >= 1 && k.cuePutBack() { // cueplace.go
		return
	}
	if nUnknown != 1 || nFree != 1 {
		return
	}
	tr := &k.tracks[unknown]
	if tr.gone || !k.steady(tr) {
		return
	}
	if k.trace != nil {
		k.trace("%.4f id track %d -1 -> %d by elimination", k.lastT, unknown, free)
	}
	tr.ball, tr.elim, tr.namedT = free, free+1, k.lastT
	// Named so while it rolled in a shot: most often a false detection that
	// took over a ball's path (see unknownAtStroke). Not a track that held
	// this very number at the stroke and lost it for a frame as it started
	// (its few readings outweighed by a blurred one of another ball): that is
	// the ball that rested there, not a new track on its path. Seed 38 14.1
	// from 165.5 s: ball 14, never read well, lost its number for the frame
	// the cue ball sent it off and was named again at once; twelve shots
	// after it were asked "ball 14, met by the cue ball, known only by
	// elimination", all needlessly.
	id, known := k.beforeID[unknown]
	tr.elimMoved = k.phase == inShot && tr.moved && !(known && id == free)
}

// steady reports whether track tr was seen in nearly every frame lately (see
// elimDetections).
func (k *Tracker) steady(tr *track) bool {
	if tr.nh < elimDetections || tr.missed > 1 {
		return false
	}
	n := len(tr.hist)
	for j := 1; j < elimDetections; j++ {
		a, b := tr.hist[(tr.nh-j)%n], tr.hist[(tr.nh-j-1)%n]
		if a.t-b.t > 2.5*k.dt {
			return false
		}
	}
	return true
}

// onKnownBall reports whether p lies nearer than a diameter (less a margin for
// the noise) to a ball with an identity at rest, other than track except (−1
// none): no other ball fits there.
func (k *Tracker) onKnownBall(p table.Point, except int) bool {
	for j := range k.tracks {
		x := &k.tracks[j]
		if j != except && x.used && x.confirmed && !x.gone && !x.moving && x.ball >= 0 && p.Dist(x.rest) < 2*k.R-10 {
			return true
		}
	}
	return false
}

// overlapsKnown reports whether track i rests where a ball with an identity
// rests (see onKnownBall).
func (k *Tracker) overlapsKnown(i int) bool {
	tr := &k.tracks[i]
	return !tr.moving && !tr.gone && k.onKnownBall(tr.rest, i)
}

// phantom reports whether track i, without an identity, can be no ball: every
// ball in play is accounted for by another track, on the table or gone from it
// (a ball taken for lifted during the shot in progress is not: it most likely
// stands unseen, or its track lost it to another one). Such a track follows a
// false detection (an arm, a cue, a hand), and its events are not the balls'.
func (k *Tracker) phantom(i int) bool {
	tr := &k.tracks[i]
	if tr.ball >= 0 {
		return false
	}
	// A track the detector named an object ball of the game again and
	// again is a ball whose number another track took wrongly (as in a
	// break), not a false detection.
	for b := 1; b < 16; b++ {
		if k.inPlay[b] && tr.votes[b] >= phantomVotes {
			return false
		}
	}
	if k.metFromRest(i) {
		return false
	}
	var held [16]bool
	for j := range k.tracks {
		x := &k.tracks[j]
		if j == i || !x.used || !x.confirmed || x.ball < 0 {
			continue
		}
		if x.lifted && k.phase == inShot && x.goneT >= k.strikeT || !x.gone && x.missed > phantomMissed {
			continue
		}
		if k.offHeld(j, i) {
			continue // i may be x's ball going on (onward.go)
		}
		held[x.ball] = true
	}
	for b := range 16 {
		if k.inPlay[b] && !held[b] {
			return false
		}
	}
	return true
}

// metFromRest reports whether track i rested on the bed since well before the
// stroke and was set off in the shot by a ball meeting it: a ball, whatever
// the numbers held by other tracks say. A false detection (an arm, a cue, a
// hand) does not sit still through the stroke and start as a ball reaches it.
// Rendered 8-ball, seed 64, shot 47 (stroke at 359.678 s): the 14, resting
// unnamed by the foot cushion for minutes (its number held by a track gone
// from the table in an earlier rack), was met by the cue ball and pocketed;
// taken for a phantom, its contact and pocket were dropped: a no_contact foul
// for a legal pot, unflagged.
func (k *Tracker) metFromRest(i int) bool {
	tr := &k.tracks[i]
	if _, ok := k.before[i]; !ok || k.phase != inShot || tr.restT > k.strikeT-metRestBefore || tr.startT <= k.strikeT {
		return false
	}
	for j := range k.events {
		e := &k.events[j]
		if !e.cancel && e.kind == shot.Contact && (e.a == i || e.b == i) && math.Abs(e.t-tr.startT) < 2*k.dt {
			return true
		}
	}
	return false
}

// metRestBefore (s): how long before the stroke a track met from rest had to
// be resting there to be a ball (metFromRest).
const metRestBefore = 1.0

// phantomVotes is how much identity evidence for one object ball (about 20
// readings, a third of a second seen as that ball) makes a track a ball for
// phantom, whichever track holds that number.
const phantomVotes = 16.0

// phantomMissed is how many frames in a row a ball on the table may have been
// missed and still account for its number in phantom.
const phantomMissed = 3

// dropPhantoms forgets, at the end of a shot, the tracks without an identity
// that went from the table during it while no ball was left for them: they
// followed false detections, and left alone they would stand for a ball gone
// unseen in every shot to come.
func (k *Tracker) dropPhantoms() {
	for i := range k.tracks {
		tr := &k.tracks[i]
		if tr.used && tr.confirmed && tr.gone && !tr.lifted && tr.goneT >= k.strikeT && k.phantom(i) {
			if k.trace != nil {
				k.trace("%.4f drop phantom track %d gone at %.4f", k.lastT, i, tr.goneT)
			}
			tr.used = false
		}
	}
}

// phantomEvent reports whether event e could not be told for want of an
// identity that no ball is left for (see phantom), or is a contact of a ball
// with its own new track.
func (k *Tracker) phantomEvent(e *pevent) bool {
	if e.ids[0] < 0 && k.phantom(e.a) {
		return true
	}
	if e.kind == shot.Contact && (e.ids[0] < 0) != (e.ids[1] < 0) {
		// The track without a number then has the other's number now:
		// it followed the same ball (the other's track lost it), and a
		// ball does not hit itself. (Each side's ball as toEvent takes it.)
		a, b := k.tracks[e.a].ball, k.tracks[e.b].ball
		if a < 0 {
			a = e.ids[0]
		}
		if b < 0 {
			b = e.ids[1]
		}
		if a >= 0 && a == b {
			return true
		}
	}
	return e.kind == shot.Contact && e.ids[1] < 0 && k.phantom(e.b)
}

// dropDuplicates forgets, between shots, every track without an identity at
// rest where a known ball rests (see overlapsKnown): a false detection beside a
// ball (a reflection, a gap in a cluster), or a track that followed an arm or a
// cue and came to rest on a ball, would otherwise take that ball's detections
// when it is struck.
func (k *Tracker) dropDuplicates() {
	for i := range k.tracks {
		tr := &k.tracks[i]
		if tr.used && tr.confirmed && tr.ball < 0 && !tr.gone && k.overlapsKnown(i) {
			if k.trace != nil {
				k.trace("%.4f drop duplicate track %d at %v", k.lastT, i, tr.rest)
			}
			tr.used = false
		}
	}
}

// backVotes is the identity evidence (about four clear readings, and half its
// evidence) a track on the table needs for backOnTable to take a ball it holds
// for not gone.
const backVotes = 3.0

// backGap (mm): how near where a track was last seen a new one must start to
// have taken its ball's detections from it (see backOnTable).
const backGap = 150.0

// backOnTable withdraws a pocket or off_table event of the shot in progress,
// told while the ball could not be seen, when the ball's number has since
// passed to a track on the table that the detector reads as that ball: the
// ball was not gone, its track lost it (to a new track, near a pocket, say) and
// was taken for gone in its stead, the way newTrack takes a ball back that
// shows up where it went. An event seen happening stays, for a person to
// review: the track that went may have been another ball taken for this one;
// so does one of the cue ball, which false detections are read as.
func (k *Tracker) backOnTable() {
	for j := range k.events {
		e := &k.events[j]
		if e.cancel || e.kind != shot.Pocketed && e.kind != shot.OffTable {
			continue
		}
		b := e.ids[0]
		if b < 0 || k.tracks[e.a].ball == b {
			continue
		}
		held := -1 // the track on the table that holds the ball
		for i := range k.tracks {
			x := &k.tracks[i]
			if i != e.a && x.used && x.confirmed && !x.gone && x.ball == b && x.votes[b] >= backVotes && x.votes[b] >= 0.5*sum(x.votes[:]) {
				held = i
				// A track born in the shot near where the one that went
				// was last seen, shortly before it went, took the ball's
				// detections from it: the ball went on.
				g := &k.tracks[e.a]
				took := x.born >= k.strikeT && x.born <= e.t+0.1 && x.bornAt.Dist(g.last.p) < backGap
				// Or, seen going, a nameless track took the ball up
				// where g last saw it (wenton.go).
				byWay := !e.unseen && !took && !k.offBed(e) && k.wentOn(i, e.a)
				// Or it rattled in the jaws and rolled back out
				// (jawsback.go).
				jaws, wait := k.outOfJaws(e, i)
				// Or, the cue ball lost from view on the open bed, it
				// came back into view (offback.go).
				back, waitBack := k.offBack(e, i)
				// Or, told pocketed from its way, it rolled on (cuerolled.go).
				if !back && !waitBack {
					back, waitBack = k.cueRolledOn(e, i)
				}
				if wait || waitBack {
					e.waitBack = true
					break // the cue ball, maybe out of the jaws or back in view: judged once its track stops
				}
				if (!e.unseen && !took && !byWay && !jaws && !back && !k.offBed(e)) || b == 0 && !jaws && !back {
					// Seen going: it may have been another ball that
					// its track took for this one. The cue ball: false
					// detections on an arm or the cue are read as it.
					// A person decides.
					kind := e.kind
					k.raise(goneWhy(b, kind), func(rec *shot.Shot) []*shot.Shot { return goneReading(rec, b, kind) })
					break
				}
				if c := k.swappedOff(e.a, i); c >= 0 {
					// The two swapped balls: the one gone is the other (gonetake.go).
					if k.trace != nil {
						k.trace("%.4f ball %d back on the table on track %d, which held ball %d at the stroke: %s of track %d is ball %d's", k.lastT, b, i, c, e.kind, e.a, c)
					}
					g := &k.tracks[e.a]
					g.ball, g.elim, g.namedT = c, c+1, k.lastT
					e.ids[0] = c
					k.swapOff = append(k.swapOff, [2]int{e.a, i})
					break
				}
				if k.trace != nil {
					k.trace("%.4f ball %d back on the table on track %d: %s of track %d withdrawn", k.lastT, b, i, e.kind, e.a)
				}
				e.cancel = true
				k.selfContacts(e.a, i)
				if byWay || jaws || back {
					k.passStroke(e.a, i) // wenton.go
				}
				break
			}
		}
		if held == -1 && e.waitBack && !e.cancel {
			// The track waited on lost the ball before it showed
			// (pocketed, say): a person decides.
			kind := e.kind
			k.raise(goneWhy(b, kind), func(rec *shot.Shot) []*shot.Shot { return goneReading(rec, b, kind) })
			e.waitBack = false
		}
	}
}

// selfContacts cancels the contacts told between track g, whose ball was
// taken for gone, and track x, which holds that ball on the table (see
// backOnTable): they are one ball, and a ball does not meet itself. Such a
// contact comes from x setting off where g was last seen, as a ball that
// rattled in the jaws shows again.
func (k *Tracker) selfContacts(g, x int) {
	for j := range k.events {
		c := &k.events[j]
		if c.kind == shot.Contact && !c.cancel && (c.a == g && c.b == x || c.a == x && c.b == g) {
			if k.trace != nil {
				k.trace("%.4f contact of tracks %d and %d at %.4f withdrawn: one ball", k.lastT, g, x, c.t)
			}
			c.cancel = true
		}
	}
}

func sum(v []float64) float64 {
	s := 0.0
	for _, x := range v {
		s += x
	}
	return s
}

// aBall is the ball of event e's first track: its number now, or, when it has
// none, the number it had when the event was found (−1 unknown).
func (k *Tracker) aBall(e *pevent) int {
	if b := k.tracks[e.a].ball; b >= 0 {
		return b
	}
	return e.ids[0]
}
