package tracking

import (
	"math"

	"github.com/cueref/cueref/table"
)

// Two balls resting touching-close may be read as one, between them. The
// detector, given two balls a fraction of a millimetre apart by a corner
// pocket, may fit one circle to the pair, or shift one of the two towards the
// other's outline, frame after frame for as long as they rest there
// (rendered bench, 14.1 seed 23, shots 71–82: balls 5 and 6 rested 95 s by
// the foot-left corner, 5 at (2480.4, 43.6), 6 at (2472.8, 100.9), 57.7 mm
// apart, a 0.6 mm gap). From 566.55 s on, most frames read one "5"
// somewhere between the two, 5–22 mm along the line from 5 to 6 and up to
// 20 mm off it ((2460.3, 64.9) at 0.33, (2463.1, 59.2) at 0.55, (2470.6,
// 57.6) at 0.56, (2476.5, 48.6) at 0.35), and no 6; others read both, 5
// shifted 15–20 mm off its rest ((2458.1, 47.5)) and 6 a few mm off its
// own; now and then both at their rests (5 at 1.00). The values repeat
// exactly: a still scene. Runs of such reads last up to 0.67 s, none back
// at the rest point, and the neighbour resting touching-close kept
// struckNear true throughout, so neither flickRead nor flickOther held
// them. Taken for motion, they had ball 5 started again and again, 673
// contacts 5–6 told over shots 71–83, ball 6 pocketed in FL many times
// (then read back), rails of ball 5, three 14.1 rulings wrong, a true shot
// (72) untracked; over the seed, contact precision (breaks left out) fell
// to 57.6 % and jaw-rail precision to 59 %.
//
// A resting ball does not move unless something strikes it; and one that
// moved towards a neighbour resting touching-close would strike it, and the
// two would separate: neither comes back to its rest, nor is the ball ever
// read overlapping a neighbour that stays. So a detection of resting track
// i away from its rest point is seen but kept off the rest point, the start
// tests, the history and the shot log (as a flip, flicker.go) when:
//   - both are told by number (or, for i, the detection names a ball no
//     other track holds: a ball lost and found again, as 5 above after the
//     player leant over it for shot 81), and a neighbour j rests,
//     confirmed, within pairGap of touching i (and no nearer: two tracks
//     resting closer than that are not two balls). A track of no number
//     may be the detector's ghost: on an 8-ball break
//     (testdata/break-8ball-rendered.json.gz), reads of the player by the
//     head cushion, a "0" (the cue ball was rolling elsewhere) and a "14",
//     had two reads held, and a ball that came by later was lost;
//   - the detection lies between the two, projected within the segment
//     joining their rest points, within pairOff of it;
//   - no other detection of the frame lies within reach of either ball
//     (2R + flipClear of a rest point) outside that band: the neighbour is
//     unseen, or read about its rest, and no ball is seen arriving;
//   - no moving ball has come within reach of the pair, or a cluster it
//     stands in, over the last frame (movedNear: a ball arriving starts the
//     rule off, and real contacts are told as ever);
//   - the ball was read at its rest point within pairRun: a ball read on
//     end away from it is not there, or was told at rest too soon (seed 23
//     above, the end of shot 70: ball 6, rolling slowly into 5, was told
//     at rest 18 mm short of where it stopped; without this test its reads
//     where it truly rested, between its rest point and 5's, were held for
//     good, and in shot 71 it was started from the wrong one, with
//     contacts 5–6 told);
//   - nor has another ball, moving or just come to rest, been read within
//     reach of either over the last pairQuiet (pairVisited: a neighbour struck while unseen is not yet moving on its
//     track: no-render seed 1, 9-ball shot 92, the cue ball met ball 2,
//     resting 3 mm from ball 7, and bounced off; 2, unseen for 0.1 s, drove
//     7 into the left cushion and the FL pocket, and 7's first reads, away
//     from 2, were held: its cushion was lost and a legal safety ruled a
//     no-rail foul);
//   - the ball is no cue ball before its stroke (snapCandidate: a stroke
//     may drive it into its neighbour, no other ball near), the detection no
//     motion streak, and the frame interval no longer than flickOtherDt
//     (below 50 fps a struck ball is not seen coming).
//
// A ball struck away from its neighbour leaves the band at once; one struck
// sideways, within a frame or two; one driven into its neighbour starts it,
// and the neighbour, read beyond the band, ends the rule for both.

