package tracking

import (
	"math"

	"github.com/cueref/cueref/shot"
	"github.com/cueref/cueref/table"
)

// roughRail adds the cushion hit of track o, the ball a rough contact (see
// restContact) took to have set ball c.tr off from rest, when that contact
// drove it into a cushion it lay against. A struck ball leaves along the line
// of centres n; its partner takes the opposite push, of the struck ball's
// speed w (equal masses). A partner lying within a few millimetres of a cushion,
// not moving off it, pushed with speed w·(−n·u) into it (u the cushion's
// outward normal), meets it a frame or two later: its own path shows nothing
// of it, and the contact, told roughly because that path was too short to
// solve (a ball struck off a cushion it lay against, run a few millimetres
// along it into another), brings no cushion hit with it as contactRail's do.
//
// 14.1 seed 30 shot 47 (a safety): ball 15 lay 1 mm off the right cushion;
// the cue ball, running along the cushion, struck it along it into ball 6
// 9 mm on, whose line of centres (57° off the cushion) turned ball 15 into
// the cushion 3 ms later and back off it. Ball 15's start was only seen as it
// came off the cushion, ball 6's start was explained as a rough contact with
// it, and no cushion was told after the first contact: a no_rail foul on a
// legal safety. Ball 6 left at 230 mm/s along n: ball 15 went into the cushion
// at 120 mm/s from 1–2 mm off.
//
// The partner must be seen lying against the cushion about the contact (its
// mean gap over roughRailWin at most roughRailGap, which also bounds any speed
// off it), touching the struck ball's rest point there (the struck ball's way
// out leads back to where it was, within roughRailFit), and pushed in clearly
// (at least roughRailV, reaching the cushion within contactRailTime).
func (k *Tracker) roughRail(e *pevent, c *change, o int) {
	if e == nil || k.phase != inShot || !c.start {
		return
	}
	b := &k.tracks[c.tr]
	if b.nhead < 3 {
		return
	}
	v := lineVel(b.head[:b.nhead])
	w := v.Len()
	if w == 0 {
		return
	}
	n := v.Scale(1 / w)
	rest := c.in.a
	// The partner's detections about the contact.
	tr := &k.tracks[o]
	var near []sample
	for j := 0; j < min(tr.nh, len(tr.hist)); j++ {
		s := tr.hist[(tr.nh-1-j)%len(tr.hist)]
		if s.t >= c.t-roughRailWin && s.t <= c.t+k.dt/2 {
			near = append(near, s)
		}
	}
	if len(near) < 2 {
		return
	}
	// Where it touched the struck ball: the nearest of them to the contact
	// point the way out leads back to.
	want := rest.Sub(n.Scale(2 * k.R))
	at := near[0].p
	for _, s := range near[1:] {
		if s.p.Dist(want) < at.Dist(want) {
			at = s.p
		}
	}
	if at.Dist(want) > roughRailFit {
		return
	}
	for _, rail := range table.Rails {
		u := railOut(rail)
		vn := -n.Dot(u) * w
		if vn < roughRailV {
			continue
		}
		gap := 0.0
		for _, s := range near {
			gap += k.tab.RailDistance(s.p, rail)
		}
		gap /= float64(len(near))
		if gap > roughRailGap {
			continue
		}
		dt := math.Max(0, gap) / vn
		if dt > contactRailTime {
			continue
		}
		hit := k.tab.Clamp(at).Add(u.Scale(k.R))
		if k.inMouth(hit) {
			continue // a jaw, not the cushion line
		}
		if k.trace != nil {
			k.trace("%.4f rough rail track %d %s at %.4f (gap %.1f mm, %.0f mm/s; struck track %d off at %.0f mm/s, striker seen %.1f mm from its contact point)", k.lastT, o, rail, c.t+dt, gap, vn, c.tr, w, at.Dist(want))
		}
		k.addEvent(pevent{t: c.t + dt, kind: shot.RailHit, a: o, rail: rail, at: hit, hasAt: true, after: e.seq, off: dt})
	}
}

// Settings of roughRail.
const (
	// roughRailWin (s): the partner's detections this long before the
	// contact (and up to half a frame after) are looked at.
	roughRailWin = 0.05
	// roughRailGap (mm): the most mean gap to the cushion of the partner's
	// detections (a ball against it, read with the noise).
	roughRailGap = 5.0
	// roughRailFit (mm): how near the partner must be seen to where the
	// struck ball's way out puts its striker at the contact.
	roughRailFit = 20.0
	// roughRailV (mm/s): the least speed into the cushion.
	roughRailV = 100.0
)

// lineVel is the velocity of a straight line at constant speed fitted to s
// (least squares; at least two samples at different times).
func lineVel(s []sample) table.Point {
	var mt float64
	for _, x := range s {
		mt += x.t
	}
	mt /= float64(len(s))
	var s2 float64
	var v table.Point
	for _, x := range s {
		tau := x.t - mt
		s2 += tau * tau
		v = v.Add(x.p.Scale(tau))
	}
	if s2 == 0 {
		return table.Point{}
	}
	return v.Scale(1 / s2)
}
