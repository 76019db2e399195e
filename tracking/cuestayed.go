package tracking

import "github.com/cueref/cueref/table"

// A start next to a cue ball that stayed. A ball that starts between shots
// next to the resting cue ball waits cueWait frames for the cue ball to show
// it started too; if it never does, the shot is taken as struck "through"
// the ball (strikeThrough: a stroke into a ball frozen to the cue ball, the
// cue ball barely moving). But a cue ball a centimetre or more from that
// ball cannot push it without moving that far itself, which the camera sees.
// Rendered 14.1, seed 26, before shot 4: ball 11, nudged to rest 12 mm off
// the head cushion and 16–23 mm from the cue ball, was read flipping 18 mm
// off the cushion and back; three flips began shots struck "through" it
// (each asked, "first contact occluded"), and the last swallowed the true
// stroke of shot 4, which went untracked.
//
// So when the cue ball lies more than noStrokeNudge from the ball that
// started and was seen at its rest (within noStrokeStill) in at least
// stayedSeen of the frames since, the start was no stroke: it is let go, as
// a hop of its reads (hopstart.go) is.

// stayedSeen is the least share of the frames since a start in which the cue
// ball must have been read at its rest for cueStayed.
const stayedSeen = 0.8

// cueStayed reports whether start c, of a ball next to the resting cue ball
// that waited cueWait for the cue ball to start, cannot have been a stroke
// through it (see above).
func (k *Tracker) cueStayed(c *change) bool {
	for i := range k.tracks {
		tr := &k.tracks[i]
		if i == c.tr || !tr.used || !tr.confirmed || tr.gone || tr.ball != 0 || tr.moving {
			continue
		}
		gap := tr.rest.Dist(c.in.a) - 2*k.R
		if gap >= 30 {
			continue // not next to it (nextToCue)
		}
		if gap <= noStrokeNudge || !k.stayedAt(i, tr.rest, c.t, k.lastT+0.5*k.dt) {
			return false
		}
		if k.trace != nil {
			k.trace("%.4f cue stayed: track %d started at %.4f %.1f mm from the cue ball's track %d, read at its rest since", k.lastT, c.tr, c.t, gap, i)
		}
		return true
	}
	return false
}

// stayedApart reports whether start oc, of a ball more than noStrokeNudge
// from the cue ball, came before the cue ball's start c with the cue ball
// read at its rest all the while between: the cue ball did not set that
// ball off, and its stroke is not backdated to it (see above; same case:
// the true stroke of shot 4 was backdated to a flip of the 11 0.4 s before).
func (k *Tracker) stayedApart(c, oc *change) bool {
	if c.in.a.Dist(oc.in.a)-2*k.R <= noStrokeNudge || c.t-oc.t < 2*k.dt {
		return false
	}
	if k.stayedAt(c.tr, c.in.a, oc.t, c.t) {
		if k.trace != nil {
			k.trace("%.4f cue stayed: track %d started at %.4f, before the cue ball's track %d at %.4f, which was read at its rest between", k.lastT, oc.tr, oc.t, c.tr, c.t)
		}
		return true
	}
	return false
}

// stayedAt reports whether track i was read within noStrokeStill of p in at
// least stayedSeen of the frames from t0 to t1, and nowhere else then.
func (k *Tracker) stayedAt(i int, p table.Point, t0, t1 float64) bool {
	tr := &k.tracks[i]
	seen := 0
	for j := 0; j < min(tr.nh, len(tr.hist)); j++ {
		s := tr.hist[(tr.nh-1-j)%len(tr.hist)]
		if s.t < t0 {
			break
		}
		if s.t >= t1 {
			continue
		}
		if s.p.Dist(p) > k.noStrokeStill() {
			return false
		}
		seen++
	}
	return float64(seen) >= stayedSeen*(t1-t0)/k.dt
}
