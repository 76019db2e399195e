package tracking

import (
	"github.com/cueref/cueref/shot"
)

// cameBackWin (s): a start of a ball this soon after a cushion hit told of it
// may be its way back off that cushion (cameBack).
const cameBackWin = 0.5

// cameBack returns the contact that struck start c's ball from rest where c
// leaves it, told before a cushion hit of the ball that was told before c
// (within cameBackWin), when the re-kiss model (foreseeRekiss) does not bring
// the ball back off that cushion into the one that struck it: the ball went to
// the cushion and came back through its rest point without being seen to
// leave it, and c is its way back, not a start. Camera model seed 1, 8-ball
// shot 359: the 7, 22 mm off the foot cushion, was met by the cue ball, read
// once on its way out and missed at the cushion; its hit was told from the
// contact (frozenRailHits), and its way back, through its rest point 76 ms
// after the contact, was started and paired with the cue ball, passing 3 mm
// away: a second contact that never was. Where the model foresees the second
// contact, the pairing stands (rendered seed 74, 10-ball shot 3: the 2, 16 mm
// off the head cushion, came back into the cue ball 10 ms after passing its
// rest point).
func (k *Tracker) cameBack(c *change) *pevent {
	if !c.start {
		return nil
	}
	ri := -1
	for i := range k.events {
		o := &k.events[i]
		if o.kind == shot.RailHit && !o.cancel && o.a == c.tr && o.t < c.t && c.t-o.t <= cameBackWin && (ri < 0 || o.t > k.events[ri].t) {
			ri = i
		}
	}
	if ri < 0 {
		return nil
	}
	r := &k.events[ri]
	for i := range k.events {
		x := &k.events[i]
		if x.kind != shot.Contact || x.cancel || x.t >= r.t || x.sides[0].tr < 0 || x.sides[1].tr < 0 {
			continue
		}
		for si, s := range x.sides {
			m := &x.sides[1-si]
			if s.tr != c.tr || !s.rest || m.rest || s.in.a.Dist(c.in.a) > k.backTol() {
				continue
			}
			if _, again := k.foreseeRekiss(m.in.at(x.t), m.in.vel(x.t), s.in.a, r.rail); again {
				return nil
			}
			return x
		}
	}
	return nil
}
