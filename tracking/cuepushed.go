package tracking

import "math"

// The cue ball pushed off through a ball pressed to it. After the cue ball
// came to rest in a shot, a ball rolling into a ball pressed against it
// (frozen, or come to rest touching) sets both off in the same instant, and
// no approach to the cue ball shows: its start, unexplained once
// cueStartWait has passed, was taken for a new stroke while balls still
// rolled, and the shot was cut there (camera model at 30 fps, seed 27, 14.1
// shot 309, a safety: the 2 ran into the 14, which ran 9 mm into the 8,
// frozen to the cue ball; the cue ball went off 3.4 s after the stroke, the
// shot ended there, and the cue ball's way on was told as a shot where none
// was played, a no-contact foul, unflagged).
//
// A struck cue ball goes into a ball pressed to it; one pushed by that ball
// goes away from it. So a cue ball's start in a shot, when a ball whose rest
// point touched the cue ball's left its own within pressWin of it, and the
// cue ball went off away from that ball (within pushedCos of their line of
// centres), is the shot's: the cue ball was pushed, not struck.

// pushedCos: the cosine of the widest angle between a pushed cue ball's way
// off and the line of centres from the ball that pushed it.
const pushedCos = 0.7

// cuePushed reports whether start c of the cue ball in a shot was a push
// through a ball pressed to it (see above).
func (k *Tracker) cuePushed(c *change) bool {
	tr := &k.tracks[c.tr]
	from := c.in.a
	way := tr.last.p.Sub(from)
	if way.Len() < 2*k.cfg.Sigma+1 {
		return false
	}
	for j := range k.leaves {
		l := &k.leaves[j]
		if l.tr == c.tr || math.Abs(l.t-c.t) > pressWin || l.at.Dist(from)-2*k.R > k.pressTol() {
			continue
		}
		n := from.Sub(l.at)
		if way.Dot(n) >= pushedCos*way.Len()*n.Len() {
			if k.trace != nil {
				k.trace("%.4f cue ball pushed off: track %d at %.4f by track %d ball %d pressed to it, left at %.4f", k.lastT, c.tr, c.t, l.tr, k.tracks[l.tr].ball, l.t)
			}
			return true
		}
	}
	return false
}
