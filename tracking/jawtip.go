package tracking

import (
	"fmt"
	"math"
	"slices"

	"github.com/cueref/cueref/shot"
)

// A ball resting near a cushion by a pocket, struck into it, meets the
// cushion or the jaw as its touching point lies on one side of the jaw
// point or the other; frozenRail tells the cushion hit of such a ball from
// the contact alone (its path shows nothing of a bounce a frame away), and
// leaves out the jaw's. Its touching point is known to a few millimetres.
// Camera model at 30 fps, seed 29, 10-ball shot 144, a safety: the 3, 16 mm
// off the left cushion by the side pocket, was driven into it 1 mm outside
// the jaw point; the touching point was put 2.5 mm inside it, no cushion hit
// was told, and a no_rail foul was called, unasked (rule 1.17).
//
// A hit left out so within jawTipBand of a jaw point is a doubt, whose other
// reading has the ball meet the cushion; the judge asks a person only when
// the two readings differ in ruling.

// jawTipBand (mm): a touching point this near inside a jaw point may have
// been on the cushion.
const jawTipBand = 6.0

// jawTip is a cushion hit of track tr, struck at rest by contact seq, left
// out as a jaw's (frozenRailHits).
type jawTip struct {
	tr  int
	hit railAt
	seq int // the contact that drove it
}

// jawTipDoubt returns the review reason for the first cushion hit of
// k.jawTips of a ball that rec has meet no cushion then, and rec read with
// that hit; "" when there is none.
func (k *Tracker) jawTipDoubt(rec *shot.Shot) (string, []*shot.Shot) {
	if rec.Start == nil {
		return "", nil
	}
	t0 := *rec.Start
	for _, jt := range k.jawTips {
		b := k.tracks[jt.tr].ball
		if b < 0 {
			continue
		}
		if !slices.ContainsFunc(k.events, func(e pevent) bool { return e.seq == jt.seq && e.kind == shot.Contact && !e.cancel }) {
			continue // the contact was withdrawn
		}
		h := jt.hit
		told := false
		for _, e := range rec.Events {
			told = told || e.Kind == shot.RailHit && e.Ball == b && math.Abs(e.T-(h.t-t0)) < jawTipWithin
		}
		if told {
			continue
		}
		at := shot.FromP(h.at)
		why := fmt.Sprintf("ball %d driven into the %s cushion"+jawTipWhy, b, h.rail)
		return why, []*shot.Shot{withEvent(rec, shot.Event{T: h.t - t0, Kind: shot.RailHit, Ball: b, Rail: string(h.rail), At: &at})}
	}
	return "", nil
}

// jawTipWhy ends the reason of a jawTipDoubt (a doubt about a cushion hit,
// not about the stroke: noStroke still looks at the shot).
const jawTipWhy = " at a jaw point: it may have met the cushion"

// jawTipWithin (s): a cushion hit of the ball told this near the one left out
// is that one.
const jawTipWithin = 0.1
