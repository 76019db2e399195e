package tracking

import (
	"math"
)

// A flip that names another ball. The detector may lose a resting ball by a
// cushion, now and then, to a read a few centimetres off that names another
// ball, number and colour, while that ball is read clearly where it rests in
// the same frame (rendered bench, 8-ball seed 21, shots 35–38: ball 15
// resting 6 mm off the foot cushion, its neighbours 7 and 9 touching-close,
// was read one frame in four, never in the same frame as at its rest, as
// the eight at 0.43–0.72 about (2473, 856), 40 mm inward, the eight itself
// read at 0.80 or more at (2350, 806) in every such frame). Such a read is the
// detector's view of the resting ball misplaced, not the ball moved: the
// ball it names is elsewhere. flickRead could not take them for flips: two
// in a row came before it had learned the place (a place within 3 mm, and
// the reads scatter over 10), a third of them were as sure as the ball's own
// reads at rest (0.57–0.75), and the touching neighbours kept struckNear
// true throughout. Taken for the ball's moves, they had 31 rails and 10
// contacts of ball 15 told in four shots (one rail and one contact are left,
// read while the eight itself was still rolling to rest). And shot 43's cue ball, resting 3 mm off that cushion, read
// at 0.5–0.6 at its rest one frame in three and as the eight at 0.62–0.98 at
// places 5–20 mm inward the rest of the time, was started twice from rest:
// an extra shot at 308.68 s (flagged) and one at 309.20 s that ran on into
// the true stroke of shot 44 at 310.23 s (unflagged, and shot 44 untracked).
//
// So a detection away from the rest point is taken for a flip, whatever was
// learned of its place and its confidence, when it names, by number and a
// colour that fits it, another ball that rests on a track of its own and
// that another detection of the frame reads clearly (ownReadConf, number and
// colour) at that track's rest; when it lies within flickOtherFar of the
// rest point (a resting track without a number took, as a jump of 283 mm,
// the moving cue ball read as ball 9, and taken for a flip it was lost to
// the cue ball's track, whose contact was then mistimed: rendered seed 18,
// 8-ball shot 35; a limit of one diameter instead cost a legal 14.1 pot of
// seed 15, shot 8, ruled an off-table foul); when it is no motion streak;
// when the run of reads away it belongs to is no longer than flickHopMax (a
// ball read on end elsewhere has gone there, whatever it is named); and when
// no moving ball has come within reach of the ball, or of a cluster of
// resting balls it stands in, over the last frame (movedNear: a resting
// neighbour, touching-close as ball 15's, strikes nothing).

// flickOtherDt (s): the longest frame interval the rule holds at. movedNear
// looks for a moving ball at consecutive reads; at 30 fps a struck cue ball
// covers 130 mm between them, hits a ball and is read clear of it before the
// tracker has it moving (no-render seed 2 at 30 fps, 10-ball shot 110: ball
// 4, just hit, read once as ball 7, was taken for a flip; the contact was
// lost and a wrong-ball foul called). Below 50 fps the rule is off.
const flickOtherDt = 1.0 / 50

// flickOtherFar (mm): how far off the rest point such a read may lie: two
// diameters (the reads above lay 5–42 mm off; see above).
const flickOtherFar = 4 * 28.575

// otherRest reports whether detection o, away from resting track i's rest
// point, names another ball read clearly at its own rest in this frame (see
// above).
func (k *Tracker) otherRest(i int, o *Obs) bool {
	tr := &k.tracks[i]
	b := o.Ball
	if k.dt > flickOtherDt || o.At.Dist(tr.rest) >= flickOtherFar {
		return false
	}
	if b < 0 || b == tr.ball || b >= len(k.holder) || o.Moving || o.Class == ClassUnknown || !classFits(o) || k.holder[b] == 0 || k.holder[b]-1 == i {
		return false
	}
	h := &k.tracks[k.holder[b]-1]
	if h.moving || !h.confirmed || h.gone || o.At.Dist(h.rest) < 2*k.R {
		return false
	}
	gate := math.Max(4*k.cfg.Sigma, 4.5)
	for j := range k.fobs {
		x := &k.fobs[j]
		if x == o || x.Ball != b || x.Class == ClassUnknown || !classFits(x) || x.Confidence > 0 && x.Confidence < ownReadConf {
			continue
		}
		if x.At.Dist(h.rest) <= gate {
			return true
		}
	}
	return false
}

// flickCluster (mm): the most two resting balls' rest points may lie apart,
// beyond a diameter, for a stroke into one to carry to the other (a rack's
// balls, read 57–62 mm apart, stand within it).
const flickCluster = 8.0

// movedNear reports whether a moving ball came within 2R + flipClear, over
// the last frame, of resting track i's rest point or of a ball resting in a
// cluster with it (each within 2R + flickCluster of the next): a stroke into
// a cluster starts its far balls in the same frame (rendered 8-ball break,
// ball 11 at the rack's back corner, read 56 mm off its rest as ball 15 in
// the first frame it flew off at 6.7 m/s, the cue ball meeting the apex).
func (k *Tracker) movedNear(i int) bool {
	var in [64]bool
	if len(k.tracks) > len(in) {
		return true
	}
	stack := []int{i}
	in[i] = true
	for len(stack) > 0 {
		c := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		rest := k.tracks[c].rest
		for j := range k.tracks {
			q := &k.tracks[j]
			if j == c || !q.used || q.gone || !q.confirmed {
				continue
			}
			if q.moving {
				near := k.position(q).Dist(rest)
				if q.prev.p != q.last.p {
					sd, _ := segDist(rest, q.prev.p, q.last.p)
					near = math.Min(near, sd)
				}
				if near < 2*k.R+flipClear {
					return true
				}
				continue
			}
			if !in[j] && q.rest.Dist(rest) < 2*k.R+flickCluster {
				in[j] = true
				stack = append(stack, j)
			}
		}
	}
	return false
}
