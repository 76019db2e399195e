package tracking

import (
	"fmt"

	"github.com/cueref/cueref/shot"
)

// A detector may read two balls as one number for a while: a dark stripe at
// rest in a corner's shading read as another stripe, while that ball itself is
// read as the cue ball's white or not at all. Each track's votes last some
// seconds, and resolveIDs gives a number to whichever track's votes are the
// stronger share: the first track would take the other's number, in a shot or
// between shots, and the events of both balls would come out swapped from then
// on. When a track is read lately as the number another track carries, and
// that other track's own reads name no ball it could be instead (its number,
// nothing, or a ball a third track carries and is read as), the number is
// contested: the reads cannot say which is which; the paths the tracker
// followed can. Each track followed without a break since before the last
// stroke keeps the number it was followed by (the hold), and a shot whose
// deciding ball (the first contact's, a pocketed ball, the ball of the first
// cushion hit after the first contact) was contested goes to a person. When
// each track is read as the other's number, they were swapped, and the votes
// decide as ever.
//
// Not in a break: balls racked together are read together, and the numbers
// the tracks take before the balls scatter are not sure enough to hold; nor
// does a contest there ask for a person (tracks trade the scattering balls
// often, and the first contact is named at the stroke, see firstIDs).

// contestTrack is a track's part of it.
type contestTrack struct {
	// recent is the identity evidence of its last few detections (see
	// recentDecay), beside the long memory of votes.
	recent [16]float64
	// ball+1 is the number it was followed by since `since` (0 none).
	ball  int
	since float64
	// contestT is when its number, or the number it was read as, was last
	// contested (see contest), 0 never; contestB is that number.
	contestT float64
	contestB int
}

// contestShot is the part of the shot in progress, or of the last shot
// between shots.
type contestShot struct {
	strikeT float64 // the stroke of the shot these are for (0 none yet)
	rack    bool    // the shot is a break (see racked)
}

// recentDecay is how much of its recent evidence a track keeps at each
// detection: about the last ten detections count.
const recentDecay = 0.9

// recentClaim is how much recent evidence for one ball (five clear reads in a
// row, or most of the last ten) makes a track read as that ball: a detector
// that misreads a number now and then, at random, never reaches it.
const recentClaim = 3.5

// followGap (s): a track unseen longer than this may have been given another
// ball's detections when it is found again; it is followed afresh from then.
const followGap = 0.1

// holdCost is the bonus resolveIDs gives a held track's own number: more than
// any share of votes can make up.
const holdCost = 1.0

// rackBalls: a shot whose stroke finds this many balls touching in one group
// is a break (rackGap, mm: how far apart their surfaces may be).
const (
	rackBalls = 5
	rackGap   = 10.0
)

// addVotes adds detection o's identity evidence to v, the old evidence
// decayed by decay.
func addVotes(v *[16]float64, o *Obs, decay float64) {
	conf := o.Confidence
	if conf == 0 {
		conf = 1
	}
	for b := range v {
		v[b] *= decay
	}
	switch {
	case o.Ball >= 0:
		v[o.Ball] += conf
	case o.Class == ClassCue:
		v[0] += conf * 0.5
	case o.Class == ClassEight:
		v[8] += conf * 0.5
	case o.Class == ClassSolid:
		for b := 1; b <= 7; b++ {
			v[b] += conf * 0.05
		}
	case o.Class == ClassStripe:
		for b := 9; b <= 15; b++ {
			v[b] += conf * 0.05
		}
	}
}

// readsAs returns the ball track tr's recent detections name (−1 none).
func readsAs(tr *track) int {
	best, bv := -1, recentClaim
	for b, v := range tr.cst.recent {
		if v >= bv {
			best, bv = b, v
		}
	}
	return best
}

// noteContested keeps, every frame before resolveIDs, the number each track
// has been followed by, and when two tracks were read as one: in a shot, and
// between shots after it (a ball at rest is read as another as well).
func (k *Tracker) noteContested() {
	cs := &k.cst
	if k.phase == inShot && cs.strikeT != k.strikeT {
		*cs = contestShot{strikeT: k.strikeT, rack: k.racked()}
	}
	for i := range k.tracks {
		tr := &k.tracks[i]
		if !tr.used {
			continue
		}
		if tr.cst.ball != tr.ball+1 || float64(tr.missed)*k.dt > followGap && !tr.gone {
			tr.cst.ball, tr.cst.since = tr.ball+1, k.lastT
		}
	}
	if k.phase == inLag || cs.strikeT == 0 || cs.rack {
		// (In a break balls scattering from the rack are read together
		// and tracks trade them often: a contest there says nothing
		// the break's numbers do not already doubt.)
		return
	}
	for i := range k.tracks {
		if b, j := k.contest(i); b >= 0 {
			x, y := &k.tracks[i].cst, &k.tracks[j].cst
			if k.trace != nil && (x.contestT < cs.strikeT || y.contestT < cs.strikeT) {
				k.trace("%.4f contested: ball %d of track %d, track %d (ball %d) read as it", k.lastT, b, i, j, k.tracks[j].ball)
			}
			x.contestT, x.contestB = k.lastT, b
			y.contestT, y.contestB = k.lastT, b
		}
	}
}

