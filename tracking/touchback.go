package tracking

import (
	"github.com/cueref/cueref/shot"
	"github.com/cueref/cueref/table"
)

// dropTouchBack cancels the touches of track i, which has just come to rest,
// when it rests again where it stood as the touch began and none of its
// detections since came further than stayPutRoam from there, with no contact
// of it in between: the detector's centre jumped (a ball by a cushion is
// often seen some millimetres off) and came back; the ball never left. The
// check at the end of the shot (see endShot) misses this when the ball is hit
// for real later in the shot.
func (k *Tracker) dropTouchBack(i int) {
	tr := &k.tracks[i]
	if i == k.strikeTr || len(tr.slog) >= shotLogMax {
		return
	}
	for j := range k.events {
		e := &k.events[j]
		if e.cancel || e.kind != shot.Touch || e.a != i || e.still != i || tr.rest.Dist(e.stillAt) > 3*k.cfg.Sigma+1 {
			continue
		}
		if !k.stayedSince(i, e.t, e.stillAt) {
			continue
		}
		if k.trace != nil {
			k.trace("%.4f touch of track %d ball %d at %.4f dropped: it rests again where it stood", k.lastT, i, tr.ball, e.t)
		}
		e.cancel = true
	}
}

// stayedSince reports whether track i's detections from time t on all lie
// within stayPutRoam of at, but for lone stray ones (straylone.go), and no
// contact of it was told since t.
func (k *Tracker) stayedSince(i int, t float64, at table.Point) bool {
	for j := range k.events {
		if e := &k.events[j]; !e.cancel && e.kind == shot.Contact && (e.a == i || e.b == i) && e.t >= t {
			return false
		}
	}
	log := k.tracks[i].slog
	for j, s := range log {
		if s.t >= t && s.p.Dist(at) > stayPutRoam && !k.loneStray(log, j, at, stayPutRoam) {
			return false
		}
	}
	return true
}
