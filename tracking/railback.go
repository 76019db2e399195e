package tracking

import "github.com/cueref/cueref/shot"

// A detector's centre for a ball resting by a cushion may land on the cushion
// line for a frame or two and come back (the cushion's edge and shadow merge
// with the ball's outline). The tracker takes that for a start, a bounce off
// the cushion and a return: a cushion hit of a ball that never moved. A ball
// that truly left its place for the cushion does not come back, untouched, to
// the very point it left, and sit there. dropTouchBack drops the touch of such
// a start (a ball at rest at the stroke) and dropStayPut drops both as the
// shot ends, but only for a ball that stayed put the whole shot; this one may
// move for real before or after (a ball that rolled to rest by the cushion,
// one struck later in the shot).

// dropRailBack cancels the cushion hits told for track i since it last left
// rest, now that it has come to rest again where it stood then (see above).
func (k *Tracker) dropRailBack(i int) {
	tr := &k.tracks[i]
	if tr.rest.Dist(tr.from) > 3*k.cfg.Sigma+1 {
		return
	}
	k.cancelRailBack(i, k.lastT+1)
}

// railBackHome cancels them as soon as moving track i's last railBackHomeN
// detections lie back where it left rest, within the noise of a ball at rest,
// and show no speed: a ball struck soon after (before it could be seen to
// rest) is still one that never moved, while one that rolls back through its
// old spot after a true hit shows its speed there.
func (k *Tracker) railBackHome(i int) {
	tr := &k.tracks[i]
	if !tr.fromRest || tr.nh < railBackHomeN || k.phase != inShot {
		return
	}
	tol := 3*k.cfg.Sigma + 1
	var w [railBackHomeN]sample
	for j := 1; j <= railBackHomeN; j++ {
		s := tr.hist[(tr.nh-j)%len(tr.hist)]
		if s.t < tr.startT || s.p.Dist(tr.from) > tol {
			return
		}
		w[railBackHomeN-j] = s
	}
	// Still there, not rolling back through the spot (a ball struck into
	// the cushion by a contact the tracker missed).
	if l := fitLine(w[:]); l.b.Len() > restSpeed {
		return
	}
	k.cancelRailBack(i, w[0].t)
}

// cancelRailBack cancels track i's cushion hits from its last start from rest
// up to time before, if none of its detections since came further than
// stayPutRoam from where it left rest (but lone stray ones) and no ball met
// it.
func (k *Tracker) cancelRailBack(i int, before float64) {
	tr := &k.tracks[i]
	if !tr.fromRest || len(tr.slog) >= shotLogMax {
		return
	}
	// The cue ball's start at the stroke is no misread, whatever it came
	// back to.
	if i == k.strikeTr && tr.startT <= k.strikeT+railBackStroke {
		return
	}
	told := false
	for j := range k.events {
		e := &k.events[j]
		if !e.cancel && e.kind == shot.RailHit && e.a == i && e.t >= tr.startT-k.dt && e.t < before {
			told = true
			break
		}
	}
	if !told || !k.stayedSince(i, tr.startT, tr.from) {
		return
	}
	for j := range k.events {
		e := &k.events[j]
		if e.cancel || e.kind != shot.RailHit || e.a != i || e.t < tr.startT-k.dt || e.t >= before {
			continue
		}
		if k.trace != nil {
			k.trace("%.4f rail of track %d ball %d at %.4f dropped: it is back where it left rest at %.4f", k.lastT, i, tr.ball, e.t, tr.startT)
		}
		e.cancel = true
	}
}

// railBackStroke (s): a start of the cue ball this soon after the stroke is
// the stroke's. railBackHomeN: detections in a row back where a ball left
// rest that show it never left.
const (
	railBackStroke = 0.1
	railBackHomeN  = 6
)
