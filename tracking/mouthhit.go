package tracking

import "math"

// The hit that knocked a ball in from a mouth. mouthGone tells a ball that
// rested in a corner pocket's mouth pocketed when a ball of the shot came
// within touching distance of it and it went from view at once: it was
// knocked in. Knocked in, it was struck: the ball that came to it met it. But
// a ball that goes from the mouth within a frame or two of the hit is never
// seen moving, so no start of it is paired with that ball's way, and the
// contact went untold (rendered bench, 10-ball seed 50 shot 23: the cue ball,
// at 4.4 m/s, met the 9, resting in the foot-left mouth 8 mm off the foot
// cushion, as it met the foot cushion; the 9 was read once 33 mm on and was
// gone. The provisional contact was told but never confirmed: the shot had
// the 9 pocketed and no contact of the cue ball, a no_contact foul the truth
// does not have).
//
// So when mouthGone tells such a ball pocketed, the ball that came to it is
// told meeting it, unless a contact of the ball in the mouth is told already
// (a hit by any ball explains its going): timed where its detections, fitted
// on a straight line up to the first one within touching distance, reach a
// diameter from the rest point (approach), but no later than the first
// detection within touching distance (mouthGone's), at which it is timed
// when approach cannot time it; nor later than the frame the ball in the
// mouth was gone from, when it is timed half a frame after its last
// detection (rendered 9-ball, seed 74, shot 24: the 2, off the left cushion
// at 1.5 m/s, knocked in the 7 resting in the foot-left mouth; its way in,
// bent by the cushion 50 ms before, did not time the hit, and the contact
// was timed at its first detection within touching distance, 29 ms late
// and two frames after the 7 was last seen).

// mouthHit tells the contact of track j, moving in the shot, with track i,
// resting at its rest point in a mouth and knocked in unseen; s is j's
// detection within touching distance of it (see above).
func (k *Tracker) mouthHit(i, j int, s sample) {
	tr, o := &k.tracks[i], &k.tracks[j]
	if k.phase != inShot || !o.moved && !o.moving {
		return
	}
	if _, ok := k.hitSince(i, k.strikeT); ok {
		return // hit by some ball already told
	}
	lo, hi := math.Max(k.strikeT, s.t-nudgeLook), math.Max(s.t, tr.last.t)
	tc, p, v, _, ok := k.approach(k.samplesOf(j, lo-k.dt, hi), tr.rest, lo, hi)
	if !ok {
		// Its way in: a straight line through its detections up to s.
		if ss := k.samplesOf(j, s.t-nudgeFit*k.dt, s.t); len(ss) >= 2 {
			line := fitLine(ss)
			v = line.vel(s.t)
		}
	}
	if !ok || tc > s.t {
		tc, p = s.t, s.p // no later than the detection seen touching it
	}
	if gone := tr.last.t + k.dt; tc > gone {
		// Nor later than the frame it was gone from (see above).
		tc = tr.last.t + 0.5*k.dt
		p = s.p.Sub(v.Scale(s.t - tc))
	}
	if k.trace != nil {
		k.trace("%.4f mouth hit: track %d ball %d met track %d ball %d in the mouth at %.4f (approach %v)", k.lastT, j, o.ball, i, tr.ball, tc, ok)
	}
	pm := path{t0: tc, a: p, b: v, n: 2, lo: tc, hi: tc}
	ps := still(tr.rest, tc)
	if e := k.contact(j, i, tc, &pm, &ps, false); e != nil {
		k.noteLate(e, j, i, pm, tr.rest) // timed again at the end (lateside.go)
	}
}
