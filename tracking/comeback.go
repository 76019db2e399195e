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
	pts         [scatterReads]sample // the latest reads, a ring
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
	// at once: the stray reads seen were at 0.34 to 0.55, and a player's hand
	// on the bed was read as a pocketed ball at 0.64 (rendered 8-ball at
	// 120 fps, see TestRackedBallComesBack).
	comebackSure = 0.7
	// takeSure is the confidence of a read that lets a track on the table
	// take a gone ball's number (mayTake): stray blobs by the pockets and
	// cushions were read as pocketed balls at up to 0.71 in the rendered
	// footage (seed 2: 9-ball at 27.8 s, 14.1 at 142.5 s, both "8"), where
	// a ball read at all is mostly read at 0.8 to 1.
	takeSure = 0.8
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
	if !k.tab.OnBed(o.At) && o.At.Dist(tr.last.p) > jawSpot {
		// Its centre past a cushion's nose line: in a pocket's mouth,
		// where no hand puts a ball back, and not where this one went
		// (a ball hanging on the lip, taken for gone: see jawhang.go).
		// A blob there (a bridge hand on the rail by a side pocket, read
		// as a ball pocketed there long before) is no ball back.
		return false
	}
	if o.Confidence >= comebackSure {
		return true // a clear read (comebackSure)
	}
	if !k.tab.OnBed(o.At) {
		return false
	}
	c := &tr.comeback
	if c.reads == 0 || t-c.last > comebackGap+0.5/k.cfg.FPS || o.At.Dist(c.at) > k.R {
		*c = comeback{at: o.At, first: t, last: t}
	}
	c.pts[c.reads%scatterReads] = sample{t, o.At}
	if c.reads > 0 {
		c.last = t
		c.at = o.At
	}
	c.reads++
	frames := math.Round((t-c.first)*k.cfg.FPS) + 1
	if c.reads < comebackReads || float64(c.reads) < comebackFill*frames {
		if k.trace != nil {
			k.trace("%.4f comeback ball %d at %v: %d reads in %.0f frames", t, tr.ball, o.At, c.reads, frames)
		}
		return false
	}
	if n := min(c.reads, scatterReads); scattered(c.pts[:n], comebackScatter) {
		if k.trace != nil {
			k.trace("%.4f comeback ball %d at %v: reads scattered", t, tr.ball, o.At)
		}
		return false
	}
	*c = comeback{}
	return true
}

// scatterReads is how many of the latest reads scattered looks at.
const scatterReads = 8

// comebackScatter (mm) is the most the reads that bring a gone ball back may
// scatter about a straight line (RMS): a ball at rest or rolling is read
// along one; a stray blob jumps about. On the rendered bench every ball that
// came back was read within 1.7 mm of a line; a "black 8" in the head-left
// corner's shade, the 8 pocketed in the foot-left corner earlier in the
// rack, 5.8 mm off one (seed 76, 10-ball shots 51-52: brought back, it was
// told pocketed again).
const comebackScatter = 4.0

// scattered reports whether reads ss scatter about the straight line fitted
// to them by more than rms mm. They may come in any order (a ring): a least
// squares fit does not depend on it.
func scattered(ss []sample, rms float64) bool {
	if len(ss) < 3 {
		return false
	}
	f := fitLine(ss)
	var sum float64
	for _, x := range ss {
		d := x.p.Sub(f.at(x.t))
		sum += d.Dot(d)
	}
	return sum > rms*rms*float64(len(ss))
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

// sureRead is the number a track's latest sure read named (see noteRead).
type sureRead struct {
	ball int     // the ball +1 (0 none)
	t    float64 // the frame of the read
}

// noteRead keeps a detection o of track tr that reads its number surely
// (takeSure; a confidence of 0 is taken as 1), for mayTake. Not one whose
// centre lies past a cushion's nose line, where no ball on the bed is: a
// dark sleeve on the rail read as the eight, pocketed long before, at 0.93
// to 1 (rendered 10-ball, seed 76, shot 47, by the right side pocket; seed
// 77, shot 64, by the left one), gave an unnamed track the eight's number,
// and the track, going on into the side pocket's mouth, was told pocketed.
func (k *Tracker) noteRead(tr *track, o *Obs) {
	if o.Ball >= 0 && classFits(o) && (o.Confidence == 0 || o.Confidence >= takeSure) && k.tab.OnBed(o.At) {
		tr.sure = sureRead{ball: o.Ball + 1, t: k.lastT}
	}
}

// mayTake reports whether resolveIDs may give track i ball b, where down is
// downBalls: another track's ball that is gone from the table passes to it only
// when its recent detections keep reading that number (readsAs), or its
// detection in this frame reads it surely (takeSure); not on the votes of a
// few weak reads, which would bring a pocketed ball back as a phantom. A ball
// put back among others (re-racked, spotted against a ball) is read seldom:
// at 30 fps the detector finds a racked ball in a third of the frames, and
// readsAs counts detections, not time: the six or so reads it needs take most
// of a second, longer than a rack may stand before the break (cueref bench
// --no-render --fps 30). Its track, formed on the spot from its first
// detections, then takes the number on the votes of a few sure reads, as
// readBack takes a ball back on one clear read of its own.
func (k *Tracker) mayTake(i, b int, down *[16]int) bool {
	d := down[b]
	tr := &k.tracks[i]
	if b == 0 && k.restNotCue(i) { // restnotcue.go
		return false
	}
	if d-1 == i || readsAs(tr) == b {
		return true
	}
	if k.offAtStroke(i, b, d) {
		return false // downshot.go
	}
	return d == 0 || tr.sure.ball == b+1 && tr.sure.t == k.lastT
}
