package tracking

import "slices"

// A white side in the rack. A striped ball racked with its white side up is
// read as the cue ball as clearly as the cue ball itself (rendered 8-ball,
// seed 25, the break: the 14 read "0" at 0.83 in nearly every frame, the cue
// ball in the kitchen at 0.81). With the votes of the two tracks alike, the
// number went to the rack's ball, the cue ball was named 14 by elimination,
// and the break was ruled struck from outside the kitchen (rule 1.7 of
// shared/seeds/pool-rules.ru.txt) with a ball moving at the stroke: a foul,
// unflagged.
//
// The cue ball is never racked (rules 1.6, 1.7; WPA 14.1 re-racks leave it
// out too): a ball frozen in a cluster of rackWhiteMin balls or more at rest
// is an object ball. So while two tracks or more read mostly as the cue
// ball, those lying in such a cluster may not take its number as long as
// one of them lies outside any. A cue ball that has come to rest in a pack
// mid-game, with no other ball read white elsewhere, keeps its name: the bar
// needs a rival.

// rackWhiteMin is the least size of a cluster of balls at rest, each frozen
// to the next (within rackGap, as contested.go's racks), that is taken for a rack: fewer than
// the smallest rack (9-ball's nine) for a ball of it the detector missed.
const rackWhiteMin = 7

// rackWhiteShare is the share of a track's identity votes for the cue ball
// that makes it a reader of the cue ball here.
const rackWhiteShare = 0.5

// rackWhites returns, in k.rackBar indexed by track, which of the tracks in
// rows may not take the cue ball's number (see above); nil when none.
func (k *Tracker) rackWhites(rows []int) []bool {
	var in, out int
	k.rackCand = k.rackCand[:0]
	k.rackBar = k.rackBar[:0] // none barred (whiteReads) unless returned
	for _, i := range rows {
		tr := &k.tracks[i]
		var sum float64
		for _, v := range tr.votes {
			sum += v
		}
		if tr.gone || sum == 0 || tr.votes[0] < rackWhiteShare*sum {
			continue
		}
		k.rackCand = append(k.rackCand, i)
	}
	if len(k.rackCand) < 2 {
		return nil
	}
	if cap(k.rackBar) < len(k.tracks) {
		k.rackBar = make([]bool, len(k.tracks))
	}
	k.rackBar = k.rackBar[:len(k.tracks)]
	clear(k.rackBar)
	for _, i := range k.rackCand {
		if k.restsInRack(i) {
			k.rackBar[i] = true
			in++
		} else {
			out++
		}
	}
	if in == 0 || out == 0 {
		k.rackBar = k.rackBar[:0]
		return nil
	}
	if k.trace != nil {
		for _, i := range k.rackCand {
			if k.rackBar[i] {
				k.trace("%.4f rack white: track %d read as the cue ball lies in a rack, another reads it outside: not the cue ball", k.lastT, i)
			}
		}
	}
	return k.rackBar
}

// restsInRack reports whether track i rests in a cluster of at least rackWhiteMin
// balls at rest, each within rackGap of touching the next, and touches
// two of them.
func (k *Tracker) restsInRack(i int) bool {
	at := func(j int) (bool, float64, float64) {
		tr := &k.tracks[j]
		if !tr.used || !tr.confirmed || tr.gone || tr.moving {
			return false, 0, 0
		}
		return true, tr.rest.X, tr.rest.Y
	}
	ok, x, y := at(i)
	if !ok {
		return false
	}
	touch := 2*k.R + rackGap
	near := 0
	for j := range k.tracks {
		if ok, xj, yj := at(j); ok && j != i && (xj-x)*(xj-x)+(yj-y)*(yj-y) <= touch*touch {
			near++
		}
	}
	if near < 2 {
		return false
	}
	// The cluster, grown from i.
	k.rackSeen = append(k.rackSeen[:0], i)
	for n := 0; n < len(k.rackSeen) && len(k.rackSeen) < rackWhiteMin; n++ {
		_, xa, ya := at(k.rackSeen[n])
		for j := range k.tracks {
			ok, xj, yj := at(j)
			if !ok || (xj-xa)*(xj-xa)+(yj-ya)*(yj-ya) > touch*touch || slices.Contains(k.rackSeen, j) {
				continue
			}
			k.rackSeen = append(k.rackSeen, j)
		}
	}
	return len(k.rackSeen) >= rackWhiteMin
}

// The white side's votes are no votes. A track the bar keeps from the cue
// ball's number took it by its white side, not by anything of its own: the
// share of its other numbers is reckoned without those reads (rendered 14.1,
// seed 52, the re-rack before shot 21: the 12 racked in the back corner at
// (2103, 521) read "0" at 0.94 in 96 % of the frames from 148.4 to 165, "12"
// in the rest. Barred from the cue ball, its 12 votes were 3 % of its
// total, less than the no-ball slot's 0.2: it stayed nameless through two
// safeties, and its run to the foot cushion (shot 23) was left out of the
// record, a legal safety ruled no_rail, under review. Without the white
// reads its own 12 is its whole share, as it is once it rolls off the rack
// and shows its stripe: named 12 at 176.75 on the same votes).

// A pocketed ball's gone track keeps its number while no ball on the table
// reads as it (gonekeep.go); a barred track reads as its votes without the
// white ones (whiteReads), or the gone track of the 12, pocketed in shot 18,
// held the number the racked 12 read as.

// rackWhiteSum returns sum, the total of track i's identity votes, less its
// votes for the cue ball when white bars it from the cue ball's number.
func (k *Tracker) rackWhiteSum(i int, sum float64, white []bool) float64 {
	if white == nil || !white[i] {
		return sum
	}
	return sum - k.tracks[i].votes[0]
}

// whiteReads returns the number track j's votes name best without its cue
// ball votes when the bar of this frame keeps it from the cue ball's number,
// and −1 otherwise (or with no other votes).
func (k *Tracker) whiteReads(j int) int {
	if j >= len(k.rackBar) || !k.rackBar[j] {
		return -1
	}
	best, bv := -1, 0.0
	for b, v := range k.tracks[j].votes {
		if b > 0 && v > bv {
			best, bv = b, v
		}
	}
	return best
}
