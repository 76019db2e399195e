package tracking

// A clear read of the cue ball belongs to the cue ball's track. There is one
// white ball: a motion streak that reads it clearly (its number and its
// colour, at ownReadConf or more) while the cue ball's track is under way is
// that ball, however near another track's prediction it falls. Rendered 10-ball,
// seed 26, the break: the cue ball, struck at 12 m/s, was read as itself at
// 0.93–1.0 in every frame of its way to the rack, but a nameless track that
// followed the shooter's cue stick, moving the same way, fitted those reads
// best and took them; the cue ball's own track, left with one read off its
// rest, was lost, and the break was told as a stroke missed (asked) with the
// wrong ball met first, an illegal break (8-ball, seed 25, the same). So a
// nameless track does not take such a read while the cue ball's track is
// moving, or has just left its rest: the cue ball's track takes it, or it
// starts a track of its own that the identity votes name.

// cueReadWait (s): how long after its last start a cue ball's track counts as
// under way for cueReadHeld even if it has not been seen moving since (a
// break's first read is a jump off its rest).
const cueReadWait = 0.1

// cueReadHeld reports whether nameless track tr may not take detection o: it
// is a streak that reads the cue ball clearly while the cue ball's track is
// under way. (Not a still read: a track that lost its number to the cue
// ball frozen to it at a soft stroke may be taking the ball's own reads.)
func (k *Tracker) cueReadHeld(tr *track, o *Obs) bool {
	if tr.ball >= 0 || !o.Moving || o.Ball != 0 || o.Class != ClassCue || o.Confidence < ownReadConf {
		return false
	}
	h := k.holder[0] - 1
	if h < 0 || h >= len(k.tracks) {
		return false
	}
	cue := &k.tracks[h]
	return cue.used && !cue.gone && (cue.moving || cue.npend > 0 || k.lastT-cue.startT < cueReadWait)
}
