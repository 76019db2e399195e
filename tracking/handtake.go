package tracking

// A hand that takes a pocketed ball's number. The shooter's bridge hand, read
// as a ball between shots (see handback.go), need not bring a gone ball's own
// track back: the detector may find it first with no number, as a new track,
// which the reads then name after a ball pocketed earlier (mayTake lets it:
// they keep reading that number at one place). That track is the same hand:
// it appeared from nothing between shots and moved at once, untouched, to
// rest with the hand behind the cue ball; after the stroke it leaves along
// the cue's line as the arm draws back: a touch (rule 1.19) and a ball off
// the table, where nothing was touched (rendered bench seed 31, 8-ball shot
// 31: a new track at (1801, 980) at 251.23 s, moved 170 mm at once, rested at
// (1795, 810), 210 mm behind the cue ball, and was named 14, pocketed at
// 74.6 s; it started 0.49 s after the stroke, met no ball and was lost at
// 1.5 m/s: "touched_ball" on a legal safety).
//
// A ball put back on the table (spotted, re-racked) is laid down by hand too,
// but it stays where it is laid until a contact moves it. So a new track,
// born between shots, that moved more than handTakeMove from where it appeared
// and is then named a ball down from the table, came back in a hand: it is
// marked (handT, its birth) as handback.go marks a gone ball's track back
// between shots that started untouched soon after, and dropHandBack takes it
// off the table at the end of the shot when it moves again by itself there,
// meeting no ball. (It is not marked backIdle: it came back from no pocket.)

// handTakeMove (mm): how far from where it appeared a new track between shots
// must have gone, untouched, to be a hand's (a ball laid down rests within the
// detector's noise of its first detection; the case above: 170 mm).
const handTakeMove = 60.0

// handTake notes that resolveIDs names track i ball b, where down is
// downBalls: see above.
func (k *Tracker) handTake(i, b int, down *[16]int) {
	tr := &k.tracks[i]
	if k.phase != idle || tr.ball >= 0 || b <= 0 || tr.gone || tr.handT != 0 ||
		down[b] == 0 || down[b]-1 == i || tr.born <= k.last.end {
		return
	}
	moved := tr.bornAt.Dist(k.position(tr))
	if moved <= handTakeMove {
		return
	}
	tr.handT = tr.born
	if k.trace != nil {
		k.trace("%.4f track %d named %d (down): appeared at %.4f and moved %.0f mm untouched: a hand's", k.lastT, i, b, tr.born, moved)
	}
}
