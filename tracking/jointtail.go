package tracking

// A ball's way out of a contact ends at its next event told (sideEstimate):
// a cushion or a ball met soon after. When that event is told a frame late,
// or not told at all (a cushion hit missed), the last detections of the way
// out are already past it: bent by the cushion or the other ball, they pull
// the joint fit's struck-ball velocity, and with it the contact time, by
// several ms (the rendered bench's tail: contacts whose struck ball or mover
// met something else within 0.1 s). The joint fit checks the last detection
// of each way out once it has a time: when leaving it out lowers χ² by more
// than the noise explains, it is past the next event and is dropped, and the
// fit runs again. (Rendered seeds 1–12: 10 contact times closer to the truth,
// 7.8 → 3.1 ms off the most, one 0.4 ms further; no-render unchanged.)

// jointTailChi is the drop of χ² (two degrees of freedom: 99.9 %) beyond
// which the last detection of a way out is taken to be past its next event;
// jointTailDrops the most detections the joint fit drops so.
const (
	jointTailChi   = 13.8
	jointTailDrops = 3
)

// dropTail checks, at contact time tc with way-in model m, the last detection
// of the struck ball's way out and of the moving ball's: the one whose
// leaving out lowers χ² the most, by more than jointTailChi, is dropped from
// the fit's detections. It reports whether one was.
func (j *jointFit) dropTail(tc float64, m *inModel) bool {
	c0, _, _, ok := j.eval(tc, m)
	if !ok {
		return false
	}
	best, which := jointTailChi, 0
	for w, side := range []struct {
		s   *[]sample
		min int // the fewest detections the side keeps
	}{{&j.ob, jointObjMin}, {&j.out, 1}} {
		all := *side.s
		if len(all) <= side.min {
			continue
		}
		*side.s = all[:len(all)-1]
		c1, _, _, good := j.eval(tc, m)
		*side.s = all
		if good && c0-c1 > best {
			best, which = c0-c1, w+1
		}
	}
	switch which {
	case 1:
		j.obj = without(j.obj, j.ob[len(j.ob)-1].t)
	case 2:
		j.mv = without(j.mv, j.out[len(j.out)-1].t)
	}
	return which != 0
}
