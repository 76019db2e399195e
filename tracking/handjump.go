package tracking

import (
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
	if rec.Start == nil || k.strikeTr < 0 || k.strikeTr >= len(k.tracks) || k.tracks[k.strikeTr].ball != ball {
		return false
	}
	t0, still := *rec.Start, k.noStrokeStill()
	for _, x := range k.tracks[k.strikeTr].slog {
		if x.t <= t0 || x.p.Dist(q) > still {
			continue
		}
		dt := x.t - t0
		return 2*d/(dt*dt) > noStrokeDecel*k.cfg.SlideDecel
	}
	return false
}
