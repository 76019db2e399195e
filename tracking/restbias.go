package tracking

// defaultRestBias (mm, per axis) is Config.RestBias's default: the spread of
// a resting ball's place as read about its true place, by which the joint fit
// of a contact lets its rest point move (jointFit.qVar). The rest point is the
// mean of many detections, so their noise averages out (restVar), but not the
// detector's bias: a ball of the cloth's colour, or a dark one, is read at
// rest a few millimetres off its place, the same way frame after frame (the
// green 6 on green cloth: 3.2 and 3.8 mm RMS on the rendered seeds 74 and 75;
// the cue ball 0.4 mm). Held at its mean, a rest point 3 mm off along the line
// of centres puts a contact at 1.5 m/s 2 ms off. Where the reads have no such
// bias (the bench's camera model), freeing the rest point only loosens the
// time: there the caller says so (a negative Config.RestBias).
const defaultRestBias = 2.0

// jointFreeSD (frames) bounds the standard error of a joint fit's time with
// the rest point free: past it the fit with the rest point held stands. A
// slow contact's time is poorly defined with the rest point free (its 2 mm
// are 10 ms at 200 mm/s), and the fit can wander a frame or more.
const jointFreeSD = 0.25

// qVarHeld (mm²) is the prior variance that holds a rest point in place
// (a hundredth of a millimetre).
const qVarHeld = 1e-4

// freeRest reports whether the joint fit of a contact at t of moving side mv
// with side rs, at rest, is to be run again with rs's rest point free: the
// detector has a bias at rest, and the rest point's spread alone, at the
// speed mv closes on it, would not make the time looser than jointFreeSD.
// (Slower, the fit free would not be kept: see jointTime.)
func (k *Tracker) freeRest(mv, rs *side, t float64) bool {
	if k.cfg.RestBias <= 0 {
		return false
	}
	n := rs.in.a.Sub(mv.in.at(t))
	l := n.Len()
	if l == 0 {
		return false
	}
	vc := mv.in.vel(t).Dot(n) / l
	return vc > 0 && k.cfg.RestBias/vc <= jointFreeSD*k.dt
}
