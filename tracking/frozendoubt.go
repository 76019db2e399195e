package tracking

import (
	"fmt"
	"math"

	"github.com/cueref/cueref/shot"
	"github.com/cueref/cueref/table"
)

// Whether a ball rests frozen to a cushion (within table.FrozenTolerance of
// its nose) decides rule 1.31 when it is the first ball the cue ball meets.
// The shot record says so only through the ball's place at the stroke, the
// mean of its detections at rest. By a cushion the detector's centre can be
// steadily wrong across the line between frozen and not: the cushion's edge
// and shadow merge with the ball's outline (a dark ball most of all), and the
// fitted circle wanders by a centimetre or more from frame to frame
// (rendered bench, 10-ball seed 4 shot 40: ball 8, frozen 1.5 mm off the foot
// cushion, was read at rest 14 mm off it on average, its readings spread from
// the cushion to 20 mm off, and the frozen-ball foul went untold; the same
// seed's 8-ball had ball 6, resting 14 mm off that cushion, read on it in
// most frames). A rest point whose readings spread that widely across the
// cushion's normal, some on each side of the frozen line, says the ball is
// by the cushion, not whether it is frozen: a person decides, when reading
// it the other way changes the ruling (the judge asks only then).

const (
	// frozenDoubtGap (mm): a ball resting this near a cushion may be frozen
	// to it, when its readings spread (a little more than the 14 mm the
	// detector's pull off a frozen ball was seen at).
	frozenDoubtGap = 20.0
	// frozenSpread: the readings' spread across the cushion (RMS about the
	// rest point) above which the rest point cannot tell frozen from not,
	// in units of the rest noise (Config.Sigma): twice it, a spread the
	// noise alone all but never gives over frozenReads readings.
	frozenSpread = 2.0
	// frozenReads: the fewest readings at rest that are weighed.
	frozenReads = 20
	// frozenBand (mm): a rest point of the black ball this near a cushion,
	// however steady its readings, cannot tell frozen from not: the
	// detector's centre of the black ball against a cushion is steadily off
	// by up to this much (its outline merges with the cushion's edge and
	// shadow). Rendered seeds 1–11: frozen 1.5 mm off the foot cushion, it
	// was read 6.4 mm off (seed 4 10-ball 30–40, spread 1 mm); resting
	// 3.4 mm off, it was read 7.6 mm off (seed 5 14.1 13).
	frozenBand = 8.0
	// frozenBandLit (mm): the same for every other ball, whose centre by a
	// cushion the detector reads without that pull: over the 126 steady
	// rest points (spread at most 1.5 mm) of the other balls within 20 mm
	// of a cushion on rendered seeds 1–11, the rest point was at most
	// 1.4 mm further off the cushion than the ball (99th percentile), 3.6 mm
	// at worst; the 72 frozen ones at strokes were read at most 2.0 mm off
	// (bench rail_rests; of the black ball's 26, 12 were read off, up to
	// 6.5 mm, 2 placed elsewhere altogether and 12 not placed). A ball read
	// further off than FrozenTolerance plus the worst error is not frozen.
	frozenBandLit = 6.0
	// frozenInMargin (mm): a rest point read frozen, however steady, but
	// within this of the frozen line cannot tell frozen from not either:
	// the detector's centre may sit a little nearer the cushion than the
	// ball too (rendered seed 21, 9-ball shot 40: ball 7, resting 2.4 mm
	// off the left cushion, was read 1.8 mm off it over 274 readings spread
	// 1.2 mm, and a frozen-ball foul was called on a legal safety, rule
	// 1.31).
	frozenInMargin = 0.8
)

// frozenBandOf is the doubt band (frozenBand, frozenBandLit) of ball b.
func frozenBandOf(b int) float64 {
	if b == 8 {
		return frozenBand // the black ball (ClassEight)
	}
	return frozenBandLit
}

// railRest is a resting ball by a cushion, at the stroke, whose readings leave
// whether it was frozen to it in doubt (see above).
type railRest struct {
	tr     int
	rail   table.Rail
	gap    float64 // of its rest point to the cushion (mm)
	far    float64 // the largest gap a reading gave
	spread float64 // RMS of the readings' gaps about gap
}