// contest returns the number track i carries when another track, j, is read
// as it lately while i's own reads name no other ball i could be, with j (−1,
// −1 if none): i is read as its number too, or as nothing, or as a ball a
// third track carries and is read as (the cue ball's white, say). When i is
// read as j's number, the two were merely swapped, and the reads say so.
// Both are balls on the table seen lately, apart by more than a ball.
func (k *Tracker) contest(i int) (int, int) {
	tr := &k.tracks[i]
	b := tr.ball
	// (Not the cue ball: false detections on an arm or the cue are read as
	// it, and the tracker has its own ways with them.)
	if b <= 0 || !k.contender(tr) {
		return -1, -1
	}
	for j := range k.tracks {
		x := &k.tracks[j]
		if j == i || !k.contender(x) || readsAs(x) != b || k.position(tr).Dist(k.position(x)) < 2*k.R-10 {
			continue // (one ball, two tracks on it: no second ball to be this one)
		}
		if r := readsAs(tr); r >= 0 && r != b && !k.readHeld(r, i) {
			return -1, -1 // i is read as a ball no other track is: it may be that one
		}
		return b, j
	}
	return -1, -1
}

// readHeld reports whether a track other than i carries ball r and is read as
// it.
func (k *Tracker) readHeld(r, i int) bool {
	for j := range k.tracks {
		if x := &k.tracks[j]; j != i && k.contender(x) && x.ball == r && readsAs(x) == r {
			return true
		}
	}
	return false
}

// contender reports whether track tr is a ball on the table seen lately.
func (k *Tracker) contender(tr *track) bool {
	return tr.used && tr.confirmed && !tr.gone && float64(tr.missed)*k.dt <= followGap
}

// held reports whether resolveIDs must leave track i its number: in a shot
// other than a break or between shots after one, the track was followed by it
// without a break since before the stroke, and its number, or the number it
// was read as, has been contested since then. (Once is enough: reads that
// waver would let the number go in the frames the contest lapses.) A track
// that came back onto the table in the shot in progress, gone at the stroke,
// was not followed since: it took its number on a read or two as it showed (a
// ball rattled out of a pocket's jaws, misread in their shade as a ball
// pocketed before, jawsreturn.go), and its reads since decide it. (Between
// shots balls come back by hand, a re-rack: those hold as before.)
func (k *Tracker) held(i int) bool {
	tr, cs := &k.tracks[i], &k.cst
	return k.phase != inLag && cs.strikeT > 0 && !cs.rack && tr.ball >= 0 && tr.cst.ball == tr.ball+1 &&
		tr.cst.since <= cs.strikeT && tr.cst.contestT >= cs.strikeT &&
		(k.phase != inShot || tr.backT < cs.strikeT)
}

// racked reports whether the stroke of the shot in progress found a rack: a
// group of rackBalls object balls or more, each touching another (see
// contestShot). The cue ball is no part of a rack: counted in, it joined
// clusters of two and three balls pressed about it into "racks" (camera model
// at 30 fps, seed 71, 8-ball shot 127: the cue ball 5 mm from the 6 and from
// the 8, the 2 against the 8 and the 1 against the 10, the shot taken for a
// break, the two-candidate review left unasked; the 8 was told first, a
// wrong-ball foul for a legal safety).
func (k *Tracker) racked() bool {
	var at []int
	for i := range k.before {
		if i != k.strikeTr {
			at = append(at, i)
		}
	}
	// Grow each group from its first ball, a ball at a time.
	seen := make(map[int]bool, len(at))
	for _, s := range at {
		if seen[s] {
			continue
		}
		group := []int{s}
		seen[s] = true
		for g := 0; g < len(group); g++ {
			p := k.before[group[g]]
			for _, o := range at {
				if !seen[o] && p.Dist(k.before[o]) < 2*k.R+rackGap {
					seen[o] = true
					group = append(group, o)
				}
			}
		}
		if len(group) >= rackBalls {
			return true
		}
	}
	return false
}

