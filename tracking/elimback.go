package tracking

import "math"

// A ball pocketed in an earlier rack comes back with the re-rack (14.1). When
// the detector never reads its number where it now stands, its new track stays
// nameless and every event of it goes unidentified (a shot's first contact
// lost: a no_contact foul), while its old track, gone, still holds the number,
// so eliminate finds no free ball. Between shots, when that nameless track is
// the only one on the table and exactly one ball of the game is on no track on
// the table, held only by gone tracks, and it went before a rack of balls came
// back, the ball came back there: the nameless track takes it over.

// rackBack: this many balls came back since a gone ball went: a re-rack.
const rackBack = 3

// elimBack names the one nameless track unknown (steady, on the table) after
// the one ball in play that only gone tracks hold; it reports whether it did.
// Only between shots (balls come back by hand then) and only when eliminate's
// own rule (a ball no track holds) found nothing.
func (k *Tracker) elimBack(unknown int) bool {
	if k.phase != idle || unknown < 0 {
		return false
	}
	tr := &k.tracks[unknown]
	if tr.gone || tr.moving || !k.steady(tr) {
		return false
	}
	var onTable, goneHeld [16]bool
	for i := range k.tracks {
		x := &k.tracks[i]
		if !x.used || !x.confirmed || x.ball < 0 {
			continue
		}
		if x.gone {
			goneHeld[x.ball] = true
		} else {
			onTable[x.ball] = true
		}
	}
	back, n := -1, 0
	for b := range 16 {
		if k.inPlay[b] && !onTable[b] && goneHeld[b] {
			back = b
			n++
		}
	}
	if n != 1 {
		return false
	}
	// Gone before a rack of balls came back by hand (a re-rack, a new
	// game), and this track first seen since: not a ball pocketed in
	// mid-game, gone for good, whose number a false detection (a chalk, a
	// hand) must not take.
	gone := 0.0
	for i := range k.tracks {
		if x := &k.tracks[i]; i != unknown && x.used && x.gone && x.ball == back {
			gone = math.Max(gone, x.goneT)
		}
	}
	came := 0
	for i := range k.tracks {
		if x := &k.tracks[i]; i != unknown && x.used && !x.gone && x.backT > gone {
			came++
		}
	}
	if (tr.born < gone || came < rackBack && !k.spotted(tr, gone)) && !k.liftedWithRack(unknown, back) /* rackback.go */ {
		return false
	}
	// The gone tracks of that ball give it up: it is back, on this track,
	// with the weight of a ball come back (see forgetOldVotes).
	for i := range k.tracks {
		x := &k.tracks[i]
		if i != unknown && x.used && x.gone && x.ball == back {
			x.used = false
		}
	}
	if k.trace != nil {
		k.trace("%.4f id track %d -1 -> %d by elimination: back on the table", k.lastT, unknown, back)
	}
	tr.votes[back] += returnVotes
	tr.ball, tr.elim = back, back+1
	return true
}

// placeBackGap (mm): a nameless track resting this near where a lifted ball
// rested before it last set off is that ball.
const placeBackGap = 10.0

