package tracking

import (
	"math"

	"github.com/cueref/cueref/table"
)

// comeback is the detector's case for a ball the tracker has as gone (pocketed
// or off the table) being on the table again: a run of detections naming it at
// one place. A ball at rest on the bed is detected nearly every frame; a stray
// blob (a hand, a reflection, a jaw's shadow) that the detector now and then
// reads as the gone ball's number is read in a frame here and there. Taking
// the number on one such read made a phantom of a pocketed ball that later
// followed unnamed detections into a pocket and was told pocketed again.
type comeback struct {
	at          table.Point // where the run of reads is
	first, last float64     // times of its first and latest read
	reads       int
}

const (
	// comebackReads is how many reads of a gone ball's number at one place
	// bring it back.
	comebackReads = 5
	// comebackFill is the share of the frames since the run's first read that
	// must have read it: a ball on the table is seen in nearly all of them.
	comebackFill = 0.7
	// comebackGap (s) ends a run: reads further apart are not one ball seen.
	comebackGap = 0.1
	// comebackSure is the confidence of a read that brings a gone ball back
	// at once: the stray reads seen were at 0.34 to 0.55.
	comebackSure = 0.6
)

// readBack records a detection o at t naming the ball of track tr, and reports
// whether the ball may take its track back: at once when the track is not
// gone (long unseen), was lifted, is the cue ball's (put back by hand after a
// scratch), or the read is clear (a ball racked among others is read now and
// then, but clearly); else, for a weak read like a stray blob's, once the
// detector has kept reading the number at one place on the bed over several
// frames. A ball wrongly taken for gone still comes back, a few frames later.
func (k *Tracker) readBack(tr *track, t float64, o *Obs) bool {
	if !tr.gone || tr.lifted || tr.ball == 0 {
		return true // taken off or (the cue ball after a scratch) put back by hand
	}
	if o.Confidence >= comebackSure {
		return true // a clear read (comebackSure)
	}
	if !k.tab.OnBed(o.At) {
		return false
	}
	c := &tr.comeback
	if c.reads == 0 || t-c.last > comebackGap+0.5/k.cfg.FPS || o.At.Dist(c.at) > k.R {
		*c = comeback{at: o.At, first: t, last: t, reads: 1}
	} else {
		c.reads++
		c.last = t
		c.at = o.At
	}
	frames := math.Round((t-c.first)*k.cfg.FPS) + 1
	if c.reads < comebackReads || float64(c.reads) < comebackFill*frames {
		if k.trace != nil {
			k.trace("%.4f comeback ball %d at %v: %d reads in %.0f frames", t, tr.ball, o.At, c.reads, frames)
		}
		return false
	}
	*c = comeback{}
	return true
}

// downBalls returns, for each ball, the track (+1; 0 none) that holds it while
// gone from the table (pocketed or off it, not lifted by hand): see mayTake.
func (k *Tracker) downBalls() (down [16]int) {
	for i := range k.tracks {
		// (Not the cue ball: it comes back by hand after a scratch.)
		if tr := &k.tracks[i]; tr.used && tr.confirmed && tr.gone && !tr.lifted && tr.ball > 0 {
			down[tr.ball] = i + 1
		}
	}
	return down
}

// mayTake reports whether resolveIDs may give track i ball b, where down is
// downBalls: another track's ball that is gone from the table passes to it only
// when its recent detections keep reading that number (readsAs), not on the
// votes of a few stray reads, which would bring a pocketed ball back as a
// phantom.
func (k *Tracker) mayTake(i, b int, down *[16]int) bool {
	d := down[b]
	return d == 0 || d-1 == i || readsAs(&k.tracks[i]) == b
}
