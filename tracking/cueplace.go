package tracking

// After a scratch the cue ball comes back by hand (rule 1.5: ball in hand; in
// 14.1, in the kitchen). The detector names it as a rule: it reads "0"
// (rendered seed 16, 14.1 shot 42: "0" at 0.7 to 0.8 in 67 of the 68 frames
// before the stroke), and readBack takes it back on the first read. When it
// does not (a ball put down in a shade, read as no class), the ball stays on
// a nameless track while the pocketed track still holds the cue ball's
// number, so eliminate finds no free ball, nothing is struck (a stroke is a
// start of the cue ball) and the shots that follow are lost until the
// detector reads it: in seed 16 the same cascade came from another cause
// (cuedown.go), nine shots lost or flagged; the test reads that footage with
// the cue ball's reads made nameless.
//
// Between shots, while the cue ball is down (held only by tracks gone from
// the table, pocketed or off it, not lifted) a ball put down since it went
// is the cue ball by elimination: the one nameless track, steady and at rest
// on the table, first seen after the cue ball's track went. Two such tracks
// (a re-rack with the cue ball down) name neither: the reads decide.
//
// (A fast stroke on a nameless ball while the cue ball is down is still told
// by strokeOnOther, asked; one slower than strokeOnOtherSpeed is not told.)

// cueDownSince returns when the cue ball went from the table (its latest gone
// track's goneT) while no track on the table holds it, else 0.
func (k *Tracker) cueDownSince() float64 {
	gone := 0.0
	for i := range k.tracks {
		x := &k.tracks[i]
		if !x.used || !x.confirmed || x.ball != 0 {
			continue
		}
		if !x.gone || x.lifted {
			return 0
		}
		gone = max(gone, x.goneT)
	}
	return gone
}

// cuePutBack names the cue ball by elimination (see above); it reports whether
// it did. Only between shots.
func (k *Tracker) cuePutBack() bool {
	if k.phase != idle {
		return false
	}
	gone := k.cueDownSince()
	if gone == 0 {
		return false
	}
	u := -1
	for i := range k.tracks {
		tr := &k.tracks[i]
		if !tr.used || !tr.confirmed || tr.ball >= 0 || tr.gone || tr.lifted || tr.born <= gone {
			continue
		}
		if tr.moving || !k.steady(tr) || k.overlapsKnown(i) || !k.tab.OnBed(tr.rest) {
			continue
		}
		if u >= 0 {
			return false // two balls put down: neither is named so
		}
		u = i
	}
	if u < 0 {
		return false
	}
	k.takeCue(u)
	if k.trace != nil {
		k.trace("%.4f id track %d -1 -> 0 by elimination: put down while the cue ball was down (since %.4f)", k.lastT, u, gone)
	}
	return true
}

// takeCue gives track u the cue ball's number, held as one named by
// elimination; the gone tracks of the cue ball give it up (it is back).
func (k *Tracker) takeCue(u int) {
	for i := range k.tracks {
		if x := &k.tracks[i]; i != u && x.used && x.gone && x.ball == 0 {
			x.used = false
		}
	}
	tr := &k.tracks[u]
	tr.votes[0] += returnVotes
	tr.ball, tr.elim = 0, 1
}