const (
	// pairGap (mm): how far two resting balls' rest points may lie from a
	// diameter apart for the rule (the pair above, read 57 mm apart, stands
	// within it; as flickCluster).
	pairGap = flickCluster
	// pairOff (mm): how far off the segment joining the two rest points a
	// merged read may lie (the reads above lay up to 20 mm off it; a ball
	// passing by, read 30 mm off, is not taken).
	pairOff = 24.0
	// pairRun (s): the longest the ball may have gone unread at its rest
	// point (the runs above lasted up to 0.67 s).
	pairRun = 1.0
	// pairQuiet (s): how long the rule stays off after another ball,
	// moving or just come to rest, was read within reach of the pair
	// (pairVisited).
	pairQuiet = 0.5
)

// pairMerge reports whether detection o (s) of resting track i is the
// detector's view of the ball merged with, or shifted towards, a neighbour
// resting touching-close (see above).
func (k *Tracker) pairMerge(i int, s sample, o *Obs) bool {
	tr := &k.tracks[i]
	if k.dt > flickOtherDt || !k.pairNamed(i, o) || !k.snapCandidate(i, o) {
		return false
	}
	gate := math.Max(4*k.cfg.Sigma, 4.5)
	if s.p.Dist(tr.rest) <= gate || !tr.readAtRest(s.t-pairRun, gate) {
		return false
	}
	for j := range k.tracks {
		q := &k.tracks[j]
		if j == i || !q.used || !q.confirmed || q.gone || q.moving || q.ball < 0 || math.Abs(q.rest.Dist(tr.rest)-2*k.R) > pairGap {
			continue
		}
		if !inPairBand(s.p, tr.rest, q.rest) || !k.pairAlone(o, tr.rest, q.rest) || k.movedNear(i) || k.pairVisited(s.t, i, j) {
			continue
		}
		if k.trace != nil {
			k.trace("%.4f pair merge track %d ball %d: read at (%.1f, %.1f), %.1f mm off its rest, between it and track %d ball %d", s.t, i, tr.ball, s.p.X, s.p.Y, s.p.Dist(tr.rest), j, q.ball)
		}
		return true
	}
	return false
}

// inPairBand reports whether p lies within pairOff of the segment from a to
// b, projected within it.
func inPairBand(p, a, b table.Point) bool {
	ab := b.Sub(a)
	u := p.Sub(a).Dot(ab) / ab.Dot(ab)
	if u < 0 || u > 1 {
		return false
	}
	d, _ := segDist(p, a, b)
	return d <= pairOff
}

// pairAlone reports whether every detection of the frame but o that lies
// within reach (2R + flipClear) of rest point a or b lies within pairOff of
// the segment joining them (see above).
func (k *Tracker) pairAlone(o *Obs, a, b table.Point) bool {
	for j := range k.fobs {
		x := &k.fobs[j]
		if x == o || x.At.Dist(a) >= 2*k.R+flipClear && x.At.Dist(b) >= 2*k.R+flipClear {
			continue
		}
		if d, _ := segDist(x.At, a, b); d > pairOff || x.Moving {
			return false
		}
	}
	return true
}

// readAtRest reports whether the track's history holds a detection within
// gate of its rest point since time t0.
func (tr *track) readAtRest(t0, gate float64) bool {
	for j := 1; j <= min(tr.nh, len(tr.hist)); j++ {
		x := tr.hist[(tr.nh-j)%len(tr.hist)]
		if x.t < t0 {
			return false
		}
		if x.p.Dist(tr.rest) <= gate {
			return true
		}
	}
	return false
}

// pairNamed reports whether resting track i is told by number, or its
// detection o names, by number and a colour that fits it, a ball no other
// track holds (a ball lost and found again, its track not yet named).
func (k *Tracker) pairNamed(i int, o *Obs) bool {
	if k.tracks[i].ball >= 0 {
		return true
	}
	b := o.Ball
	if b < 0 || b >= len(k.holder) || o.Class == ClassUnknown || !classFits(o) {
		return false
	}
	h := k.holder[b]
	return h == 0 || h-1 == i || k.tracks[h-1].gone
}

// pairVisited reports whether a ball other than resting tracks i and j, moving
// or come to rest within pairQuiet before t, was read within reach of
// either (2R + flipClear of its rest point) within pairQuiet before t.
func (k *Tracker) pairVisited(t float64, i, j int) bool {
	a, b := k.tracks[i].rest, k.tracks[j].rest
	for x := range k.tracks {
		q := &k.tracks[x]
		if x == i || x == j || !q.used || q.gone || !q.confirmed || !q.moving && q.restT < t-pairQuiet {
			continue
		}
		for n := 1; n <= min(q.nh, len(q.hist)); n++ {
			h := q.hist[(q.nh-n)%len(q.hist)]
			if h.t < t-pairQuiet {
				break
			}
			if h.p.Dist(a) < 2*k.R+flipClear || h.p.Dist(b) < 2*k.R+flipClear {
				return true
			}
		}
	}
	return false
}
