package tracking

import (
	"fmt"

	"github.com/cueref/cueref/shot"
)

// A ball that rattles in a corner pocket's jaws drops out of sight there (in
// the jaws' shadow, or under the cushion's nose) for a few tenths of a second,
// long enough for its track to be taken for pocketed, and then rolls back out
// onto the bed where it went in. The detector picks it up again as a new
// track, born by the mouth after the ball went (or just before, when its
// detections split between two tracks there), and soon reads it as the ball
// again and again: the ball was never pocketed. Without this the pocket was
// kept for a person to review (the ball was seen going), and the judge kept
// the doubt, the pocket deciding the ruling. Another ball taken for this one
// would have to show, unnamed before, right where this one vanished and just
// after; such a ball has a track of its own.

// jawsLate (s): how long after its track's last detection a ball that
// rattled in the jaws may show again by the mouth (about a third of a second
// seen on rendered frames, with margin).
const jawsLate = 0.5

// jawsCueVotes is the identity evidence (about a dozen clear reads) a track
// needs to bring the cue ball back out of the jaws: false detections on an arm
// or the cue are read as the cue ball (see backOnTable).
const jawsCueVotes = 10.0

// outOfJaws reports whether track x, on the table and read as the ball whose
// pocket event e was told when its track went, is that ball come back out of
// the pocket's jaws: x was born in the shot, within a ball's diameter of
// where the track that went was last seen, no later than jawsLate after it.
// For the cue ball x must also hold it on a dozen reads and have rolled on
// from there (an arm or a cue over the jaws does not roll away on the bed);
// wait is set while such a track still moves without having shown both: it
// is judged (and a person asked, if it never does) once it stops.
func (k *Tracker) outOfJaws(e *pevent, x int) (out, wait bool) {
	if e.kind != shot.Pocketed {
		return false, false
	}
	g, xt := &k.tracks[e.a], &k.tracks[x]
	if !k.outOfMouth(e, x) && (xt.born < k.strikeT || xt.born > g.last.t+jawsLate || xt.bornAt.Dist(g.last.p) >= 2*k.R) {
		return false, false
	}
	if e.ids[0] != 0 {
		return true, false
	}
	if k.cueShown(xt) { // offback.go
		return true, false
	}
	return false, xt.moving
}

// goneWhy is the review reason of a ball told gone (kind: pocket, off_table)
// and then read on the table (see backOnTable).
func goneWhy(b int, kind string) string {
	return fmt.Sprintf("ball %d gone (%s), then read on the table", b, kind)
}