// railReads sums a resting ball's readings across the nearest cushion, from
// when it came to rest (restT) to the stroke: how many, their squares about
// the rest point's gap, and the least and largest gaps they gave.
type railReads struct {
	since  float64
	rail   table.Rail
	n      int
	ss     float64
	lo, hi float64
}

// noteRailRead adds detection s of track i, at rest, to its railReads (see
// above); restSnap's snaps count too: for a frozen ball read off its cushion,
// they are the readings that were right.
func (k *Tracker) noteRailRead(i int, s sample) {
	tr := &k.tracks[i]
	if tr.moving || !tr.confirmed {
		tr.rr.n = 0
		return
	}
	rail, gap := k.tab.NearestRail(tr.rest)
	if gap > frozenDoubtGap {
		tr.rr.n = 0
		return
	}
	if tr.rr.n == 0 || tr.rr.since != tr.restT || tr.rr.rail != rail {
		tr.rr = railReads{since: tr.restT, rail: rail, lo: math.Inf(1), hi: math.Inf(-1)}
	}
	g := k.tab.RailDistance(s.p, rail)
	tr.rr.n++
	tr.rr.ss += (g - gap) * (g - gap)
	tr.rr.lo, tr.rr.hi = math.Min(tr.rr.lo, g), math.Max(tr.rr.hi, g)
}

// frozenReadsAtStroke notes, at the stroke, the resting balls by a cushion
// whose readings straddle the frozen line with a wide spread (k.railRests).
func (k *Tracker) frozenReadsAtStroke() {
	k.railRests = k.railRests[:0]
	for i, p := range k.before {
		tr := &k.tracks[i]
		if i == k.strikeTr || tr.moving || !tr.used || tr.gone || tr.rr.n < frozenReads || tr.rr.since != tr.restT {
			continue
		}
		rail, gap := k.tab.NearestRail(p)
		if gap > frozenDoubtGap || rail != tr.rr.rail {
			continue
		}
		if k.footInMouth(p) {
			continue // a pocket's mouth: no straight cushion (frozenjaw.go)
		}
		sp := math.Sqrt(tr.rr.ss / float64(tr.rr.n))
		if k.trace != nil {
			k.trace("%.4f rail rest track %d ball %d %s gap %.1f readings %d spread %.1f from %.1f to %.1f", k.lastT, i, tr.ball, rail, gap, tr.rr.n, sp, tr.rr.lo, tr.rr.hi)
		}
		straddle := sp >= frozenSpread*k.cfg.Sigma && tr.rr.lo <= table.FrozenTolerance && tr.rr.hi > table.FrozenTolerance
		if !straddle && (gap <= table.FrozenTolerance-frozenInMargin || gap > frozenBandOf(k.ballAtStroke(i))) {
			continue
		}
		k.railRests = append(k.railRests, railRest{tr: i, rail: rail, gap: gap, far: tr.rr.hi, spread: sp})
	}
}

// frozenDoubt says why whether the cue ball's first ball in rec was frozen to
// a cushion at the stroke is in doubt (see above), or "", with the other
// reading: the ball placed frozen to the cushion when read off it, or at the
// farthest its readings put it when read frozen.
func (k *Tracker) frozenDoubt(rec *shot.Shot) (string, []*shot.Shot) {
	fi := firstOf(rec)
	if fi < 0 || strayBall(rec, -1) {
		return "", nil
	}
	b := rec.Events[fi].A + rec.Events[fi].B
	at, ok := rec.Before[b]
	if !ok {
		return "", nil
	}
	for _, r := range k.railRests {
		if k.ballAtStroke(r.tr) != b {
			continue
		}
		alt := table.FrozenTolerance / 2
		if r.gap <= table.FrozenTolerance {
			alt = math.Max(r.far, table.FrozenTolerance+frozenInMargin)
		}
		cp := clone(rec)
		cp.Before[b] = shot.FromP(at.P().Add(railOut(r.rail).Scale(r.gap - alt)))
		why := fmt.Sprintf("ball %d (first contact) by the %s cushion: read %.0f mm off it, its readings spread %.0f mm (frozen or not)", b, r.rail, r.gap, r.spread)
		return why, []*shot.Shot{cp}
	}
	return "", nil
}
