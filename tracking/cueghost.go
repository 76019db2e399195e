package tracking

import "slices"

// A ghost at the stroke, with the cue ball's own first detection in flight.
// cueTakeover hands a ghost's path out of the resting cue ball's place (a
// track with no number that took the cue ball's detections at the stroke) to
// the cue ball's track; it looked only at the ghost's detections since the cue
// ball's track was last seen. But the cue ball's track may itself have taken
// one of them, far from its rest, as a jump from rest (a start still pending,
// that the ghost's wide gate then outbid for every detection after): it was
// last seen at rest a frame or two before, and the path, traced back, leaves
// its place before that "last seen" (rendered bench seed 38, 8-ball shot 4,
// struck at 37.0924: a false detection in the head-left pocket's mouth,
// 175 mm from the cue ball, started a track with no number; it took the
// cue ball's first detection in flight (37.100), the cue ball's track the
// second as a jump (37.117), the ghost every one after. Traced back, the
// ghost's path left the cue ball's place at 37.09, before 37.117: no
// takeover; the cue ball's track, unseen at rest, was lifted, the stroke
// went untold, and the shot was told struck on ball 1 at 37.46, a foul.)
//
// So a pending jump of the resting cue ball's track more than a diameter from
// its place is taken for what it is, its first detection in flight: the
// ghost's detections since the cue ball was last seen at rest, with it, are
// the path, traced back to its place no earlier than then. (Over rendered
// seeds 25 to 38 this adds one takeover to cueTakeover's 73: this one.)

// cueFlight returns when the resting cue ball's track cue was last seen at
// rest and appends to dst its own detections in flight: its pending start,
// when it lies more than a diameter from its place. Without one it returns
// when the track was last seen, and dst as it was.
func (k *Tracker) cueFlight(cue *track, dst []sample) (float64, []sample) {
	if cue.moving || cue.npend == 0 || cue.pend[0].p.Dist(cue.rest) <= 2*k.R {
		return cue.last.t, dst
	}
	first := cue.pend[0].t
	since := first - k.dt
	for j := range min(cue.nh, len(cue.hist)) {
		// Newest first: the last sighting before the jump.
		if s := cue.hist[(cue.nh-1-j)%len(cue.hist)]; s.t < first {
			since = s.t
			break
		}
	}
	return since, append(dst, cue.pend[:cue.npend]...)
}

// withFlight merges the cue ball's own detections in flight (cueFlight) into
// w, the ghost's since, in order of time.
func withFlight(w, own []sample) []sample {
	w = append(w, own...)
	slices.SortFunc(w, func(a, b sample) int {
		switch {
		case a.t < b.t:
			return -1
		case a.t > b.t:
			return 1
		}
		return 0
	})
	return w
}
