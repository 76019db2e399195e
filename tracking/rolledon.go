package tracking

// A slow ball rolling into a cushion can seem to stop: by a cushion the
// detector's centre may lag for a few frames (rendered seed 5 14.1 shot 12,
// the black ball rolling at 80 mm/s into the foot cushion was read stuck
// 7-11 mm short of where it was for four frames, then caught up at once when
// the outline refit along the cushion took over). The tracker took the
// stalled reads for a rest and the catch-up for a start with no contact: a
// touch (rule 1.19), foul. A start whose first reads lie where the motion
// before the rest, carried on, would have put the ball, going the same way
// at about the same speed, is that motion carrying on: the ball never
// stopped.

const (
	// rolledOnWindow (s): how soon after the rest a start may be taken for the
	// earlier motion carrying on.
	rolledOnWindow = 0.5
	// rolledOnFit (s): the span of detections before the rest whose motion
	// is carried on.
	rolledOnFit = 0.3
	// rolledOnMin, rolledOnMax (mm/s): the speeds before the rest for which
	// a stall is believed: moving at all, and slow enough that a stall of a
	// few frames is a stall of a few millimetres.
	rolledOnMin = 30.0
	rolledOnMax = 400.0
)

// rolledOn reports whether start c of a track that came to rest lately is the
// motion before that rest carrying on (see above).
func (k *Tracker) rolledOn(c *change) bool {
	tr := &k.tracks[c.tr]
	if c.t-tr.restT > rolledOnWindow || tr.nhead < 3 {
		return false
	}
	var buf [64]sample
	before := k.histAround(c.tr, tr.restT-rolledOnFit, tr.restT+1e-9, buf[:])
	if len(before) < 6 {
		return false
	}
	in := fitLine(before)
	v0 := in.vel(tr.restT)
	sp := v0.Len()
	if sp < rolledOnMin || sp > rolledOnMax || before[len(before)-1].t-before[0].t < 0.6*rolledOnFit {
		return false
	}
	out := fitLine(tr.head[:tr.nhead])
	v1 := out.vel(out.t0)
	if v1.Len() > rolledOnMin && v1.Dot(v0) < 0.5*v1.Len()*sp || v1.Len() > 2*sp+100 {
		return false // another way or far faster: a new motion
	}
	// Carried on from the rest, with a deceleration or a speed up to half the
	// speed's worth of slack over the time since.
	p0 := in.at(tr.restT)
	for _, s := range tr.head[:tr.nhead] {
		dt := s.t - tr.restT
		want := p0.Add(v0.Scale(dt))
		if s.p.Dist(want) > 4*k.cfg.Sigma+0.5*sp*dt {
			return false
		}
	}
	if k.trace != nil {
		k.trace("%.4f rolled on: track %d ball %d, %.0f mm/s before its rest at %.4f", k.lastT, c.tr, tr.ball, sp, tr.restT)
	}
	return true
}
