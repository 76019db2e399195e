package tracking

import (
	"slices"

	"github.com/cueref/cueref/table"
)

// The places a resting ball's centre flips to (flicker.go) were forgotten
// whenever the ball came to rest anew, and with them the confidence of its
// reads at rest. A ball the detector reads at a low confidence, one frame in
// two or three, at three places 7–27 mm off it, is started by two such reads
// in a row before flickRead has seen it come back from them twice; it is
// then told at rest again where it stood, every place learned so far lost,
// and started again a moment later: for 40 s on end (rendered bench, 9-ball
// seed 7, racks 2: ball 8 resting by the HL pocket's jaw, read at 0.7–0.8 at
// its rest point and at 0.45–0.51 at (63.8, 77.5), (55.3, 85.1) and
// (72.0, 95.0), 26, 27 and 7 mm off it, none ever reached by a path). Each
// false start is a touch (rule 1.19) and, told back at rest where it stood,
// dropped again; but the one that had the ball "resting" on a wrong place
// when the shot ended was kept: a legal pot (shot 3) was ruled a foul.
//
// A ball does not come to rest where it stood unless nothing moved it, or it
// came back: in either case the detector sees it as it did before, and reads
// it at the same wrong places. So what flickRead learned of a rest point is
// kept for as long as the ball rests within the gate of it, through any
// number of new rests there; and that of the rest point before, too, for a
// ball started off one of its wrong places back to its true one (it is
// dropped only when the ball rests at a third place). A run away from the
// rest point belongs to its rest, and is dropped with it.
//
// And the detector's misreads that land within the gate of the rest point
// count among its reads at rest (the 0.48–0.50 reads 1–3 mm off ball 8's
// above, one in three there): their mean confidence (0.65) put the wrong
// places' 0.49 above flickConf of it. The detector's sure reads of the ball
// at rest, the upper quartile of the latest flickConfMax, are what its flips
// must fall short of (0.75 there). A ball read poorly throughout (0.4–0.6,
// 8-ball seed 1 shot 64) has that quartile low too, and its reads off the
// rest point count as ever.

// A run away from the rest point longer than flickBack is taken for the
// ball moved (flicker.go): a ball read on end at one place is there. But
// one read at two wrong places and back frame after frame is at neither:
// the detector hopped ball 8 above between its three, 11–20 mm apart, for
// 0.17 s (seven reads, none at the rest point), and that run started it. So a run stays a flip for as long as it keeps hopping between
// places the ball was read at and came back from, more than flickHopGap
// apart, within flickBack of each other, up to flickHopMax in all.

const (
	// flickHopGap (mm): the least distance between two places a run hops
	// between (two centres at one place, a few mm apart, are no hop).
	flickHopGap = 10.0
	// flickHopMax (s): the longest run of such hops taken for flips.
	flickHopMax = 0.4
)

// hop notes detection s, away from the rest point, in the run of them, and
// reports whether the run hops between known places (see above).
func (f *flickPlaces) hop(s sample, tol float64) bool {
	j := f.placeOf(s.p, tol)
	if f.nout == 0 {
		f.runAt, f.hopT = j, s.t
		return false
	}
	if j >= 0 && f.runAt >= 0 && f.at[j].Dist(f.at[f.runAt]) > flickHopGap {
		f.hopT = s.t
	}
	f.runAt = j
	return j >= 0 && s.t-f.hopT <= flickBack && s.t-f.out[0].t <= flickHopMax
}

// placeOf returns the slot of the place within tol of p come back from at
// least flickSeen times, or −1.
func (f *flickPlaces) placeOf(p table.Point, tol float64) int {
	for j := 0; j < f.np; j++ {
		if f.n[j] >= flickSeen && f.at[j].Dist(p) <= tol {
			return j
		}
	}
	return -1
}

// flickMem is what flickRead keeps of a resting track's rest point, and of
// the one before (see above).
type flickMem [2]flickPlaces

// flickAt returns what flickRead keeps of the track's rest point (see above).
func (tr *track) flickAt(gate float64) *flickPlaces {
	f := &tr.flick[0]
	if f.set && f.restT == tr.restT && f.rest.Dist(tr.rest) <= gate {
		return f
	}
	switch {
	case f.set && f.rest.Dist(tr.rest) <= gate:
		// A new rest where it stood.
	case tr.flick[1].set && tr.flick[1].rest.Dist(tr.rest) <= gate:
		tr.flick[0], tr.flick[1] = tr.flick[1], tr.flick[0]
	default:
		if f.set {
			tr.flick[1] = *f
		}
		*f = flickPlaces{set: true, rest: tr.rest}
	}
	f.restT, f.nout = tr.restT, 0
	return f
}

// unsure reports whether the detector is far less sure of a detection of
// confidence c than of its sure reads of the ball at the rest point (below
// flickConf of the upper quartile of the latest flickConfMax; none with
// fewer than flickConfN).
func (f *flickPlaces) unsure(c float64) bool {
	n := min(f.nconf, len(f.conf))
	if n < flickConfN {
		return false
	}
	var buf [flickConfMax]float64
	x := buf[:n]
	copy(x, f.conf[:n])
	slices.Sort(x)
	return c < flickConf*x[3*n/4]
}

// evict returns the slot of the place least come back from, the longest ago
// (see learn). A detector's odd centre, seen once about a still ball, fills
// a slot too: four were full of them before ball 8's two places above 26 mm
// off its rest had been come back from at all, and those were never learned.
func (f *flickPlaces) evict() int {
	j := 0
	for x := 1; x < f.np; x++ {
		if f.n[x] < f.n[j] || f.n[x] == f.n[j] && f.seen[x] < f.seen[j] {
			j = x
		}
	}
	return j
}
