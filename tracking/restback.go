package tracking

import "github.com/cueref/cueref/table"

// A ball at rest that the detector loses some time before the stroke (the
// black ball against a cushion most of all: its outline merges with the
// cushion's edge and shadow) is taken for lifted, and the shot record has no
// place for it at the stroke. When the cue ball meets it later, the shot is
// asked about ("not seen at the stroke, then met by the cue ball": the first
// ball may have been any; see unknownAtStroke). Rendered bench, seed 10 10-ball
// 18: ball 8, 2.3 mm off the foot cushion, was lost 1.2 s before the stroke and
// read again 0.9 s after it within 2.4 mm of where it went, 1 s before the cue
// ball met it. A ball that is read at rest again at the very spot it went from,
// with nothing told of it meanwhile (no contact, no touch) and no other ball
// come near that spot, never left it: it stood there at the stroke. Its place
// at the stroke is given back, and whether it was frozen to a cushion there is
// weighed like that of any ball by a cushion (frozendoubt.go): its few reads
// cannot tell, so a place within the frozen doubt band is asked about when the
// judge finds it matters.

// restBack gives track i, on trial after it was taken for lifted before the
// stroke and now believed back, its place at the stroke when it came back at
// rest where it went (see above).
func (k *Tracker) restBack(i int) {
	tr := &k.tracks[i]
	if k.phase != inShot || i == k.strikeTr || tr.ball <= 0 || tr.moving || !tr.probe.gone.lifted || tr.probe.gone.t > k.strikeT {
		return
	}
	if _, ok := k.before[i]; ok {
		return
	}
	// The same spot is within the rest noise (3σ+1, 5.5 mm by default):
	// over the 128 balls placed back on rendered seeds 1–11 the point read
	// again was 0.4 mm from the one it went from (median), 2.7 mm (95th
	// percentile), 3.5 mm at most; the nearest refused were 6.6–10.4 mm off.
	at, tol := tr.probe.gone.rest, 3*k.cfg.Sigma+1
	if d := k.position(tr).Dist(at); d > tol {
		if k.trace != nil {
			k.trace("%.4f track %d ball %d back %.1f mm from where it went: no place at the stroke", k.lastT, i, tr.ball, d)
		}
		return
	}
	if k.tookPart(i) || k.cameNear(i, at, tol) { // (tookPart: rail.go)
		return
	}
	k.before[i] = at
	k.beforeID[i] = tr.ball
	if k.trace != nil {
		k.trace("%.4f track %d ball %d placed back at the stroke at (%.1f, %.1f), back %.1f mm from it", k.lastT, i, tr.ball, at.X, at.Y, k.position(tr).Dist(at))
	}
	rail, gap := k.tab.NearestRail(at)
	band := frozenBandOf(tr.ball)
	if gap > band {
		return
	}
	if pk, d := k.tab.NearestPocket(at); d < pk.Width/2+2*k.R {
		return // a jaw or a pocket's mouth: no straight cushion
	}
	// Read frozen, the other reading is off by the band; read off, frozen.
	k.railRests = append(k.railRests, railRest{tr: i, rail: rail, gap: gap, far: band})
}

// cameNear reports whether another ball's detection in the shot came within a
// diameter (and tol) of at, away from where that ball rested at the stroke: a
// ball that may have moved the one resting unseen at at.
func (k *Tracker) cameNear(i int, at table.Point, tol float64) bool {
	for j := range k.tracks {
		o := &k.tracks[j]
		if j == i || !o.used {
			continue
		}
		if len(o.slog) >= shotLogMax {
			return true // its log ran out: it may have come anywhere
		}
		from, had := k.before[j]
		for _, s := range o.slog {
			if s.p.Dist(at) < 2*k.R+tol && !(had && s.p.Dist(from) <= tol) {
				if k.trace != nil {
					k.trace("%.4f track %d ball %d came near unseen track %d ball %d at (%.1f, %.1f)", k.lastT, j, o.ball, i, k.tracks[i].ball, at.X, at.Y)
				}
				return true
			}
		}
	}
	return false
}
