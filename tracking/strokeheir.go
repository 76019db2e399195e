package tracking

// A ball at rest at the stroke whose track is lifted in the shot, its number
// taken up by a track of its way. A ball sent off fast from rest (a rack ball
// at the break above all) can leave its track behind: the first detections of
// it rolling lie too far from its rest point for the track to follow, a new
// (or a free, nameless) track takes them up, and the resting track, unseen
// where it lay with nothing hiding it, is taken for lifted (tracker.go). The
// identities then move the number from the lifted track, which has no reads
// left, to the track of the ball's way, which reads as it. The shot record's
// Before names a ball by the track that holds its number at the end, so the
// ball is missing from it, and appeared (ghost.go) asks a person about a ball
// that "moved in the shot, not on the table at the stroke", though the
// tracker had it on the table at the stroke under that very number.
//
// Rendered 9-ball, seed 38, shot 0 (the break, stroke at 1.6604 s): track 9
// held the 6 in the rack at (2001.9, 693.5); it was lifted at 2.0833 s and
// track 10, running along the foot cushion at (2462.9, 604.8), was named 6 a
// frame later and went on to rest at (1108.5, 370.9). The shot, ruled as
// played, was asked. Over rendered seeds 25–46, 31 shots (29 of them breaks)
// were asked so, every one ruled as played; the same missing ball also had 7
// asked as "not seen at the stroke, then met by the cue ball", and withheld
// the other readings of 2 nameless contacts (strayBall).
//
// So, as the record is written: a ball n held by a track x that has no place
// at the stroke, while no track at the stroke holds n, takes the place at the
// stroke of the one track g that held n then, when g has since been lifted
// (gone from its rest unseen, after the stroke, not pocketed or off the
// table) and has given up the number, and x was named n after g's last
// detection (one ball is not in two places: x took up g's ball, not a ball
// of its own). A ball lifted before the stroke is no heir's (it was not on
// the table at the stroke for the tracker; a number read again on a moving
// track then stays asked), nor one lifted from rest while another track at
// the stroke holds its number.

// liftedHeirs hands, as the shot's record is written, the place at the stroke
// of each track lifted in the shot to the track that took up its number (see
// above).
func (k *Tracker) liftedHeirs() {
	for x := range k.tracks {
		xt := &k.tracks[x]
		n := xt.ball
		// (Gone in the shot, pocketed or off the table, it still was
		// there at the stroke: speedgate.go.)
		goneInShot := xt.gone && !xt.lifted && xt.goneT >= k.strikeT
		if n <= 0 || !xt.used || !xt.confirmed || xt.gone && !goneInShot || !xt.moved {
			continue
		}
		if _, ok := k.before[x]; ok || k.onTableAtStroke(n) {
			continue
		}
		g := -1
		for j, id := range k.beforeID {
			if id != n {
				continue
			}
			if g >= 0 {
				g = -2 // two held it: which is not known
				break
			}
			g = j
		}
		if g < 0 {
			continue
		}
		gt := &k.tracks[g]
		if !gt.gone || !gt.lifted || gt.ball == n || gt.goneT < k.strikeT || xt.namedT < gt.last.t {
			continue
		}
		if _, ok := k.before[g]; !ok {
			continue
		}
		if k.trace != nil {
			k.trace("%.4f lifted heir: track %d (ball %d at the stroke, at %v) lifted at %.4f, track %d took up its number at %.4f: its place at the stroke", k.lastT, g, n, k.before[g], gt.goneT, x, xt.namedT)
		}
		k.passStroke(g, x) // wenton.go
	}
}
