package tracking

import "github.com/cueref/cueref/table"

// pushedSpeed is the least speed along unit vector n at which track tr, at
// rest at from when the stroke (at k.strikeT) pushed it, must have left: the
// most progress along n per time since the stroke over its detections of the
// frozenUnseen after it. A ball frozen to the cue ball, driven into a cushion
// a few centimetres off, meets it and comes back within a frame or two,
// before its start is told: its path from then on (pushedRail's first
// estimate) is its way back, or off a second contact with the cue ball, and
// far slower than the stroke sent it (rendered bench, 9-ball seed 11 shot 34:
// ball 1, 30 mm off the left cushion, read 4 mm off it 47 ms after the stroke,
// seen next moving at 180 mm/s; its hit at 822 mm/s was not told and the legal
// safety became a no_rail foul, rule 1.17). The detections made before the
// start was told are in its history; the progress they show is a lower bound
// on the average speed since the stroke.
func (k *Tracker) pushedSpeed(tr *track, from, n table.Point) float64 {
	var sp float64
	for j := 1; j <= min(tr.nh, len(tr.hist)); j++ {
		s := tr.hist[(tr.nh-j)%len(tr.hist)]
		dt := s.t - k.strikeT
		if dt <= 0 {
			break
		}
		if dt > frozenUnseen {
			continue
		}
		// Within the noise of its rest point, a detection says nothing.
		if d := s.p.Sub(from).Dot(n); d > 2*k.cfg.SigmaMoving+1 {
			sp = max(sp, d/dt)
		}
	}
	return sp
}
