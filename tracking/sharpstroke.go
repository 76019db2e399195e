package tracking

import (
	"math"

	"github.com/cueref/cueref/table"
)

// spinAccel (mm/s²) bounds how fast a ball at (or near) rest can gain speed on
// its own: only the cloth's sliding friction turns spin into speed (μ ≈ 0.25 at
// most), as when a cue ball stunned against a frozen ball follows on.
const spinAccel = 2500.0

// sharpStroke reports whether the cue ball's start c came too fast after it was
// seen resting to be a slow push begun at t, when a neighbour of it started
// (advance backdates the stroke to such a start: a cue ball pushing a
// near-frozen ball may creep on within the noise of its rest point for a while).
// A ball read at s still within the noise ε of where it was at t < s, had it been
// under way since t, moved at no more than √(2·A·ε) then (A = spinAccel), and by
// its first detection off rest at no more than that plus A times the time
// between. A cue ball seen leaving faster, with no ball coming at it from behind
// (pushedFrom), was struck after its last still read: the neighbour's start was
// something else (a ball read hopping between two spots, a touch), not this
// stroke.
func (k *Tracker) sharpStroke(c *change, t float64) bool {
	if !c.start || c.gap || c.slow {
		return false
	}
	tr := &k.tracks[c.tr]
	// Where it was when the neighbour started (the mean of its reads about
	// then: its rest point since may have crept along with it), and its last
	// read before its start.
	var ref, lastP table.Point
	n := 0
	last := math.Inf(-1)
	for j := 0; j < len(tr.hist) && j < tr.nh; j++ {
		s := tr.hist[(tr.nh-1-j)%len(tr.hist)]
		if s.t < t-2*k.dt {
			break
		}
		if s.t < c.first.t && math.IsInf(last, -1) {
			last, lastP = s.t, s.p
		}
		if s.t <= t+k.dt {
			ref = ref.Add(s.p)
			n++
		}
	}
	if n == 0 || last < t+k.dt {
		return false // not read about then, or not since: it may have crept unseen
	}
	ref = ref.Scale(1 / float64(n))
	eps := 3*k.cfg.Sigma + 1
	if lastP.Dist(ref) > eps {
		return false // it had moved since: creeping on from a push
	}
	vmax := math.Sqrt(2*spinAccel*eps) + spinAccel*(c.first.t-last)
	vel := tr.fit.vel(c.first.t)
	v := vel.Len()
	if k.pushedFrom(c, vel) {
		return false // a ball came at it from behind: driven off by a contact
	}
	if k.trace != nil {
		k.trace("%.4f sharp stroke? track %d read still %.4f–%.4f, off at %.1f mm/s (a push then: at most %.1f)", k.lastT, c.tr, t, last, v, vmax)
	}
	return v > sharpMargin*vmax
}

// pushedFrom reports whether another track was read, within a few frames of
// start c, within a diameter and a bit of the started ball's rest point on the
// side it left from (a ball coming back to it, say off a cushion, drove it off).
func (k *Tracker) pushedFrom(c *change, vel table.Point) bool {
	win := 3 * k.dt
	for oi := range k.tracks {
		o := &k.tracks[oi]
		if oi == c.tr || !o.used || !o.confirmed {
			continue
		}
		for j := 0; j < len(o.hist) && j < o.nh; j++ {
			s := o.hist[(o.nh-1-j)%len(o.hist)]
			if s.t < c.first.t-win {
				break
			}
			if s.t > c.first.t+win {
				continue
			}
			if d := s.p.Sub(c.in.a); d.Len() < 2*k.R+40 && d.Dot(vel) <= 0 {
				return true
			}
		}
	}
	return false
}

// sharpMargin is how much faster than the bound a start must be for sharpStroke
// (the fitted speed of a start's first frames is rough).
const sharpMargin = 1.5

// cueRestedAfter reports whether the struck track was read at rest at its
// stroke position after time t (by more than a frame) and before the stroke: no
// contact of the cue ball can be timed then (a ball next to it that started
// before the stroke, by a touch or a hop of its reads, was not hit by it;
// addEvent).
func (k *Tracker) cueRestedAfter(t float64) bool {
	cue := k.strikeTr
	if cue < 0 || cue >= len(k.tracks) {
		return false
	}
	from, ok := k.before[cue]
	if !ok {
		return false
	}
	tr := &k.tracks[cue]
	eps := 3*k.cfg.Sigma + 1
	for j := 0; j < len(tr.hist) && j < tr.nh; j++ {
		s := tr.hist[(tr.nh-1-j)%len(tr.hist)]
		if s.t <= t+k.dt {
			return false
		}
		if s.t < k.strikeT && s.p.Dist(from) <= eps {
			return true
		}
	}
	return false
}
