package tracking

import "github.com/cueref/cueref/shot"

// stillTouch wraps read, the other readings of a weak touch of track i, ball
// b (weakTouch, raised as the ball starts): when the ball ends the shot never
// having left its place (neverLeft), its start was its detections jumping and
// coming back, as with a clear touch, whose event dropStayPut cancels. Then
// neither a touch nor a contact set it moving; the one other reading is that
// it never moved: the record without its events (there should be none; if
// one decides the ruling, the doubt is still asked).
func (k *Tracker) stillTouch(i, b int, read func(*shot.Shot) []*shot.Shot) func(*shot.Shot) []*shot.Shot {
	return func(rec *shot.Shot) []*shot.Shot {
		if _, ok := k.neverLeft(i); ok && b >= 0 && k.tracks[i].ball == b {
			if k.trace != nil {
				k.trace("%.4f weak touch of track %d ball %d: it never left its place", k.lastT, i, b)
			}
			return []*shot.Shot{withoutEvents(rec, func(e shot.Event) bool { return names(e, b) })}
		}
		if read == nil {
			return nil
		}
		return read(rec)
	}
}
