package tracking

import (
	"math"

	"github.com/cueref/cueref/table"
)

// departsAlong reports whether the ball of start change s (a ball leaving its
// rest point) left along n, the line of centres from its striker, track
// striker, to it at a contact at tc being paired, with the striker closing on
// it at vrel: a ball struck from rest leaves along that line, give or take a
// few degrees of throw. A pairing that has it leave across the line is
// another ball's contact, or another time's (rendered seed 76, 8-ball shot
// 25: the cue ball at 5 m/s passed the 9 a hair's breadth clear, met the head
// cushion and came back into it; its path in, read within 2R of the 9, paired
// the 9's start with the pass, 23 ms early and before the cushion, though the
// 9 left 55° off that line of centres).
//
// Right after a fast contact the two balls' detections may be taken each for
// the other's (the same seed, 8-ball shot 21: the cue ball's first detection
// out of a cut at 7.4 m/s went to the 1's track), so the striker's detection
// of the same frame, if any, is tried too. A detection too near the rest
// point for its direction to be read says nothing, nor does one the ball may
// have reached by way of a cushion or another ball (turnedBy).
func (k *Tracker) departsAlong(s *change, striker int, tc float64, n, vrel table.Point) bool {
	q := s.in.at(s.t)
	ln := n.Len()
	if ln == 0 {
		return true
	}
	// The struck ball leaves at about the closing speed along the line.
	far := departFar * math.Max(0, vrel.Dot(n)/ln) * math.Max(0, s.first.t-tc)
	if k.leavesAlong(q, s.first.p, n) || k.turnedBy(q, math.Max(far, s.first.p.Dist(q)), s.tr, striker) {
		return true
	}
	o, ok := k.tracks[striker].at(s.first.t)
	return ok && o.t == s.first.t && k.leavesAlong(q, o.p, n)
}

// turnedBy reports whether a ball that left rest point q and went up to d
// from it may have met a cushion or another ball (than its own track i and
// its striker's) on the way: its way out is then not its direction (camera
// model seed 2, 14.1 shot 270: the 2, struck 26 mm from the head cushion,
// was first read coming back off it, 16 mm from its rest point).
func (k *Tracker) turnedBy(q table.Point, d float64, i, striker int) bool {
	reach := d + departSlack
	if _, gap := k.tab.NearestRail(q); gap < reach {
		return true
	}
	for j := range k.tracks {
		o := &k.tracks[j]
		if j == i || j == striker || !o.used || !o.confirmed || o.gone {
			continue
		}
		p := o.rest
		if o.moving {
			p = o.last.p
		}
		if p.Dist(q) < 2*k.R+reach {
			return true
		}
	}
	return false
}

// leavesAlong reports whether detection p, of a ball that left rest point q,
// is within departAngle of n from q (noise allowed), or too near q to say.
func (k *Tracker) leavesAlong(q, p, n table.Point) bool {
	d := p.Sub(q)
	l, ln := d.Len(), n.Len()
	if l < departNear || ln == 0 {
		return true
	}
	noise := math.Atan2(2*(k.cfg.Sigma+k.cfg.SigmaMoving), l)
	return d.Dot(n) >= l*ln*math.Cos(math.Min(math.Pi, departAngle+noise))
}

// departNear (mm): a detection nearer its rest point than this gives no
// direction (leavesAlong); departAngle (rad) is the most a struck ball's way
// out is taken to differ from the line of centres, noise aside (throw is a
// few degrees; the line's own error, from the striker's fitted path, a few
// more).
// departSlack (mm) widens the reach in which turnedBy looks for what may
// have turned it, and departFar scales the closing speed for how fast the
// struck ball may have left.
const (
	departFar   = 1.3
	departNear  = 10.0
	departAngle = 35 * math.Pi / 180
	departSlack = 10.0
)
