package tracking

import (
	"math"
	"slices"

	"github.com/cueref/cueref/table"
)

// A ball at rest near a cushion, struck towards it, meets it and comes
// straight back out: the way in is a centimetre or two, a frame or two, and
// its detections may all lie on the way out. frozenRailHits times the hit from
// the striker's speed along the line of centres; when the contact was found
// late (the struck ball's start is timed where its way out passes its rest
// point) or its partner's path is the one after the contact, that speed is
// wrong and the hit is dropped (rendered bench, 8-ball seed 2 shot 37: the cue
// ball drove ball 15, 15 mm off the head cushion, into it at 550 mm/s; no
// cushion was told and the shot was called no_rail). But the ball's own
// detections tell it: driven towards the cushion (the line of centres points
// into it), only the cushion can send it back, and it is seen clearly further
// from the cushion than it rested.

// bounceDrive is the least share of the struck ball's way along the cushion's
// normal (the cosine of the line of centres to it) for bouncedOff to take the
// ball as driven into the cushion: well clear of the line of centres' error.
const bounceDrive = 0.3

// bouncedOff returns hits, the cushion hits frozenRailHits told for track i
// (at rest at rest, struck at tc by a ball at striker), with those added of
// the cushions it was driven into and is now seen clearly further from.
func (k *Tracker) bouncedOff(i int, rest, striker table.Point, tc float64, hits []railAt) []railAt {
	tr := &k.tracks[i]
	n := rest.Sub(striker)
	l := n.Len()
	// A ball that had only just stopped (pressed against the cushion, or
	// between it and the ball that drove it there) may have stopped on its
	// way back from a hit told already: its rest says too little.
	if !tr.moving || l == 0 || tc-tr.restT < restSure {
		return hits
	}
	n = n.Scale(1 / l)
	var w []sample
	for _, s := range tr.seg {
		if s.t > tc && (!tr.anchored || s.t != tr.seg[0].t) {
			w = append(w, s)
		}
	}
	if len(w) < 2 {
		return hits
	}
	last := w[len(w)-1]
	away := 3*k.cfg.SigmaMoving + 1
	for _, rail := range table.Rails {
		out := railOut(rail)
		gap := k.tab.RailDistance(rest, rail)
		if gap > nearRail || n.Dot(out) < bounceDrive || slices.ContainsFunc(hits, func(h railAt) bool { return h.rail == rail }) || k.railNear(i, rail, tc, nil) {
			continue
		}
		g := k.tab.RailDistance(last.p, rail)
		if g-math.Max(0, gap) < away {
			continue // not clearly off it: it may still be on its way in
		}
		run := math.Max(0, gap) / n.Dot(out)
		at := k.tab.Clamp(rest.Add(n.Scale(run))).Add(out.Scale(k.R))
		if k.inMouth(at) {
			continue // a jaw, not the cushion line
		}
		// When its way out, straight back, left the cushion line; after the
		// contact and before it was first seen on the way out.
		t := tc + (w[0].t-tc)/2
		v := last.p.Sub(w[0].p).Scale(1 / (last.t - w[0].t))
		if vo := -v.Dot(out); vo > 0 {
			t = last.t - g/vo
		}
		t = math.Max(tc+1e-4, math.Min(w[0].t-1e-4, t))
		if k.trace != nil {
			k.trace("%.4f bounced off track %d %s at %.4f: rested %.1f mm off it, now %.1f", k.lastT, i, rail, t, gap, g)
		}
		hits = append(hits, railAt{rail: rail, t: t, at: at, gap: gap, v: -v.Dot(out)})
	}
	return hits
}
