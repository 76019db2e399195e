package tracking

import (
	"math"

	"github.com/cueref/cueref/shot"
	"github.com/cueref/cueref/table"
)

// A ball driven slowly into a cushion may be read at rest against it before
// it bounces: its detections crowd within a few millimetres of the cushion
// for a tenth of a second or more while it squeezes the rubber, and the slow
// way back off it then looks like a nudge. With no ball near (nudged found
// none), nothing but the cushion can have sent it back off: a ball that
// rolled into a cushion, rested at it and left it along the cushion's normal
// hit it. The path's provisional hit (provkeep.go) was not kept, the ball
// still read heading into the cushion over the short window looked at.
// Rendered bench, 10-ball seed 31 shot 10: ball 5, frozen to the foot
// cushion, rolled into ball 7, which went 31 mm at 0.3 m/s into the right
// cushion, was read resting 5–7 mm off it and came back 16 mm; its hit went
// untold and the legal safety was ruled a frozen-ball foul (rule 1.31),
// unasked. The hit is timed at the ball's detection nearest the cushion
// after it was seen farthest off (there, 92.20 s; the true hit 92.19 s).
const (
	// cushionBackGap (mm): the most a rest point taken against the cushion
	// is read off it (it averages the detections coming in, against it and
	// going back off it: 7.4 mm in the case above).
	cushionBackGap = 10.0
	// cushionBackCome (mm): how much further off the cushion the ball was
	// seen before, within cushionBackLook: it rolled in, it was not resting
	// frozen to it.
	cushionBackCome = 10.0
	// cushionBackLook (s): how long before it left the cushion it is looked
	// back at.
	cushionBackLook = 1.0
	// cushionBackAlong: the least part of the move along the cushion's normal.
	cushionBackAlong = 0.7
)

// cushionBack tells the cushion hit of track i, which rested at from and,
// with no ball near, crept off to to since (see above).
func (k *Tracker) cushionBack(i int, from, to table.Point, since float64) {
	tr := &k.tracks[i]
	if k.phase != inShot || !tr.moved {
		return
	}
	rail, gap := k.tab.NearestRail(from)
	if gap > cushionBackGap {
		return
	}
	if pk, d := k.tab.NearestPocket(from); d < pk.Width/2+2*k.R {
		return // a jaw or a pocket's mouth: no straight cushion
	}
	mv := to.Sub(from)
	if -mv.Dot(railOut(rail)) < cushionBackAlong*mv.Len() {
		return // not sent back off the cushion
	}
	// The detections before it left: seen further off, then at the cushion.
	// The hit is timed at the detection nearest the cushion after the
	// farthest (the ball against the rubber).
	far, farT := -1.0, 0.0
	hit, near := math.NaN(), math.Inf(1)
	for _, x := range tr.slog {
		if x.t < since-cushionBackLook || x.t < k.strikeT || x.t >= since {
			continue
		}
		g := k.tab.RailDistance(x.p, rail)
		if g > far {
			far, farT, hit, near = g, x.t, math.NaN(), math.Inf(1)
		}
		if g < near {
			hit, near = x.t, g
		}
	}
	if far < gap+cushionBackCome || near > gap {
		return
	}
	for _, e := range k.events {
		if !e.cancel && e.kind == shot.RailHit && e.a == i && e.rail == rail && e.t >= farT-k.dt {
			return // told already
		}
	}
	if k.trace != nil {
		k.trace("%.4f cushion back track %d ball %d: rested %.1f mm off the %s cushion, in from %.1f mm, off it by %.1f mm with no ball near: hit at %.4f", k.lastT, i, tr.ball, gap, rail, far, mv.Len(), hit)
	}
	k.addEvent(pevent{t: hit, kind: shot.RailHit, a: i, rail: rail, at: railPoint(k.tab, from, rail), hasAt: true})
}
