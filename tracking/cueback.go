package tracking

import (
	"math"

	"github.com/cueref/cueref/table"
)

// A ball the detector cannot see (the cue ball frozen to a cushion, its white
// outline merged with the cushion's nose; a ball in the shadow of a pocket's
// jaw) is taken for lifted once it has been unseen for a while with nothing
// hiding it: between shots a ball vanishes when a hand takes it. When the cue
// ball was never taken, the stroke sends it off from where it stood unseen, and
// its first detections in flight start a new track with no number (a white
// ball moving fast is read as one only after a frame or two). No other ball
// can be there: the new track is the cue ball, and its first detections are
// the stroke (cueTakeover does the same for a cue ball unseen only for the few
// frames of a fast stroke).

// cueBack hands the path of a track just born between shots, moving out at a
// stroke's speed from where the cue ball was when it was taken for lifted, to
// the cue ball's track, and begins the stroke there. The cue ball may have
// been lost while still creeping along (too slow to track against a cushion):
// its path may start as far on as it could have rolled before it stopped. It
// reports whether it did.
func (k *Tracker) cueBack() bool {
	if k.phase != idle || k.lagDue {
		return false
	}
	ci := -1
	for i := range k.tracks {
		tr := &k.tracks[i]
		if !tr.used || !tr.confirmed || tr.ball != 0 {
			continue
		}
		if !tr.gone {
			return false // the cue ball is on the table
		}
		if tr.lifted {
			ci = i
		}
	}
	if ci < 0 {
		return false
	}
	cue := &k.tracks[ci]
	creep := lostCreep(cue, k.R)
	for oi := range k.tracks {
		o := &k.tracks[oi]
		// A track born after the cue ball was last seen, still young, and
		// not named another ball.
		if oi == ci || !o.used || o.gone || !o.seen || o.ball > 0 || o.born <= cue.last.t || o.nh < 2 || o.nh > cueBackDetections || namesOther(o) {
			continue
		}
		var buf [cueBackDetections]sample
		w := buf[:0]
		for j := o.nh - 1; j >= 0; j-- {
			w = append(w, o.hist[(o.nh-1-j)%len(o.hist)])
		}
		lin := fitLine(w)
		v := lin.b.Len()
		if v < minStroke {
			continue
		}
		// Out from the rest point, one detection after another.
		u := lin.b.Scale(1 / v)
		out := true
		for j := 1; j < len(w); j++ {
			out = out && w[j].p.Sub(cue.rest).Dot(u) > w[j-1].p.Sub(cue.rest).Dot(u)
		}
		if !out {
			continue
		}
		t0 := backTime(&lin, cue.rest, w[0].t, k.dt)
		from := lin.at(t0)
		if from.Dist(cue.rest) > takeoverGap+takeoverSlope*w[0].p.Dist(cue.rest)+creep {
			continue
		}
		if k.otherBallAt(from, ci, oi, cue.rest) {
			continue
		}
		if k.trace != nil {
			k.trace("%.4f cue back: track %d, born at %.4f, leaves from %v, %.1f mm from where the cue ball was taken for lifted at %.4f (creep %.1f mm)", k.lastT, oi, o.born, from, from.Dist(cue.rest), cue.goneT, creep)
		}
		k.takeOver(ci, oi, w, t0, nil)
		return true
	}
	return false
}

// cueBackDetections: cueBack looks at tracks with at most this many
// detections (the first ones of a ball in flight).
const cueBackDetections = 8

// lostCreep (mm) is how far on a ball may have rolled after its last
// detection: a ball lost from view while still moving (its rest point is where
// it was last seen) stops within v²/2a at the cloth's rolling resistance; one
// seen to come to rest did not move on. At most a diameter.
func lostCreep(tr *track, R float64) float64 {
	if tr.restT < tr.last.t {
		return 0
	}
	v := tr.fit.vel(tr.last.t).Len()
	return math.Min(v*v/(2*rollDecel), 2*R)
}

// namesOther reports whether a track's identity evidence is more for the
// object balls than for the cue ball.
func namesOther(tr *track) bool {
	var other float64
	for b := 1; b < len(tr.votes); b++ {
		other += tr.votes[b]
	}
	return other > tr.votes[0]
}

// otherBallAt reports whether a ball other than tracks ci and oi stands within
// a diameter (less the noise) of p, or whether a ball taken for lifted, other
// than ci, was nearer p than rest: p may be that ball's.
func (k *Tracker) otherBallAt(p table.Point, ci, oi int, rest table.Point) bool {
	for j := range k.tracks {
		x := &k.tracks[j]
		if j == ci || j == oi || !x.used || !x.confirmed {
			continue
		}
		if !x.gone && p.Dist(k.position(x)) < 2*k.R-10 {
			return true
		}
		if x.gone && x.lifted && p.Dist(x.rest) < p.Dist(rest) {
			return true
		}
	}
	return false
}
