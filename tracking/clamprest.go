package tracking

import (
	"math"
	"sort"

	"github.com/cueref/cueref/table"
)

// A resting ball a few millimetres off a cushion may be read, about every
// other frame for seconds on end, on the cushion's line: the detector clamps
// a centre it fitted beyond the line onto it (see clampedRead). Such a
// centre tells that the ball is by the cushion, not where, and never that it
// moved. restSnap drops it only when it lies clearly nearer the cushion than
// the rest point (snapStep) right after a reading at rest, with no start
// pending. Three leaks remained (rendered bench, 9-ball seed 5 shots 29 and
// 30: ball 6 resting 5.6 mm off the right cushion, nothing near it, its
// other centres scattered 3 mm or so about a point 8–9 mm off it):
//   - one rough centre 6.3 mm off the rest point towards the cushion, just
//     past the rest's gate, was held pending a start, and restSnap then
//     took the three clamped centres after it as readings: with them at the
//     end of the history, slowStart saw a ball creeping into the cushion and
//     started it: a touch (rule 1.19) and a cushion hit were told;
//   - with the rest point nearer the line than snapStep, the clamped
//     centres counted at rest and dragged it onto the line; the honest
//     centres, now 9 mm off it, then started the ball away from the cushion
//     (a touch in the next shot);
//   - the detector read it on the line alone for up to half a second on end
//     (between the shots, the cue ball placed by hand), longer than
//     restSnap's snapRun: the rest point was moved onto the line, with the
//     same outcome.
//
// The ball's readings at rest are then two clusters: the honest ones, a few
// mm about a point, and the clamped ones, all on the line. When the honest
// ones agree on a point further off the line than the rest's gate (4σ), a
// clamped centre can only leak into the start tests or shift the rest
// point; so such a centre, with no ball near enough to have struck the ball,
// is seen but kept off the rest point, the start tests, the history and the
// shot log, pending start or not, however long such centres run. A real
// start takes the ball away along a path its honest centres show; a ball
// struck towards the cushion has its striker near (struckNear), and then the
// clamped centres count as ever. Nearer the line (a ball frozen to the
// cushion or all but, its honest centres within the gate of the line) the
// clamped centres are kept, as before: there they pull the rest point
// towards the truth (rendered bench, 10-ball seed 2 shot 2: ball 8, resting
// 2.0 mm off the foot cushion, was read 4–5 mm off it without them, and a
// slow cushion hit was told from the honest centres' scatter).

// clampRest reports whether detection o (s) of resting track i is a centre
// clamped onto a cushion line that the ball's other readings at rest put it
// clearly off (see above).
func (k *Tracker) clampRest(i int, s sample, o *Obs) bool {
	tr := &k.tracks[i]
	if !k.snapCandidate(i, o) {
		return false
	}
	rail, g := k.tab.NearestRail(s.p)
	if math.Abs(g) > clampEps {
		return false
	}
	if pk, d := k.tab.NearestPocket(tr.rest); d < pk.Width/2+2*k.R {
		return false // a jaw or a pocket's mouth: no straight cushion
	}
	n := railOut(rail)
	if d := s.p.Sub(tr.rest); math.Abs(d.X*n.Y-d.Y*n.X) > snapAlong {
		return false
	}
	// The honest readings put the ball beyond the rest's gate from the line,
	// three in four within the gate of their median; the rest point is off
	// the line too (one on it was made by the clamped readings themselves,
	// and the honest ones are then too few and scattered to be trusted over
	// them: rendered bench, 8-ball seed 4 shot 15, ball 6 14 mm off the foot
	// cushion, its few unclamped readings 6–35 mm off it).
	gate := math.Max(4*k.cfg.Sigma, 4.5)
	if k.tab.RailDistance(tr.rest, rail) < gate/2 {
		return false
	}
	off, agree, m := k.honestGap(tr, rail, gate)
	if m < clampHonest || off <= gate || 4*agree < 3*m {
		return false
	}
	if k.struckNear(i, o) {
		return false
	}
	if k.trace != nil {
		k.trace("%.4f clamped rest track %d ball %d: on the %s cushion line, read %.1f mm off it at rest (%d of %d agree; pending %d)", s.t, i, tr.ball, rail, off, agree, m, tr.npend)
	}
	k.noteRailRead(i, s) // frozendoubt.go
	return true
}

// clampHonest: the fewest readings at rest, not clamped, that clampRest
// weighs; it weighs at most the last clampHonestMax of them.
const (
	clampHonest    = 4
	clampHonestMax = 16
)

// honestGap returns the median gap to rail of the last readings of resting
// track tr since it came to rest that lie off the rail's line (not clamped
// onto it) and within snapNear of it, how many of them lie within gate of
// that median, and how many it took.
func (k *Tracker) honestGap(tr *track, rail table.Rail, gate float64) (med float64, agree, m int) {
	var gs [clampHonestMax]float64
	for j := 0; j < len(tr.hist) && j < tr.nh && m < len(gs); j++ {
		h := tr.hist[(tr.nh-1-j)%len(tr.hist)]
		if h.t < tr.restT {
			break
		}
		if g := k.tab.RailDistance(h.p, rail); g > clampEps && g <= snapNear {
			gs[m] = g
			m++
		}
	}
	if m == 0 {
		return 0, 0, 0
	}
	x := gs[:m]
	sort.Float64s(x)
	med = x[m/2]
	if m%2 == 0 {
		med = (x[m/2-1] + x[m/2]) / 2
	}
	for _, g := range x {
		if math.Abs(g-med) <= gate {
			agree++
		}
	}
	return med, agree, m
}
