package tracking

import (
	"math"

	"github.com/cueref/cueref/shot"
	"github.com/cueref/cueref/table"
)

// noStroke (nostroke.go) judges a ball that met nothing moved by hand when it
// needed more than noStrokeDecel times SlideDecel to stop in the time from
// its stroke to its stop event. That stop is told once the rest hysteresis
// has seen the ball still for a while, late by several frames for a ball
// that was still from the first frame at its new place: rendered 10-ball,
// seed 31, 130.20 s, the cue ball put down by hand 36 mm away, read there
// from the next frame on, its stop told 65 ms after its "stroke": 8.7 times
// SlideDecel, a "shot" ruled a no-contact foul, unflagged. The ball was
// there, and still, at its first detection there: it covered the distance by
// then, and a struck ball that fast runs on for a metre. handJumped times the
// stop at the struck track's first detection within noStrokeStill of where
// the ball ended (a ball hidden on its way is found there late: the longer
// time it was given then asks less of the cloth, as it should).

// handJumped reports whether the struck ball of rec, which met nothing and
// ended at q, d from where it began, was at q too soon after the stroke for
// a struck ball to have stopped there (see above).
func (k *Tracker) handJumped(rec *shot.Shot, ball int, q table.Point, d float64) bool {
	dt := k.arrivedAt(rec, ball, q)
	if math.IsNaN(dt) {
		return false
	}
	lim := float64(noStrokeDecel)
	if k.neverOnWay(rec, ball, q) {
		lim = liftedDecel
	}
	return 2*d/(dt*dt) > lim*k.cfg.SlideDecel
}

// neverOnWay reports whether the struck track of rec was never read between
// the stroke and q, where ball ended: its first detection after the stroke
// is already at q, and so is every one after it. The stroke was timed at its
// last read where it rested, so the time to q is the most the ball can have
// had, and no read between shows it fast and slowing: liftedDecel, as for a
// ball lost from view at the stroke (missedStroke), bounds its stop, not
// noStrokeDecel. No-render seed 1 at 30 fps, 8-ball at 283.18 s: after a
// foul the cue ball in hand was lifted and put down 246 mm away, unseen for
// 0.27 s and read there at rest from then on; needing 3.5 times SlideDecel
// to have stopped there, a "shot" ruled a no-contact foul, unflagged.
func (k *Tracker) neverOnWay(rec *shot.Shot, ball int, q table.Point) bool {
	log, ok := k.struckLog(rec, ball)
	if !ok {
		return false
	}
	t0, still, n := *rec.Start, k.noStrokeStill(), 0
	for _, x := range log {
		if x.t <= t0 {
			continue
		}
		if x.p.Dist(q) > still {
			return false
		}
		n++
	}
	return n > 0
}

// arrivedAt is the time from rec's stroke of the struck track's first
// detection within noStrokeStill of q, where ball ended; NaN when the struck
// track is not ball's or was never read there.
//
// A cushion hit told after the ball came to q to stay (stayedAt), farther
// than noStrokeStill from q, cannot have been the ball's (railsJumped).
// Rendered 8-ball, seed 33, 133.2 s: the cue ball in hand put down 200 mm
// away by the left cushion, read there from the frame of the "stroke" on;
// its one-frame jump was fitted into a hit of that cushion 5 ms after the
// next frame, 28 mm from where it lay, which the stop event (two frames
// later still) let the ball reach at 7.4 times SlideDecel: a "shot" ruled a
// no-contact foul, unflagged.
func (k *Tracker) arrivedAt(rec *shot.Shot, ball int, q table.Point) float64 {
	log, ok := k.struckLog(rec, ball)
	if !ok {
		return math.NaN()
	}
	t0, still := *rec.Start, k.noStrokeStill()
	for _, x := range log {
		if x.t > t0 && x.p.Dist(q) <= still {
			return x.t - t0
		}
	}
	return math.NaN()
}

// stayedAt is arrivedAt for a ball that stayed: the time from rec's stroke of
// the struck track's first detection from which on every one lies within
// noStrokeStill of q; NaN if none. (A ball struck through q, into a cushion
// and back to rest at q, was read away from q in between.)
func (k *Tracker) stayedAt(rec *shot.Shot, ball int, q table.Point) float64 {
	log, ok := k.struckLog(rec, ball)
	if !ok {
		return math.NaN()
	}
	t0, still, at := *rec.Start, k.noStrokeStill(), math.NaN()
	for j := len(log) - 1; j >= 0 && log[j].t > t0 && log[j].p.Dist(q) <= still; j-- {
		at = log[j].t - t0
	}
	return at
}

// struckLog is the shot's detections of the struck track when it holds ball
// and rec has a stroke.
func (k *Tracker) struckLog(rec *shot.Shot, ball int) ([]sample, bool) {
	if rec.Start == nil || k.strikeTr < 0 || k.strikeTr >= len(k.tracks) || k.tracks[k.strikeTr].ball != ball {
		return nil, false
	}
	return k.tracks[k.strikeTr].slog, true
}
