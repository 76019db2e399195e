package tracking

// The cue ball in hand put down far from where it lay, while its track still
// waits at its old place. A ball at rest that the detector loses with nothing
// hiding it is taken for lifted only after liftTime; until then its track
// stays at its place and may take a detection nearby as a jump from rest. The
// cue ball in hand is often picked up and put down elsewhere within that
// time (in the rendered footage, from one frame to the next), and the hand
// that moved it is read now and then as a ball by its old place: the track
// jumps onto that read, and the hand's way off is a "stroke" of the cue ball
// that met nothing and left the table (rendered bench seed 38, 8-ball before
// shot 42: the cue ball, at rest at (1919, 1233), put down at (2317, 516) at
// 369.483 s and read there as "0" at 0.79 in every frame from then on; five
// frames later its track, unseen, jumped to a nameless read of the hand 82 mm
// off at 369.567, which moved off and was lost: a shot struck at 369.524,
// the cue ball off the table, asked, before the true stroke at 370.79).
//
// A ball is in one place at a time. When, between shots, a track born after
// the cue ball was last seen at its place stands at rest elsewhere and has
// read as the cue ball, clearly, in every frame since it was born, the cue
// ball is there: its old track is taken for lifted at once (as it would be
// after liftTime), and the new track takes the number on its reads (the old
// track, no longer followed by the ball, does not hold it against them as a
// contested number: held, contested.go; rendered seed 35, 8-ball at 32.30 s,
// the cue ball in hand moved 1030 mm, its number once contested). The new
// track must be the only such one, far enough from the old place not to be
// the ball itself read off its rest (2R), and read so cueMovedReads times in
// a row: a false read (an arm, a cue, a stripe turned white) is not read as
// the cue ball, at rest, in every frame from its first. Over rendered seeds
// 25 to 38 the rule lifts the cue ball early 194 times; two records change,
// this one and a 14.1 "shot" of seed 34 at 13.26 s (a re-rack, the cue ball
// put in the kitchen 785 mm from where it lay in the same frame: the racked
// balls "started" while the cue ball's track waited unseen at its old place,
// a shot with the cue ball lost from view, asked and ruled an illegal break).

// cueMovedReads is how many clear reads as the cue ball, one in every frame,
// a track born since the resting cue ball was last seen needs for cueMoved.
const cueMovedReads = 3

// cueMovedConf is the least confidence of those reads.
const cueMovedConf = 0.7

// cueMoved takes the resting cue ball's track i, unseen at its place between
// shots, for lifted when a track born since rests elsewhere reading as the
// cue ball (see above). It reports whether it did.
func (k *Tracker) cueMoved(i int) bool {
	cue := &k.tracks[i]
	if k.phase != idle || k.lagDue || cue.ball != 0 || cue.moving || cue.gone {
		return false
	}
	at := -1
	for j := range k.tracks {
		x := &k.tracks[j]
		if j == i || !x.used || x.gone || !x.seen || x.moving || x.npend > 0 || x.ball >= 0 || x.born <= cue.last.t {
			continue
		}
		if x.bornAt.Dist(cue.rest) < 2*k.R || !k.readCue(x) {
			continue
		}
		if at >= 0 {
			return false // two of them: the reads decide
		}
		at = j
	}
	if at < 0 {
		return false
	}
	cue.gone, cue.lifted, cue.goneT = true, true, k.lastT
	k.cueMovedTo = at + 1 // restnotcue.go
	// The ball left the track: not followed by it since (contested.go's
	// held, which a track unseen past followGap loses the same way).
	cue.cst.since = k.lastT
	k.noteLift(k.lastT) // rackback.go
	k.liftHome(i)       // lifthome.go
	if k.trace != nil {
		k.trace("%.4f cue moved: track %d ball 0 lifted from %v, read at rest on track %d at %v", k.lastT, i, cue.rest, at, k.tracks[at].rest)
	}
	return true
}

// readCue reports whether track x was read, clearly, as the cue ball in every
// frame since it was born, cueMovedReads times or more.
func (k *Tracker) readCue(x *track) bool {
	n := min(x.nh, len(x.hist))
	if n < cueMovedReads || n < x.nh || x.last.t-x.born > (float64(n-1)+0.5)*k.dt {
		return false
	}
	other := 0.0
	for b, v := range x.votes {
		if b != 0 {
			other += v
		}
	}
	return x.votes[0] >= cueMovedConf*float64(n)*voteKept(n) && other < 0.1*x.votes[0]
}

// voteKept is how much of a vote a track keeps after n detections (voteDecay).
func voteKept(n int) float64 {
	f := 1.0
	for range n {
		f *= voteDecay
	}
	return f
}
