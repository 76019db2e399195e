package tracking

import (
	"github.com/cueref/cueref/table"
)

// A ball that rattles out of a pocket's jaws may show again under another
// ball's number: in the jaws' shade the detector reads a coloured ball as a
// dark one (rendered seed 4, 14.1 shot 19: the 6 rattled in the foot-left
// jaws, went from view, and rolled back out 0.43 s later; its first reads
// there named the 8, pocketed shots before, and the 8's old track came back
// onto the table on them (newTrack), 60 mm from where the 6 was last seen;
// the 6 stayed pocketed, and the shooter played on). Its reads after name it
// again: once they outweigh the few that named the other ball (held leaves a
// track that came back in the shot no number to hold), backOnTable finds the
// ball on the table. A ball gone before the stroke does not come back onto
// the bed in a shot: the track that came back there, by the mouth the ball
// went into and soon after, is that ball come back out (outOfJaws).

// outOfMouth reports whether track x, read as the ball of pocket event e, came
// back onto the table in the shot after it was gone before the stroke, no
// later than jawsLate after the pocketed ball was last seen, in front of that
// pocket's mouth (its centre within the mouth's half width and a ball's
// diameter of the mouth's centre, the reach cueIntoMouth uses).
func (k *Tracker) outOfMouth(e *pevent, x int) bool {
	g, xt := &k.tracks[e.a], &k.tracks[x]
	if xt.backT < k.strikeT || xt.backT < g.last.t || xt.backT > g.last.t+jawsLate || e.pocket == "" {
		return false
	}
	at, ok := k.firstSince(x, xt.backT)
	if !ok {
		return false
	}
	q := k.tab.Pocket(e.pocket)
	return at.Dist(q.Center) < q.Width/2+2*k.R
}

// firstSince returns track i's first detection of the shot at or after time t.
func (k *Tracker) firstSince(i int, t float64) (table.Point, bool) {
	for _, s := range k.tracks[i].slog {
		if s.t >= t-1e-9 {
			return s.p, true
		}
	}
	return table.Point{}, false
}
