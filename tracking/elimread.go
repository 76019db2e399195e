package tracking

// A ball named by elimination holds that name against weak reads (elimHold),
// also once its track is gone. Rendered seed 67, 10-ball: the 6, named by
// elimination, was lost moving by the left cushion in the break of rack 2
// (238.8 s) and came to rest there unseen (green on the green cloth, in the
// cushion's shade); its gone track kept the 6. Struck by the 1 in shot 30, the
// 6 rolled out onto the bed, where the detector read it as the 6 in every
// frame: 280 votes in half a minute, all for the 6. The gone track's hold
// (votes 0.6, its own number 0.1, elimination 0.5) still beat them, and the
// 6 stayed nameless for 150 s, until the cue ball met it in shots 47 and 48:
// "a ball of a contact event could not be identified", no_contact told on
// two legal shots. The hold is for a few weak reads of a new track (a false
// detection); a ball on the table read as that number surely and at length
// (readsAs, and ownSure votes for it) is the ball, so a gone track's hold by
// elimination gives way to it.

// surelyRead returns, for each ball, whether a track on the table, seen
// lately, is read as it (readsAs) with ownSure votes or more for it.
func (k *Tracker) surelyRead() (read [16]bool) {
	for i := range k.tracks {
		x := &k.tracks[i]
		if !k.contender(x) {
			continue
		}
		if b := readsAs(x); b >= 0 && x.votes[b] >= ownSure {
			read[b] = true
		}
	}
	return read
}
