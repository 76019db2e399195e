package tracking

// noteEarly keeps, as a shot begins at stroke time t, the least cushion gap
// of track tr's detections since t (earlyGap), for railDoubt. The stroke is
// recognised a frame or two after it, and the detections made in between
// come before the shot's log (logShot) and before any path: a ball struck
// from rest into a cushion two or three centimetres off, and back out within
// a frame or two, may be read by it only then (rendered bench, 9-ball seed 11
// shot 34: ball 1, 28 mm off the left cushion, struck 6 ms after the stroke,
// read 4 mm off it 41 ms after, as the stroke was told; no cushion hit was
// told and the legal safety became an unflagged no_rail foul, rule 1.17).
// When no cushion hit is told, a person looks.
func (k *Tracker) noteEarly(tr *track, t float64) {
	for j := 1; j <= min(tr.nh, len(tr.hist)); j++ {
		s := tr.hist[(tr.nh-j)%len(tr.hist)]
		if s.t < t {
			break
		}
		if g := k.railGapAt(s.p); g < tr.earlyGap {
			tr.earlyGap, tr.earlyGapT = g, s.t
		}
	}
}
