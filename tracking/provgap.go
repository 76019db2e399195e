package tracking

import (
	"math"

	"github.com/cueref/cueref/shot"
)

// provUnseenAfter returns the detections that bear out provisional rail hit
// p when its ball went unseen at the cushion: keepProvRails looks at the
// detections of the provKeepWin after a hit, but a ball that meets a cushion
// where the detector loses it (its shadow, the rail's edge, a player's arm)
// may be seen again only a fifth of a second later, on its way back (rendered
// bench, 14.1 seed 9 shot 64: ball 6 into the right cushion at 441 mm/s,
// unseen from 15 ms before the hit to 0.15 s after it, then seen 47 mm off
// it, going away; its hit was told provisionally and dropped for want of
// detections, and the legal safety became a no_rail foul, rule 1.17). Then
// the detections within provGapWin of the hit are taken, provGapMin at least
// (the hit is judged provKeepLag after it, live: a ball unseen for long has
// only a few detections by then), when nothing else can have turned it in the gap: no contact of the ball
// told from the hit to the last of them, and the first of them no farther off
// the cushion than a ball sent back at most as fast as it came in could be
// (see outrun). Nil when the ball was seen within provKeepWin or these fail.
func (k *Tracker) provUnseenAfter(p provRailHit) []sample {
	tr := &k.tracks[p.tr]
	var after, before []sample
	for _, x := range tr.slog {
		switch {
		case x.t <= p.t && x.t >= p.t-railSlideWin:
			before = append(before, x)
		case x.t > p.t && x.t <= p.t+provGapWin:
			after = append(after, x)
		}
	}
	if len(after) < provGapMin || after[0].t <= p.t+provKeepWin {
		return nil
	}
	for j := range k.events {
		e := &k.events[j]
		if !e.cancel && e.kind == shot.Contact && (e.a == p.tr || e.b == p.tr) && e.t > p.t-k.dt && e.t < after[len(after)-1].t {
			return nil // a contact in the gap may have turned it
		}
	}
	vel, _, ok := velFit(before)
	if !ok {
		return nil
	}
	back := math.Max(reboundMin, 1.2*vel.Dot(railOut(p.rail)))
	if k.tab.RailDistance(after[0].p, p.rail) > back*(after[0].t-p.t)+3*k.cfg.SigmaMoving+2 {
		return nil // too far off it to have come back from it
	}
	return after
}

// provGapWin (s) is how long after a provisional rail hit provUnseenAfter
// looks for the detections that bear it out: about as long as railHit lets a
// ball go unseen; provGapMin is the least number of them (a velocity's fit).
const (
	provGapWin = 0.3
	provGapMin = 3
)
