package tracking

// A ball resting near a cushion, struck into it, comes back off it at once:
// its first read off its rest point may be at the cushion, the next one
// nearer its rest point again. Two reads in a row both startFar or more off
// the rest point, the first by a cushion, are a start (bounceBack), not the
// second read replacing the first as the one pending: camera model at 30
// fps, seed 25, 8-ball shot 28, a safety. The 8, resting 43 mm off the head
// cushion, was struck into it at 1 m/s; read 4.7 mm off touching it, then 21
// and 14 mm off its rest point on the way back. Each nearer read took the
// pending one's place: the read at the cushion was lost, the 8 started only
// from the third read, and no cushion hit was told: no_rail, unasked
// (TestBounceBackStart).

// bounceBack reports whether resting track tr's pending read p0, then s,
// both off its rest point, s nearer it, came off a cushion: p0 lies within a
// diameter of touching one and the ball came back away from it.
func (k *Tracker) bounceBack(tr *track, p0, s sample) bool {
	if s.p.Dist(tr.rest) >= p0.p.Dist(tr.rest) {
		return false
	}
	g := k.railGapAt(p0.p)
	return g < 2*k.R && k.railGapAt(s.p) > g
}
