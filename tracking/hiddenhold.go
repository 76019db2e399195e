package tracking

// A ball at rest hidden for a while (a player's arm or body over it) is taken
// for lifted; its track keeps the number, with less weight (resolveIDs), so
// that the ball, seen again where it stood or put down elsewhere, takes it
// back. A false detection that stood elsewhere on the table all along must not
// take the number meanwhile on the votes it gathered: rendered seed 16, 10-ball
// at 150.8 s: a split of the 9's blob 55 mm from its centre, seen in about
// half the frames and read as the 8 at 0.3 to 0.58, had gathered 126 votes
// for the 8 over twenty seconds (the 8's own track, 900 mm away, held it by
// its stronger reads, contested at 132.5 s). The 8 was hidden 1.7 s; its track
// was taken for lifted, the ghost took the 8, and the 8, seen again, got a
// nameless track: two shots later its first contact went unnamed (a
// no_contact foul that was none, rule 1.16; review "ball -1 lost from view
// while moving"). A track that rested elsewhere on the table while the ball
// was in view was another object then: that its number could not be read
// while the ball was hidden is no evidence that the track is that ball. So
// while the lifted track holds an object ball's number and its own reads name
// it most (it was that ball, not one misnamed), a track that rested since
// before the lift (by more than hiddenBefore), more than a ball's diameter
// from where the ball rested, does not take it. A track first seen since, or
// one that has rolled since, may (a ball spotted or re-racked by hand). Not
// the cue ball: in hand it is lifted and put down elsewhere again and again,
// and cueplace.go, cuedown.go name it (held here, the breaks of 8-ball shot
// 20 and 10-ball shot 23 of seed 16 lost it: cue_ball_outside_kitchen).
//
// Nor does a track that went from the table (pocketed, off it) before the
// lifted one was first seen: the ball it was came back (a re-rack, a spot),
// and the lifted track, read surely as it, is that ball. Its own votes may
// be more, from a rack ago: camera model seed 1, 10-ball at 1823.94 s, the
// 4, hidden at rest for a moment and taken for lifted (162 votes), lost its
// number to the track of the 4 pocketed a rack before, at 1486 s (347). The
// 4, seen again on its spot, got a new nameless track, not on the table at
// the stroke, and shot 263 was asked "ball 4 moved in the shot, not on the
// table at the stroke", needlessly.

// hiddenHeld returns, for each ball, the lifted track (+1; 0 none) that holds
// it and whose reads name it most (see hiddenTake).
func (k *Tracker) hiddenHeld() (lift [16]int) {
	for i := range k.tracks {
		if tr := &k.tracks[i]; tr.used && tr.confirmed && tr.gone && tr.lifted && tr.ball > 0 && mostVoted(tr) == tr.ball {
			lift[tr.ball] = i + 1
		}
	}
	return lift
}

// hiddenTake reports whether resolveIDs must not give track i ball b, where
// lift is hiddenHeld: b is held by a lifted track, and i, on the table, has
// rested since before that track went, more than a ball's diameter from
// where it rested; or i went from the table (not lifted) before that track
// was first seen, and the lifted track's reads named b surely (liftSure).
func (k *Tracker) hiddenTake(i, b int, lift *[16]int) bool {
	l := lift[b]
	if l == 0 || l-1 == i {
		return false
	}
	x, tr := &k.tracks[l-1], &k.tracks[i]
	if tr.gone {
		// Pocketed or off the table before the lifted track was first
		// seen, which was read surely as the ball (liftSure): the ball
		// came back (a re-rack, a spot) and is that track.
		return !tr.lifted && tr.goneT < x.born && x.votes[b] >= liftSure
	}
	before := x.last.t - hiddenBefore
	return !tr.moving && tr.born < before && tr.restT < before && tr.rest.Dist(x.rest) > 2*k.R
}

// liftSure is how many votes for its number a lifted track needs to keep it
// from a track gone before it was first seen (hiddenTake): three times
// ownSure, some 60 clear reads. A track named by its moves (a hand's, put
// down: downhold.go) starts with about ownSure, and may be a false detection
// that took a pocketed ball's number: rendered seed 74, 14.1 at 66.07 s, a
// hand's track named 14 with 21 votes, lifted, kept the 14 from the track of
// the pocketed 14 (27 votes) at ownSure, and shot 9 was asked about it as a
// ball hidden in the cue ball's way, needlessly.
//
// Camera model seeds 1-8, against a track gone before: needless reviews 255
// -> 234, ID switches 3825 -> 2543; the lifted ball seen again on its spot
// is brought back there and placed back at the stroke (liftspot.go,
// restback.go) instead of making a new, nameless track.
const liftSure = 3 * ownSure

// hiddenBefore (s): how long before the lifted track's last detection the
// other must have rested where it rests: a ball racked by hand is seen in the
// rack a few tenths of a second before the detector loses it where it stood
// (rendered seed 16, 8-ball re-rack at 141.9 s: the 7 read in the rack while
// its old track was still seen), while the ghost of the 10-ball case rested
// there twenty seconds.
const hiddenBefore = 1.0
