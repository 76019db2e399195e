package tracking

import (
	"math"

	"github.com/cueref/cueref/table"
)

// Soft passes: slow meetings of two moving balls.
//
// judgeMovingFrom asks each ball of a close pass to change its velocity by
// passMinDV and the push along the line of centres to stand passSig standard
// errors clear of the noise. A slow ball rolling into another slow one (a ball
// coming back off a cushion into the one that sent it there, a cue ball
// drifting into an object ball) changes them by 40–70 mm/s only, and the
// fitted velocities' noise is about 30 mm/s: the pass is turned down and the
// contact missed. But the ways in themselves tell: if both balls had gone on
// along them they would have run into each other, well beyond the noise of
// their ends. Balls that pass close by without touching do not; so when the
// ways in overlap that far, a weaker change — still equal and opposite along
// the line of centres — is enough.
const (
	// softMinDV (mm/s) is the least change of velocity each ball must show.
	softMinDV = 40.0
	// softSig is the least push along the line of centres in standard errors.
	softSig = 2.2
	// softTold (s): a contact of the pair told this near the pass is the
	// same one (a slow meeting's time is uncertain by tens of milliseconds).
	softTold = 0.15
	// softMaxSpeed (mm/s): a ball of the pass faster than this is left to
	// judgeMovingFrom. A fast ball's detections are blurred, so a change of
	// 40–70 mm/s is within its fit's noise, and a glancing hit is timed only
	// to a few milliseconds from the straight ways in.
	softMaxSpeed = 1000.0
)

// softDepth (mm) is how far the ways in must overlap (each ball's fitted end
// is uncertain by about 2σ).
func (k *Tracker) softDepth() float64 { return 2*k.cfg.SigmaMoving + 1 }

// softPass reports whether close pass p of two moving balls, whose straight
// ways in pa and pb first came to touching distance at tc (n: the line of
// centres then, from a to b) and whose ways out are qa and qb (the changes'
// standard errors sigA, sigB), was a contact although the changes are too
// small for judgeMovingFrom: the ways in overlap by softDepth at least. It
// returns the contact's time too: at a closing speed of tens of mm/s the ways
// in reach touching distance only to within tens of milliseconds, so it is
// the mean of that time and the one where both paths bend (the ways in and out
// nearest each other).
func (k *Tracker) softPass(p *pass, tc float64, pa, pb, qa, qb *path, n table.Point, sigA, sigB float64) (float64, bool) {
	dva, dvb := qa.vel(tc).Sub(pa.vel(tc)), qb.vel(tc).Sub(pb.vel(tc))
	la, lb := dva.Len(), dvb.Len()
	if la < softMinDV || lb < softMinDV || pa.vel(tc).Len() > softMaxSpeed || pb.vel(tc).Len() > softMaxSpeed {
		return tc, false
	}
	sig := math.Hypot(sigA, sigB)
	push := (dvb.Dot(n) - dva.Dot(n)) / 2
	if push < softSig*sig/2 || dva.Dot(n) > -passCos*la || dvb.Dot(n) < passCos*lb ||
		dva.Add(dvb).Len() > passMomentum*(la+lb)+2*sig {
		return tc, false
	}
	// How near the ways in, gone on unchanged, came to each other.
	_, miss, _ := firstWithin(pa, pb, 0, tc, tc+passAfter)
	depth := 2*k.R - miss
	ok := depth >= k.softDepth() && !k.contactTold(p.a, p.b, tc, softTold)
	bend, best := tc, math.Inf(1)
	for t := tc - 4*k.dt; t <= tc+4*k.dt; t += gridStep {
		ga, gb := qa.at(t).Sub(pa.at(t)), qb.at(t).Sub(pb.at(t))
		if g := ga.Dot(ga) + gb.Dot(gb); g < best {
			bend, best = t, g
		}
	}
	if k.trace != nil {
		k.trace("%.4f soft pass tracks %d %d at %.4f (bend %.4f): Δv %.0f %.0f push %.0f (σ %.0f), ways in overlap %.1f mm: %v",
			k.lastT, p.a, p.b, tc, bend, la, lb, push, sig/2, depth, ok)
	}
	return (tc + bend) / 2, ok
}
