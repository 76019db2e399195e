package tracking

import (
	"math"

	"github.com/cueref/cueref/table"
)

// The detector's centre for a resting ball may flip, frame after frame for
// seconds on end, between the ball and one or two wrong places a few
// centimetres off, coming back to the ball after each flip (rendered bench,
// 8-ball seed 6 after shot 32: the cue ball resting by the foot-right corner
// pocket, 3.6 mm off the right cushion, was read one frame in three or four at
// a low confidence 18 mm along that cushion, clamped onto its line, or 10 mm
// off towards the bed). Each flip alone is seen for noise, but two in a row
// lie further than startFar from the rest point and start the ball: four
// strokes were told in two seconds, each a shot of its own (a cue ball that
// hits nothing), and the last of them had not come to rest when the player
// truly struck the cue ball: the true stroke and its contacts were told inside
// the false shot, begun 0.32 s before it, and no shot was told struck at the
// true stroke (shot 33, a pot).
//
// A ball that truly leaves its rest point does not come back to it on its own
// within a frame or two, and never twice to the same wrong place. So the places
// a resting ball was read at, away from its rest point, before it was read back
// at the rest point within flickBack, are remembered as the detector's (for as
// long as the ball rests there, or comes back there: flickkeep.go). Once one
// has been come back from flickSeen times, a detection there is seen but kept
// off the rest point, the start tests, the history and the shot log, when:
//   - the detector is far less sure of it than of the ball's detections at
//     the rest point (below flickConf of their confidences' upper quartile:
//     0.3–0.6 against 0.9–1 there; see flickkeep.go). This keeps the rule
//     off a ball the detector reads poorly throughout, its centres
//     scattered over two clusters a centimetre apart at one low confidence
//     (rendered bench, 8-ball seed 1 shot 64: ball 6, read at 0.4–0.6 about
//     two points 12 mm apart, and struck from there: without the test its
//     detections at one of them were dropped and its start, on a stray
//     centre, was told 64 ms early);
//   - the run of detections away from the rest point it belongs to is no
//     longer than flickBack: a ball read at a place on end is there, or is
//     read there from now on (rendered bench, 8-ball seed 2 shot 25: ball 8
//     read 13 mm off its rest point for seconds); unless the run hops
//     between such places (flickkeep.go);
//   - it is not flagged moving, and no ball is near enough to have struck the
//     ball (struckNear).
//
// A ball struck from rest is read along its path: a detection of it that
// lands on such a place only delays its start by a frame, and the start is
// timed from the path anyway.

const (
	// flickBack (s): the longest run of detections away from the rest point,
	// from its first to the detection back at rest, that counts as a flip.
	flickBack = 0.1
	// flickSeen: how many times the ball must have been read at a place and
	// come back, before a detection there is taken for the detector's.
	flickSeen = 2
	// flickConf: the share of the confidence of the sure detections at the
	// rest point (see unsure) that a detection taken for a flip must fall
	// short of.
	flickConf = 0.7
	// flickConfN: the fewest detections at the rest point that confidence
	// is taken over; flickConfMax the most (the latest ones).
	flickConfN   = 4
	flickConfMax = 16
	// flickPlacesMax: the most places remembered.
	flickPlacesMax = 8
)

// flickPlaces is what flickRead keeps of a resting track: the detections away
// from its rest point since the last one at it, and the places it was read at
// and came back from.
type flickPlaces struct {
	set   bool        // taken for a rest point
	restT float64     // the rest the run away belongs to (track.restT)
	rest  table.Point // the rest point when they were first taken
	out   [4]sample
	nout  int
	// runAt is the known place the run's last detection lay on (−1 none),
	// hopT when it last hopped from one such place to another.
	runAt int
	hopT  float64
	at    [flickPlacesMax]table.Point
	n     [flickPlacesMax]int
	seen  [flickPlacesMax]float64 // when each was last come back from
	np    int
	// conf: the confidences of the latest detections at the rest point, a
	// ring (conf[(nconf-1)%len] newest).
	conf  [flickConfMax]float64
	nconf int
}

// flickRead reports whether detection o (s) of resting track i lies on a place
// the detector has flipped the ball's centre to, and back from, at least
// flickSeen times while the ball rested there (see above). It learns the
// places from the track's detections at rest.
func (k *Tracker) flickRead(i int, s sample, o *Obs) bool {
	tr := &k.tracks[i]
	if tr.moving || !tr.confirmed || tr.nh == 0 {
		return false
	}
	gate := math.Max(4*k.cfg.Sigma, 4.5)
	f := tr.flickAt(gate) // flickkeep.go
	tol := math.Max(2*k.cfg.Sigma, 3)
	if s.p.Dist(tr.rest) <= gate {
		// Back at rest: the detections away since were the detector's.
		if f.nout > 0 && f.nout <= len(f.out) && s.t-f.out[0].t <= flickBack {
			for _, x := range f.out[:f.nout] {
				f.learn(x.p, s.t, tol)
			}
		}
		f.nout = 0
		f.conf[f.nconf%len(f.conf)] = o.Confidence
		f.nconf++
		return false
	}
	// A run away from the rest point longer than flickBack is no flip: the
	// ball, or the detector's view of it, has moved; unless it hops between
	// places the ball was read at and came back from.
	brief := f.nout == 0 || s.t-f.out[0].t <= flickBack
	if f.hop(s, tol) { // flickkeep.go
		brief = true
	}
	// One that names another ball, read clearly at its own rest in this
	// frame (flickother.go).
	if (f.nout == 0 || s.t-f.out[0].t <= flickHopMax) && k.otherRest(i, o) && !k.movedNear(i) {
		f.note(s)
		if k.trace != nil {
			k.trace("%.4f flicker track %d ball %d: read at (%.1f, %.1f), %.1f mm off its rest, as ball %d, read at its own rest", s.t, i, tr.ball, s.p.X, s.p.Y, s.p.Dist(tr.rest), o.Ball)
		}
		return true
	}
	if brief && !o.Moving && f.known(s.p, tol) && f.unsure(o.Confidence) && !k.struckNear(i, o) {
		f.note(s)
		if k.trace != nil {
			k.trace("%.4f flicker track %d ball %d: read at (%.1f, %.1f), %.1f mm off its rest, a place it was read at and came back from", s.t, i, tr.ball, s.p.X, s.p.Y, s.p.Dist(tr.rest))
		}
		return true
	}
	f.note(s)
	return false
}

// note counts detection s in the run away from the rest point.
func (f *flickPlaces) note(s sample) {
	if f.nout < len(f.out) {
		f.out[f.nout] = s
	}
	f.nout++
}

// learn counts one more come-back, at t, from place p (a place within tol
// of one already counted is that one). With no room left, p takes the
// place of the one least come back from, the longest ago (flickkeep.go).
func (f *flickPlaces) learn(p table.Point, t, tol float64) {
	for j := 0; j < f.np; j++ {
		if f.at[j].Dist(p) <= tol {
			f.n[j]++
			f.seen[j] = t
			return
		}
	}
	j := f.np
	if j < len(f.at) {
		f.np++
	} else {
		j = f.evict()
	}
	f.at[j], f.n[j], f.seen[j] = p, 1, t
}

// known reports whether p lies within tol of a place come back from at least
// flickSeen times.
func (f *flickPlaces) known(p table.Point, tol float64) bool {
	return f.placeOf(p, tol) >= 0 // flickkeep.go
}
