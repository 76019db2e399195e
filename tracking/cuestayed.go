package tracking

import (
	"math"

	"github.com/cueref/cueref/shot"
	"github.com/cueref/cueref/table"
)

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
// started and was read in at least stayedSeen of the frames since, never
// having closed half the gap to it, the start was no stroke: it is let go,
// as a hop of its reads (hopstart.go) is.

// stayedSeen is the least share of the frames since a start in which the cue
// ball must have been read, kept off the ball, for cueStayed and stayedApart.
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
		if gap <= noStrokeNudge || !k.keptOff(i, c.in.a, gap/2, c.t, k.lastT+0.5*k.dt) {
			return false
		}
		if k.trace != nil {
			k.trace("%.4f cue stayed: track %d started at %.4f %.1f mm from the cue ball's track %d, which did not close on it since", k.lastT, c.tr, c.t, gap, i)
		}
		return true
	}
	return false
}

// stayedApart reports whether start oc, of a ball more than noStrokeNudge
// from the cue ball, came before the cue ball's start c with the cue ball
// read all the while between, never closing half the gap: it did not set that
// ball off, and its stroke is not backdated to it (see above; same case:
// the true stroke of shot 4 was backdated to a flip of the 11 0.4 s before).
// Nor did the cue ball set off a ball that first moved towards it
// (cameToward).
func (k *Tracker) stayedApart(c, oc *change) bool {
	gap := c.in.a.Dist(oc.in.a) - 2*k.R
	why := ""
	switch {
	case gap > noStrokeNudge && c.t-oc.t >= 2*k.dt && k.keptOff(c.tr, oc.in.a, gap/2, oc.t, c.t):
		why = "which did not close on it between"
	case gap > towardGap && k.cameToward(c, oc):
		why = "towards which it first moved"
	default:
		return false
	}
	k.apart = apartStart{cue: c.tr, tr: oc.tr, stroke: c.t}
	if k.trace != nil {
		k.trace("%.4f cue stayed: track %d started at %.4f, before the cue ball's track %d at %.4f, %s", k.lastT, oc.tr, oc.t, c.tr, c.t, why)
	}
	return true
}

// A ball the cue ball pushes moves away from it, along the line of their
// centres. Rendered 8-ball, seed 27, shot 52: ball 15, resting in the
// foot-left jaws 8 mm from the cue ball, was read 18 mm towards the cue ball
// 0.13 s before the stroke (the detector's flip of a ball it read hopping
// for seconds), and the stroke was backdated to that start, with a contact
// of the cue ball and the 15 for its first: a pot of the 9 told with the
// wrong first ball. So a start whose first read lies nearer the cue ball, by
// more than towardNoise along the line from the cue ball, was not the cue
// ball's doing; unless the two balls lay within towardGap, where the
// detector reads them now and then as one blob between them, and a true
// push may first be read so.

// towardGap (mm): the least gap between the balls for cameToward.
const towardGap = 4.0

// cameToward reports whether start oc first moved its ball towards the
// resting cue ball of start c (see above).
func (k *Tracker) cameToward(c, oc *change) bool {
	u := oc.in.a.Sub(c.in.a)
	l := u.Len()
	if l == 0 {
		return false
	}
	along := oc.first.p.Sub(oc.in.a).Dot(u) / l
	return along < -math.Max(3*k.cfg.Sigma, 4)
}

// apartStart is a start that stayedApart found was not the cue ball's doing:
// the cue ball's track, the other track, and the stroke found then.
type apartStart struct {
	cue, tr int
	stroke  float64
}

// apartContact reports whether e is a contact of the cue ball with the ball
// of a start stayedApart found was not its doing, timed before the stroke:
// the cue ball, still until the stroke, met nothing then (same case: the
// 4's hop paired with the cue ball's reads at address 47 ms before it).
func (k *Tracker) apartContact(e *pevent) bool {
	a := k.apart
	return e.kind == shot.Contact && a.stroke == k.strikeT && e.t < k.strikeT &&
		(e.a == a.cue && e.b == a.tr || e.a == a.tr && e.b == a.cue)
}

// keptOff reports whether track i was read in at least stayedSeen of the
// frames from t0 to t1, each read more than gap from touching a ball at p:
// it did not close on that ball. (The shooter's cue over the cue ball at
// address scatters its reads by up to 10 mm, rendered 10-ball, seed 27,
// shot 23, but not towards a ball it is not struck at.)
func (k *Tracker) keptOff(i int, p table.Point, gap, t0, t1 float64) bool {
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
		if s.p.Dist(p)-2*k.R <= gap {
			return false
		}
		seen++
	}
	return float64(seen) >= stayedSeen*(t1-t0)/k.dt
}
