package tracking

import (
	"math"

	"github.com/cueref/cueref/shot"
)

// Kisses by a cushion: a contact and a cushion hit of the struck ball within
// a few frames of each other, next to the cushion.
//
// A ball struck next to a cushion reaches it within a frame or few and comes
// back off it, often into the ball that struck it (a re-kiss, rekiss.go). Told
// right, the shot holds the contact, the cushion hit and the second contact;
// the cushion hit is what keeps a legal shot from being called a no-cushion
// foul (rule 1.17). Two ways it went untold:
//
//   - A ball resting against a cushion, met by a slow ball whose line of
//     centres points into the cushion, cannot give way: the cushion holds it
//     and the striker bounces off it as off the cushion. The struck ball
//     moves a millimetre, below anything the nudge test (judgeNudge) sees,
//     and the striker's bend is a few hundred mm/s only. backedKiss tells
//     the contact from the striker's bend alone and derives the cushion hit
//     (frozenRail).
//   - A re-kiss told after the first contact was told late was taken for a
//     better-timed twin of it (twins.go) and dropped it, and with it the
//     cushion hit derived from it (see rekissAfter).

// Settings of the kisses by a cushion.
const (
	// backedGap (mm): a ball resting this near a cushion is held by it.
	backedGap = nudgeRailGap
	// backedCos is the least cosine between the line of centres and the
	// cushion's outward normal: driven that squarely into it, the struck ball
	// cannot roll away along it.
	backedCos = 0.5
	// backedBounce is the least part of the striker's closing speed along
	// the line of centres the contact must take away: a ball held by a
	// cushion sends it back as the cushion would (restitution well over one
	// half), where a pass that only curves near it loses little.
	backedBounce = 0.6
	// backedClear (mm): the striker itself this far off every cushion at the
	// contact (else its own cushion hit may have bent it).
	backedClear = 15.0
	// backedSig is the least push, in standard errors of the striker's fitted
	// change of velocity (fitted to passFit detections each side): the
	// geometry (a ball at touching distance held by a cushion, the line of
	// centres into it) already rules out most else that bends a path.
	backedSig = 4.0
)

// backedKiss tells the contact of close pass p of moving track p.a with track
// p.b at rest against a cushion (see the file's comment), and the cushion hit
// of p.b it drives, when p.a's detections show it: its way in reaches p.b's
// rest point, the line of centres points into the cushion, and its velocity
// along that line drops by most of its closing speed, well beyond the noise,
// with no other event of p.a told that explains it. It reports whether it told
// the contact, and whether it waits for more of p.a's detections after the
// pass (final: the shot ends, judge on what there is).
func (k *Tracker) backedKiss(p *pass, final bool) (told, wait bool) {
	rail, g := k.tab.NearestRail(p.at)
	if g > backedGap || math.IsInf(k.railGapAt(p.at), 1) || k.contactTold(p.a, p.b, p.t, nudgeTold) {
		return false, false
	}
	var buf [len(track{}.hist)]sample
	lo := math.Max(k.lastBend(p.a, p.first), p.first-float64(passFit+2)*k.dt)
	s := k.histAround(p.a, lo, math.Inf(1), buf[:])
	// The detection nearest the pass may lie either side of the contact.
	bx, _ := splitAt(s, p.t-0.5*k.dt)
	_, ax := splitAt(s, p.t+0.5*k.dt)
	if len(bx) < passMinIn+1 || len(ax) < 4 {
		return false, len(bx) > passMinIn && !final && k.lastT-p.t < float64(passFit+2)*k.dt
	}
	bx, ax = k.straight(bx, true), k.straight(ax, false)
	px, qx := fitLine(bx), fitLine(ax)
	pb := still(p.at, p.t)
	tc, gap, hit := firstWithin(&px, &pb, 2*k.R, p.first-3*k.dt, p.t+1.5*k.dt)
	if !hit && gap > 2*k.cfg.SigmaMoving+2 {
		return false, false // its way in does not reach the ball
	}
	n := p.at.Sub(px.at(tc))
	l := n.Len()
	if l == 0 {
		return false, false
	}
	n = n.Scale(1 / l)
	if n.Dot(railOut(rail)) < backedCos || k.railGapAt(px.at(tc)) < backedClear {
		return false, false
	}
	if len(ax) < passFit && !final && k.lastT-p.t < float64(passFit+2)*k.dt {
		return false, true // its way out fitted to passFit detections
	}
	closing := px.vel(tc).Dot(n)
	dv := qx.vel(tc).Sub(px.vel(tc))
	push := -dv.Dot(n)
	sig := k.cfg.SigmaMoving * math.Sqrt(1/spanVar(bx)+1/spanVar(ax))
	ok := closing > 0 && push >= math.Max(passMinDV, backedSig*sig) && push >= backedBounce*closing &&
		push >= passCos*dv.Len() && !k.bentNear(p.a, p.b, tc) && !k.contactTold(p.a, p.b, tc, nudgeTold)
	if k.trace != nil {
		k.trace("%.4f backed kiss tracks %d %d at %.4f: ball %.1f mm off the %s cushion, cos %.2f, closing %.0f push %.0f |Δv| %.0f (σ %.0f): %v",
			k.lastT, p.a, p.b, tc, g, rail, n.Dot(railOut(rail)), closing, push, dv.Len(), sig, ok)
	}
	if !ok {
		k.noteBacked(p.b, tc, g) // too faint to tell: maybe asked (backedDoubt)
		return false, false
	}
	e := k.contact(p.a, p.b, tc, &px, &pb, false)
	if e == nil {
		return true, false
	}
	e.byPass = true
	k.frozenRail(p.b, p.at, px.at(tc), px.vel(tc), tc, e.seq)
	return true, false
}

