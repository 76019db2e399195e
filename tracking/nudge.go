package tracking

import (
	"math"

	"github.com/cueref/cueref/shot"
	"github.com/cueref/cueref/table"
)

// A ball at rest nudged by a slow or glancing contact may move a few
// millimetres only: too little and too slowly to start it (its detections
// never leave its rest point fast enough), so the tracker moves its rest point
// once the detections stay away (see shiftTime). The contact is real, and it may
// be the shot's first (rule 3.8): a cue ball grazing a ball on its way, or
// creeping into one frozen to a cushion. nudged looks for the ball that touched
// it in the detections of the balls that moved just before.
const (
	// nudgeLook (s): how long before the first detection away from rest the
	// contact may have been.
	nudgeLook = 0.4
	// nudgeFit: the detections before the touching one that time it.
	nudgeFit = 6
	// nudgeCome (mm): the ball that nudged it was seen this much further away
	// before (not a neighbour that merely rested against it).
	nudgeCome = 3.0
)

// nudged handles track i found resting at to, not at its rest point from, its
// detections away from from since the one at since.
func (k *Tracker) nudged(i int, from, to table.Point, since float64) {
	if k.phase != inShot || !k.tracks[i].confirmed || from.Dist(to) < nudgeMin || since < k.strikeT {
		return
	}
	// A ball pushed slowly leaves its rest point little by little: it was
	// on its way since its detections last came back near that point.
	tr := &k.tracks[i]
	away := math.Max(2*k.cfg.Sigma, 3)
	for j := 0; j < min(tr.nh, len(tr.hist)); j++ {
		x := tr.hist[(tr.nh-1-j)%len(tr.hist)]
		if x.p.Dist(from) <= away {
			break
		}
		since = math.Min(since, x.t)
	}
	k.noteLeave(i, from, since)
	lo, hi := math.Max(k.strikeT, since-nudgeLook), since+k.dt
	best, bestD := -1, math.Inf(1)
	var bestT float64
	var bestP, bestV table.Point
	for oi := range k.tracks {
		o := &k.tracks[oi]
		if oi == i || !o.used || !o.confirmed || !o.moved {
			continue
		}
		tc, p, v, d, ok := k.approach(k.samplesOf(oi, lo-k.dt, hi), from, lo, hi)
		if ok && d < bestD {
			best, bestD, bestT, bestP, bestV = oi, d, tc, p, v
		}
	}
	if best < 0 {
		if k.trace != nil {
			k.trace("%.4f nudge track %d ball %d by %.1f mm: no ball came near", k.lastT, i, k.tracks[i].ball, from.Dist(to))
		}
		k.cushionBack(i, from, to, since) // cushionback.go
		return
	}
	for _, e := range k.events {
		if e.kind == shot.Contact && !e.cancel && (e.a == i && e.b == best || e.a == best && e.b == i) && math.Abs(e.t-bestT) < nudgeLook {
			return // told already
		}
	}
	if k.trace != nil {
		k.trace("%.4f nudge track %d ball %d by %.1f mm: contact with track %d ball %d at %.4f (%.1f mm apart)", k.lastT, i, k.tracks[i].ball, from.Dist(to), best, k.tracks[best].ball, bestT, bestD)
	}
	pm := path{t0: bestT, a: bestP, b: bestV, n: 2, lo: bestT, hi: bestT}
	ps := still(from, bestT)
	seq := 0
	if e := k.contact(best, i, bestT, &pm, &ps, false); e != nil {
		seq = e.seq
		k.noteLate(e, best, i, pm, from) // timed again at the end (lateside.go)
	}
	// Resting near a cushion, it may have been driven into it at once: too
	// soon after the contact, and too slowly, for its path to show the
	// bounce (as for a ball started by a contact, see frozenRail).
	k.frozenRail(i, from, bestP, bestV, bestT, seq)
}

// samplesOf returns the detections of track i between lo and hi, oldest first:
// from its ring of recent detections, and for the cue ball also from those kept
// of its way since the stroke (see recordCue).
func (k *Tracker) samplesOf(i int, lo, hi float64) []sample {
	tr := &k.tracks[i]
	var out []sample
	if i == k.strikeTr {
		for _, s := range k.cueIn {
			if s.t >= lo && s.t <= hi {
				out = append(out, s)
			}
		}
	}
	for j := min(tr.nh, len(tr.hist)) - 1; j >= 0; j-- {
		s := tr.hist[(tr.nh-1-j)%len(tr.hist)]
		if s.t >= lo && s.t <= hi && (len(out) == 0 || s.t > out[len(out)-1].t) {
			out = append(out, s)
		}
	}
	return out
}

// approach finds where a moving ball's detections ss (oldest first) first came
// to touch a ball resting at q between lo and hi: the time their centres came
// 2R apart, interpolated between detections (the first detection that near,
// within the noise, when the one before was nearer already). It returns the
// time, the mover's place and velocity then, and the distance between centres
// at that detection; ok is false when the mover was not seen coming that near
// from further away. A ball that pushes another along stays touching it: the
// first touch is the contact, not the nearest detection.
func (k *Tracker) approach(ss []sample, q table.Point, lo, hi float64) (tc float64, p, v table.Point, d float64, ok bool) {
	touch := 2 * k.R
	tol := 2*k.cfg.SigmaMoving + 1
	for j := 1; j < len(ss); j++ {
		a, b := ss[j-1], ss[j]
		if b.t < lo || b.t > hi+k.dt {
			continue
		}
		da, db := a.p.Dist(q), b.p.Dist(q)
		if db > touch+tol {
			continue
		}
		far := da
		for _, x := range ss[:j] {
			far = math.Max(far, x.p.Dist(q))
		}
		if far < db+nudgeCome {
			return 0, p, v, 0, false // not seen coming nearer: already there
		}
		// Timed on a straight line through the detections up to the first
		// one that near: a slow ball may still be ten millimetres short there.
		line := fitLine(ss[max(0, j-nudgeFit):min(len(ss), j+2)])
		rest := still(q, b.t)
		t, gap, hit := firstWithin(&line, &rest, touch, a.t-k.dt, math.Max(b.t+k.dt, hi))
		if !hit && gap > tol {
			t = b.t
		}
		tc, p, v = t, line.at(t), line.vel(t)
		if tc < lo || tc > hi {
			return 0, p, v, 0, false
		}
		return tc, p, v, db, true
	}
	return 0, p, v, 0, false
}