// readAsBy is the number of the one other track read in the shot as track
// i's number (its contest's other side), or −1 when there is none or more.
func (k *Tracker) readAsBy(i int) int {
	b, by := k.tracks[i].ball, -1
	for j := range k.tracks {
		x := &k.tracks[j]
		if j == i || !x.used || x.ball < 0 || x.ball == b || x.cst.contestB != b || x.cst.contestT < k.strikeT {
			continue
		}
		if by >= 0 {
			return -1
		}
		by = x.ball
	}
	return by
}

// contestedWhy returns the review reason of a shot whose deciding ball's
// number, or the number it was read as, was contested in it, or "": the first
// contact's balls, the pocketed balls, and the ball of the first cushion hit
// after the first contact decide. It also returns the ball and, when the
// track was read as another ball, that ball's number, or when another track
// was read as its number, that track's (readAsBy; −1 when unknown), for the
// doubt's other readings (contestedReading).
func (k *Tracker) contestedWhy() (string, int, int) {
	if k.cst.strikeT != k.strikeT {
		return "", -1, -1
	}
	why := func(i int, what string) (string, int, int) {
		tr := &k.tracks[i]
		if tr.ball > 0 && tr.cst.contestT < k.strikeT {
			if r := readsAs(tr); r > 0 && r != tr.ball && !alikeColour(r, tr.ball) && !k.onTable(r, i) {
				// Read steadily as a ball no track has on the table (lifted or
				// gone): the two may have been swapped where nothing could
				// contest it (see onTable).
				return fmt.Sprintf("ball %d (%s) read as ball %d, not on the table", tr.ball, what, r), tr.ball, r
			}
		}
		if tr.ball < 0 || tr.cst.contestT < k.strikeT {
			return "", -1, -1
		}
		if tr.ball == tr.cst.contestB {
			return fmt.Sprintf("ball %d (%s): another ball read as its number", tr.ball, what), tr.ball, k.readAsBy(i)
		}
		return fmt.Sprintf("ball %d (%s) read as ball %d, another ball's number", tr.ball, what, tr.cst.contestB), tr.ball, tr.cst.contestB
	}
	first := -1.0
	if fi := k.firstCueContact(); fi >= 0 {
		e := &k.events[fi]
		first = e.t
		if r, b, m := why(e.a, "first contact"); r != "" {
			return r, b, m
		}
		if r, b, m := why(e.b, "first contact"); r != "" {
			return r, b, m
		}
	}
	rail := -1
	for i := range k.events {
		e := &k.events[i]
		if e.cancel {
			continue
		}
		switch {
		case e.kind == shot.Pocketed || e.kind == shot.OffTable:
			if r, b, m := why(e.a, e.kind); r != "" {
				return r, b, m
			}
		case e.kind == shot.RailHit && first >= 0 && e.t > first && (rail < 0 || e.t < k.events[rail].t):
			rail = i
		}
	}
	if rail >= 0 {
		return why(k.events[rail].a, "first cushion after the first contact")
	}
	return "", -1, -1
}

// A contest needs both balls on the table. Camera-model seed 3, 10-ball
// shots 220-221: the 7, rolling, met the 6 at rest full and stopped short;
// the 7's track went on with the 6 and a new, nameless track took the 7 into
// a pocket. The 6's track, left at its rest with no ball there, was taken for
// lifted (and its number went to a track of a 6 pocketed racks before); the
// 7's track, read as the 6 from then on, kept its number (a long memory of
// votes), and in the next shot the 6 was told pocketed as the 7, unflagged.
// So a deciding ball read lately as a ball no track has on the table asks too
// (contestedWhy), unless the judge finds the readings with the numbers
// swapped alike. Not a ball read as one of a colour the detector confuses
// with its own (alikeColour): the 13 as the 5, the 9 as the 1 (a stripe
// turned away reads as its solid), the 11 as the 15 (red and maroon share a
// hue) asked needlessly on rendered seed 64.

// onTable reports whether a track other than i holds ball b on the table.
func (k *Tracker) onTable(b, i int) bool {
	for j := range k.tracks {
		if x := &k.tracks[j]; j != i && x.used && x.confirmed && !x.gone && x.ball == b {
			return true
		}
	}
	return false
}

// alikeColour reports whether balls a and b (1–15) are of one colour or of
// colours the detector confuses (vision's hue prototypes: yellow and orange
// 12 apart, red and maroon one hue, blue and purple near): a stripe and its
// solid, and those families.
func alikeColour(a, b int) bool {
	family := func(n int) int {
		switch n & 7 { // 8 → 0, a stripe → its solid
		case 1, 5:
			return 1 // yellow, orange
		case 3, 7:
			return 3 // red, maroon
		case 2, 4:
			return 2 // blue, purple
		}
		return n & 7 // green 6, black 0
	}
	return family(a) == family(b)
}
