package tracking

import (
	"math"

	"github.com/cueref/cueref/shot"
	"github.com/cueref/cueref/table"
)

// A ball met at rest near a cushion, driven into it. The line of centres
// sends a struck ball off along it, and a ball resting a few centimetres off
// a cushion, struck towards it, meets it within a frame or two and comes
// straight back: back into the ball that struck it, often, or to about where
// it lay. Its detections may never show the way in (at 30 fps the whole
// bounce fits between two frames), and when the contact was told by a test
// that does not time the cushion from the contact (frozenRail), no cushion
// is told. The hit is what saves a safety from a no_rail foul (rules 1.17
// and 3.9).
//
// Camera model at 30 fps, seed 29, 14.1 shot 396: the cue ball met the 13,
// resting 15.8 mm off the right cushion, straight into it; the 13 met the
// cushion 23 ms later and came back into the cue ball, 3 mm from where it
// lay. The contact was told from the cue ball's path (provPass), no cushion:
// ruled no_rail, unasked. Seed 41, 8-ball shot 61: the 2 drove the 3, 24.6
// mm off the right cushion, into it; the 3's start was seen 0.1 s late and
// its provisional cushion hit not kept.
//
// drivenRail returns such a ball (a track) met by a contact at or after t,
// and its gap to the cushion its line of centres drove it into, the nearest;
// −1 if none. It was at its place at the stroke when met (its centre a
// radius, within drivenSlack, from the contact point), the line of centres
// headed into the cushion by at least drivenCos, and its way along that line
// to the cushion is no longer than drivenRun. By a pocket's mouth too:
// driven at a jaw, a ball still on the table after the shot met it (in 14.1
// shot 396 above the 13 rested 52 mm from the side pocket's centre, and met
// the cushion beside its jaw).
func (k *Tracker) drivenRail(t float64) (int, float64) {
	best, gap := -1, math.Inf(1)
	for i := range k.events {
		e := &k.events[i]
		if e.cancel || e.kind != shot.Contact || e.t < t || !e.hasAt {
			continue
		}
		for _, j := range [2]int{e.a, e.b} {
			p, ok := k.before[j]
			if !ok || !k.tracks[j].used {
				continue
			}
			n := p.Sub(e.at)
			l := n.Len()
			if math.Abs(l-k.R) > drivenSlack {
				continue // not met where it rested at the stroke
			}
			n = n.Scale(1 / l)
			for _, rail := range table.Rails {
				g := k.tab.RailDistance(p, rail)
				if c := n.Dot(railOut(rail)); g < gap && c >= drivenCos && math.Max(0, g) <= drivenRun*c {
					best, gap = j, g
				}
			}
		}
	}
	return best, gap
}

// drivenWhy ends the reason of railDoubt for such a ball (a doubt about a
// cushion hit, not about the stroke: noStroke still looks at the shot).
const drivenWhy = ", driven into it"

// drivenSlack (mm), drivenCos and drivenRun (mm): see drivenRail. A contact
// point is the mean of the two paths' places at the contact, a few
// millimetres off. A ball frozen to a cushion is driven into it by a push
// at any angle that heads into it at all (seed 48, 8-ball shot 165: the 5,
// frozen to the right cushion, met 64° off its normal, hit it 2 ms later); one
// further off has its gap to run along the line of centres first (seed 8,
// 9-ball shot 57: the 6, 57 mm off the foot cushion, struck straight at it
// through the cue ball nearly frozen to it, met it 63 ms later and came back
// into the cue ball, unread; both ruled no_rail, unasked).
const (
	drivenSlack = 8.0
	drivenCos   = 0.1
	drivenRun   = 60.0
)