// rekissAfter reports whether new contact e, told as a re-kiss (rekiss.go),
// is the second of two contacts of its pair with told contact x: x came
// first, and a cushion hit of one of the two balls was told between them. The
// twin test (twins.go) must not drop x then, whatever the detections' gap at
// its time: a single contact does not send a ball into a cushion and back
// into the same ball, and x carries the cushion hit (pevent.after) that the
// shot's ruling may turn on (rendered bench, seed 12, 8-ball shot 25: a first
// contact told 60 ms late, dropped as a mistimed twin of the re-kiss, took
// the cushion hit with it: a legal safety called a no-cushion foul).
func (k *Tracker) rekissAfter(x, e *pevent) bool {
	if !k.rekissing || x.t >= e.t {
		return false
	}
	for i := range k.events {
		r := &k.events[i]
		if r.kind == shot.RailHit && !r.cancel && (r.a == e.a || r.a == e.b) && r.t > x.t && r.t < e.t {
			return true
		}
	}
	return false
}

// backedPass is a ball held by a cushion (track tr, gap mm off it) that a
// moving ball passed at touching distance of at t, its line of centres into
// the cushion, without a bend that told the contact (backedKiss).
type backedPass struct {
	tr     int
	t, gap float64
}

// noteBacked notes a backedPass of track i (once per pass).
func (k *Tracker) noteBacked(i int, t, gap float64) {
	for _, b := range k.backedNear {
		if b.tr == i && math.Abs(b.t-t) < nudgeTold {
			return
		}
	}
	k.backedNear = append(k.backedNear, backedPass{tr: i, t: t, gap: gap})
}

// backedDoubt returns the track of the ball held by a cushion nearest it
// that a ball passed at touching distance of at or after t (backedPass), and
// its gap to the cushion; −1 when none. The camera cannot tell a touch that
// barely bends the striker from a pass a millimetre clear, and the touch
// drives the held ball into the cushion: railDoubt asks a person when the
// shot's ruling turns on that cushion hit (rule 1.17).
func (k *Tracker) backedDoubt(t float64) (int, float64) {
	best, gap := -1, math.Inf(1)
	for _, b := range k.backedNear {
		if tr := &k.tracks[b.tr]; b.t >= t && tr.used && tr.confirmed && b.gap < gap {
			best, gap = b.tr, b.gap
		}
	}
	return best, gap
}
