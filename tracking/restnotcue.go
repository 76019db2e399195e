package tracking

// A ball at rest does not become the cue ball. When the cue ball leaves the
// table (pocketed, or picked up for ball in hand and its track lifted), its
// number passes, as any gone ball's, to a track whose recent reads name it
// (mayTake). A striped ball whose stripe faces the camera's side shows
// little but white and is read as the cue ball frame after frame: its track
// took the cue ball's number, the cue ball put down by hand elsewhere was
// named the stripe by elimination, and every shot after was told struck on
// the stripe. Rendered 8-ball, seed 41, 221.63 s: the cue ball in hand moved
// 420 mm (cuemoved.go), and ball 10, at rest by the foot cushion for a
// minute and read as the cue ball 322 votes to 24, took its number; thirteen
// shots (28 to 41) were told with the wrong cue ball, seven of them ruled
// wrong, unflagged.
//
// The cue ball was elsewhere when it went, and comes back by hand (seen
// doing so, or found at rest where it was put): a track named an object
// ball, on the table at rest since before the cue ball's track went, away
// from where the cue ball lay, is not the cue ball. It keeps its number; the
// cue ball's comes to the track where the cue ball was put. (Nameless
// tracks, and tracks lost at their place, are left to the reads: barring
// them too lost rulings on seeds 26, 37, 38 and 40 — a nameless track at
// rest may be the cue ball come back. Seed 41's later cascade, from 278.28
// s, where a nameless track at ball 10's place took the number of the cue
// ball pocketed in shot 35, is met where ball 10's track was lost: see
// restread.go.)

// restNotCue reports whether track i must not take the cue ball's number,
// its track gone, for it rested as an object ball away from the cue ball
// since before the cue ball went (see above).
func (k *Tracker) restNotCue(i int) bool {
	tr := &k.tracks[i]
	if tr.ball < 0 && k.cueMovedHere(i) {
		return true
	}
	if tr.ball <= 0 || tr.moving || tr.gone {
		return false
	}
	c := -1 // the cue ball's track that went last
	for j := range k.tracks {
		if x := &k.tracks[j]; j != i && x.used && x.confirmed && x.ball == 0 && x.gone && (c < 0 || x.goneT > k.tracks[c].goneT) {
			c = j
		}
	}
	return c >= 0 && tr.restT < k.tracks[c].goneT && tr.rest.Dist(k.tracks[c].last.p) > 2*k.R
}

// cueMovedHere reports whether nameless track i, at rest since before the cue
// ball in hand went from its place, must leave the cue ball's number to the
// track cueMoved found it put down on, which still stands at rest reading as
// it. (Only then: a nameless resting track in general may be the cue ball,
// its number lost; over rendered seeds 25-40 barring them all cost rulings.)
//
// Rendered bench, 8-ball seed 49 at 33.15 s: after a no-contact foul the
// cue ball in hand was put down at (178, 748) and its old track lifted
// (cuemoved.go); the nameless track of the 14, resting by the foot cushion
// since the break and read as the cue ball's white 264 times to none, took
// the number instead of the new track, and the next seven shots were told
// as struck on the 14 or not at all.
func (k *Tracker) cueMovedHere(i int) bool {
	at := k.cueMovedTo - 1
	if at < 0 || at == i {
		return false
	}
	x, tr := &k.tracks[at], &k.tracks[i]
	if !x.used || x.gone || x.moving || x.ball > 0 || tr.moving || tr.gone {
		return false
	}
	c := -1 // the cue ball's track that went last
	for j := range k.tracks {
		if y := &k.tracks[j]; j != i && y.used && y.confirmed && y.ball == 0 && y.gone && (c < 0 || y.goneT > k.tracks[c].goneT) {
			c = j
		}
	}
	return c >= 0 && tr.restT < k.tracks[c].goneT && tr.rest.Dist(x.rest) > 2*k.R
}