// placeBack handles a ball whose track a false detection (a hand, an arm)
// dragged off between shots: the track set off from the ball's rest, followed
// the false detection, and was taken for lifted when it went; the ball itself,
// still where it rested, got a new track, nameless when the detector does not
// read its number. Such a track (steady, at rest, first seen after the lifted
// one set off) within placeBackGap of where the lifted one rested takes over
// its ball, when no track on the table holds that ball.
//
// It handles too a ball at rest whose detections another track took over in
// a shot (a nameless track, chasing a false detection across the table,
// jumped onto the ball when the detector misread it): the ball's own track,
// starved, was taken for lifted, while the nameless one now rests where it
// rested. A ball lifted by hand leaves its place empty until another is put
// down there, seen only from then on; so a nameless track resting within
// placeBackGap of where a track lifted since the stroke rested, and seen
// before that one went, is that ball.
//
// And a ball at rest merely hidden for a while (no detection at its spot,
// so its track was taken for lifted though it never moved) and then seen
// again without its number, so that a new nameless track started on it: a
// steady track resting within placeBackGap of the lifted one's rest, first
// seen within placeBackTime of the lift, whose reads favour that ball most,
// is that ball (another ball put down there would read as its own number).
//
// It reports whether it named one. Only between shots.
func (k *Tracker) placeBack() bool {
	if k.phase != idle {
		return false
	}
	var onTable [16]bool
	for i := range k.tracks {
		if x := &k.tracks[i]; x.used && x.confirmed && !x.gone && x.ball >= 0 {
			onTable[x.ball] = true
		}
	}
	for u := range k.tracks {
		tr := &k.tracks[u]
		if !tr.used || !tr.confirmed || tr.ball >= 0 || tr.gone || tr.moving || tr.lifted || !k.steady(tr) {
			continue
		}
		for xi := range k.tracks {
			x := &k.tracks[xi]
			if xi == u || !x.used || !x.gone || !x.lifted || x.ball < 0 || onTable[x.ball] {
				continue
			}
			// Set off from where the nameless track rests, that one first
			// seen since, and lifted soon after (it followed something
			// that went from view).
			dragged := x.startT != 0 && x.from.Dist(tr.rest) <= placeBackGap && tr.born >= x.startT && x.goneT-x.startT <= placeBackTime
			// Lifted since the stroke from where the nameless track rests,
			// that one seen before it went (a ball put down where one was
			// lifted, as in a re-rack, is seen only after).
			stolen := x.goneT >= k.strikeT && x.rest.Dist(tr.rest) <= placeBackGap && tr.born < x.goneT
			// Lifted at rest where the nameless track rests, that one
			// first seen soon after and reading the lifted one's number
			// most: the ball was hidden (an arm over it) long enough to be
			// taken for lifted, and seen again first without its number,
			// so it did not come back to its track (newTrack). Its votes
			// must name it: a ball put down in its place reads as itself.
			hidden := x.rest.Dist(tr.rest) <= placeBackGap && tr.born >= x.goneT && tr.born-x.goneT <= placeBackTime && mostVoted(tr) == x.ball
			if !dragged && !stolen && !hidden {
				continue
			}
			if k.trace != nil {
				k.trace("%.4f id track %d -1 -> %d: rests where track %d (lifted at %.4f) rested %v or set off from %v", k.lastT, u, x.ball, xi, x.goneT, x.rest, x.from)
			}
			tr.votes[x.ball] += returnVotes
			tr.ball = x.ball
			if stolen {
				// Held as one named by elimination: the old tracks of the
				// ball (gone, their votes strong) must not take it back.
				tr.elim = x.ball + 1
			}
			x.used = false
			return true
		}
	}
	return false
}

// placeBackTime (s): the dragged track is lifted within this of setting off.
const placeBackTime = 3.0

// spotTol (mm): a track resting this near the long string stands where the
// rules spot a ball (see spotted).
const spotTol = 3.0

// spotted reports whether nameless track tr stands where a ball pocketed in
// the last shot (it went at gone) is put back alone: the rules spot such a
// ball on the long string (rule 1.26: the foot spot or on the line through
// it; 14.1's fifteenth ball, the head spot), no rack of balls coming back
// with it. Gone in the last shot, not earlier: a ball pocketed for good is
// not spotted later, and a false detection (a chalk, a hand) that happens to
// stand on the line then must not take its number.
func (k *Tracker) spotted(tr *track, gone float64) bool {
	return gone >= k.strikeT && math.Abs(tr.rest.Y-k.tab.W/2) <= spotTol
}

// mostVoted returns the ball tr's votes name most (-1 none).
func mostVoted(tr *track) int {
	best, bv := -1, 0.0
	for b, v := range tr.votes {
		if v > bv {
			best, bv = b, v
		}
	}
	return best
}
