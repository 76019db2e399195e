package tracking

import (
	"github.com/cueref/cueref/shot"
	"github.com/cueref/cueref/table"
)

// Weak touches that come back. A ball that starts with no cause seen and not
// clearly enough for a foul (weakTouch: another ball some way off, a gap in
// its detections, a number in doubt) is a doubt for a person. On the rendered
// seeds 15–20 these were 25 of the 144 needless reviews, and in a good part
// of them the "start" was the detector's centre jumping (a ball by a cushion,
// a ball a passing one shadows) and coming back: the ball rests again where
// it stood, a fraction of a second later, and is hit for real later in the
// shot or "starts" again the same way (seed 20 14.1: ball 14, frozen to the
// foot cushion, started three times from (2510.7, 190.3) and rested there
// again each time; 10-ball: ball 6 by the right cushion, twice). A clear
// touch that comes back is dropped as the ball comes to rest (touchback.go);
// the end of the shot drops a weak one only when the ball never left its
// place at all (stilltouch.go). This drops it at the rest, on the same
// evidence as touchback.go: it rests again within the detector's noise of
// where it stood as the start began (3σ + 1 mm), none of its detections since
// came further than stayPutRoam from there, and no contact of it was told
// since. A touch moves a ball; it does not bring it back.
//
// Each weak touch is a doubt of its own, judged with its own readings
// (touchReader, wrapped by stillTouch) as the shot ends, rather than the
// shot's one raised doubt (raise), which hid every later one and was then
// always asked: two weak starts of one ball (seed 16 10-ball, ball 6) were
// asked although the ball never left its place.

// weakStart is a weak touch not told (weakTouch in events.go), kept to be
// judged at the end of the shot unless the ball comes back.
type weakStart struct {
	why  string
	tr   int
	t    float64     // when it started (absolute)
	at   table.Point // where it stood as the start began
	read func(*shot.Shot) []*shot.Shot
	back bool // it rested again where it stood: no doubt
}

// addWeak keeps the weak touch of start c, why, with its other readings read.
func (k *Tracker) addWeak(c *change, why string, read func(*shot.Shot) []*shot.Shot) {
	k.weak = append(k.weak, weakStart{why: why, tr: c.tr, t: c.t, at: c.in.a, read: read})
}

// dropWeakBack drops the weak touches of track i, which has just come to
// rest, when it rests again where it stood as the start began and stayed
// near there since (stayedSince, touchback.go).
func (k *Tracker) dropWeakBack(i int) {
	tr := &k.tracks[i]
	if i == k.strikeTr || len(tr.slog) >= shotLogMax {
		return
	}
	for j := range k.weak {
		w := &k.weak[j]
		if w.back || w.tr != i {
			continue
		}
		if tr.rest.Dist(w.at) > 3*k.cfg.Sigma+1 || !k.stayedSince(i, w.t, w.at) {
			continue
		}
		if k.trace != nil {
			k.trace("%.4f weak touch of track %d ball %d at %.4f dropped: it rests again where it stood (%.1f, %.1f)", k.lastT, i, tr.ball, w.t, w.at.X, w.at.Y)
		}
		w.back = true
	}
}

// weakBackSince marks the weak touches of track i raised at its starts from
// t on as come back: the start was none, the ball never left (flithome.go).
// Rendered 10-ball, seed 33, shots 1 and 2: balls 3 and 6, 10 mm off the
// foot cushion and never moving, read up to 18 mm off their rest points;
// flithome.go put them back at rest each time, but the weak touches of
// those starts stayed, and both shots were asked "ball 3 started with
// ball 6 154 mm away: a contact or a touch".
func (k *Tracker) weakBackSince(i int, t float64) {
	for j := range k.weak {
		if w := &k.weak[j]; w.tr == i && w.t >= t {
			w.back = true
		}
	}
}

// weakWhy returns the reason of the first weak touch of the shot that may
// change its ruling, or "": one that came back is none, and one whose
// readings the judge finds alike is not asked.
func (k *Tracker) weakWhy(rec *shot.Shot) string {
	for _, w := range k.weak {
		if w.back {
			continue
		}
		var alts []*shot.Shot
		if w.read != nil {
			alts = w.read(rec)
		}
		if !k.needless(w.why, rec, alts) {
			return w.why
		}
	}
	return ""
}
