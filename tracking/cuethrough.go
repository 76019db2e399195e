package tracking

// A ball the cue ball went through was not there to be hit. The cue ball's
// straight way may reach first a "ball" at rest that is no ball at all: a
// detector's phantom that flickers beside a real ball, or a ball already gone.
// A cue ball that hits a ball at rest stops at two radii from its centre and
// goes off along the tangent (a follow spin bends it forward only later and
// slowly), so its own detections, before the contact told, well inside two
// radii of that rest point say the cue ball passed where the ball was said to
// rest: the contact told stands.

// cueThroughSlack (mm): how far inside two radii of the rest point the cue
// ball must be seen; well beyond its detections' error (a few mm).
const cueThroughSlack = 15.0

// cueWentThrough reports whether the cue ball was seen, before time until,
// more than cueThroughSlack inside two radii of track i's rest point at the
// stroke.
func (k *Tracker) cueWentThrough(i int, until float64) bool {
	q, ok := k.before[i]
	if !ok {
		return false
	}
	for _, s := range k.cueIn {
		if s.t >= until {
			break
		}
		if d := s.p.Dist(q); d < 2*k.R-cueThroughSlack {
			if k.trace != nil {
				k.trace("%.4f firstByPath: the cue ball seen at %.4f %.1f mm from track %d's rest point: it went through, no ball was there", k.lastT, s.t, d, i)
			}
			return true
		}
	}
	return false
}
