package tracking

import (
	"fmt"
	"math"

	"github.com/cueref/cueref/shot"
	"github.com/cueref/cueref/table"
)

// Rule 1.31 reads the place of the cue ball's first ball at the stroke
// (frozendoubt.go). A ball at rest against a cushion can go unseen for a long
// time: the detector loses the black ball there most of all (its outline
// merges with the cushion's edge and shadow). Its track then holds no place at
// the stroke, or a wrong one: rendered bench, seed 11 9-ball 45, ball 8 rested
// 0.8 mm off the foot cushion with no detection near it for six shots, while
// its track took a false detection under its number 1288 mm away as its place;
// the cue ball met it by the foot cushion, the record had it resting on the
// open bed, and the frozen-ball foul went unasked. Where the cue ball met it
// says where it rested, but not whether it touched the cushion: a person
// decides, when reading it frozen changes the ruling (the judge asks only
// then).

// metFar (mm): the first ball's place at the stroke, this far from the point
// of its first contact, is not where it was met. A ball at rest is met one
// radius from the contact point; over the 2132 first contacts of rendered
// seeds 1–11 that distance was 28.0–32.3 mm (1st–99th percentile). One
// diameter more than the radius leaves the contact's error well inside.
const metFar = 3 * table.BallRadius

// metFrozenDoubt says why whether the cue ball's first ball in rec was frozen
// to a cushion is in doubt when the cue ball met it by that cushion and rec
// has no place of it there at the stroke (none, or one far from where it was
// met), or "", with the two readings: frozen to the cushion, and resting
// where it was met (off it).
func (k *Tracker) metFrozenDoubt(rec *shot.Shot) (string, []*shot.Shot) {
	fi := firstOf(rec)
	if fi < 0 || rec.Events[fi].At == nil {
		return "", nil
	}
	b := rec.Events[fi].A + rec.Events[fi].B
	if b <= 0 || strayBall(rec, b) {
		return "", nil
	}
	at := rec.Events[fi].At.P()
	if p, ok := rec.Before[b]; ok && p.P().Dist(at) <= metFar {
		return "", nil // read at rest where it was met (frozendoubt.go)
	}
	q := k.metPlace(at)
	rail, gap := k.tab.NearestRail(q)
	if gap > frozenDoubtGap {
		return "", nil
	}
	if pk, d := k.tab.NearestPocket(q); d < pk.Width/2+2*k.R {
		return "", nil // a jaw or a pocket's mouth: no straight cushion
	}
	if k.trace != nil {
		k.trace("%.4f first ball %d met at (%.1f, %.1f), %.1f mm off the %s cushion, with no place there at the stroke", k.lastT, b, q.X, q.Y, gap, rail)
	}
	out := railOut(rail)
	frozen, off := clone(rec), clone(rec)
	frozen.Before[b] = shot.FromP(q.Add(out.Scale(gap - table.FrozenTolerance/2)))
	off.Before[b] = shot.FromP(q.Add(out.Scale(gap - math.Max(gap, 2*table.FrozenTolerance))))
	why := fmt.Sprintf("ball %d (first contact) met by the %s cushion, not seen resting there at the stroke (frozen or not)", b, rail)
	return why, []*shot.Shot{frozen, off}
}

// metPlace is where the first ball of the shot rested when the cue ball met it
// at contact point at: one radius beyond at, away from the cue ball's centre
// then (its path into the contact), or, with no such path, towards the
// cushion nearest at (the cue ball comes from the bed's side).
func (k *Tracker) metPlace(at table.Point) table.Point {
	if fi := k.firstCueContact(); fi >= 0 {
		e := &k.events[fi]
		for _, s := range e.sides {
			if s.tr != k.strikeTr || s.in.n < 2 {
				continue
			}
			if u := at.Sub(s.in.at(e.t)); u.Len() > 0 {
				return at.Add(u.Scale(k.R / u.Len()))
			}
		}
	}
	rail, _ := k.tab.NearestRail(at)
	return at.Add(railOut(rail).Scale(k.R))
}
