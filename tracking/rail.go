package tracking

import (
	"fmt"
	"math"
	"slices"

	"github.com/cueref/cueref/shot"
	"github.com/cueref/cueref/table"
)

// contactRail adds the cushion hit of moving track i just after a contact at tc
// (its path in p, the other ball's o): a ball next to a cushion that a contact
// turns into it reaches it a frame or two later, too soon for its path to show
// the bounce. Its way out is the ideal one of equal balls: the part of the
// closing velocity along the line of centres is handed over (restitution
// contactE).
func (k *Tracker) contactRail(i int, p, o *path, tc float64, seq int) {
	for _, h := range k.contactRailHits(p, o, tc) {
		if k.trace != nil {
			k.trace("%.4f contact rail track %d %s at %.4f (gap %.1f mm, %.0f mm/s)", k.lastT, i, h.rail, h.t, h.gap, h.v)
		}
		k.addEvent(pevent{t: h.t, kind: shot.RailHit, a: i, rail: h.rail, at: h.at, hasAt: true, after: seq, off: h.t - tc, far: h.gap > contactRailGap})
	}
}

// ballSpeedMax (mm/s): no ball goes faster (a break's cue ball, 11 m/s). A
// path faster than this is not a ball's, and a contact's model of it
// foresees nothing: camera model at 30 fps, seed 7, 14.1 shot 32, a safety
// into the rack, the 14's path through a swap ran at 37 m/s and a cushion
// hit 407 mm off was told from it, the no_rail foul missed, unasked.
const ballSpeedMax = 12000.0

// railAt is a cushion hit a contact's model foresees: on rail at t, where
// the ball touches its nose, from gap (mm) off it at v (mm/s) into it.
type railAt struct {
	rail   table.Rail
	t      float64
	at     table.Point
	gap, v float64
}

// contactRailHits returns the cushion hits contactRail tells for a ball on
// path p at a contact at tc with the ball on path o.
func (k *Tracker) contactRailHits(p, o *path, tc float64) []railAt {
	pa, pb := p.at(tc), o.at(tc)
	n := pb.Sub(pa)
	l := n.Len()
	if l == 0 {
		return nil
	}
	n = n.Scale(1 / l)
	v := p.vel(tc)
	vc := v.Sub(o.vel(tc)).Dot(n)
	if vc <= 0 || v.Len() > ballSpeedMax || o.vel(tc).Len() > ballSpeedMax {
		return nil // (faster than any ball: a path across a swap or a false read)
	}
	out := v.Sub(n.Scale((1 + contactE) / 2 * vc))
	var hits []railAt
	for _, rail := range table.Rails {
		gap := k.tab.RailDistance(pa, rail)
		vn := out.Dot(railOut(rail))
		if vn < 50 || gap > math.Max(contactRailGap, contactRailFrames*vn*k.dt) {
			continue
		}
		dt := math.Max(0, gap) / vn
		if dt > contactRailTime {
			continue // late enough for its path to show the bounce
		}
		at := k.tab.Clamp(pa.Add(out.Scale(dt))).Add(railOut(rail).Scale(k.R))
		if k.inMouth(at) {
			continue // a jaw, not the cushion line
		}
		hits = append(hits, railAt{rail: rail, t: tc + dt, at: at, gap: gap, v: vn})
	}
	return hits
}

// inMouth reports whether a point on a cushion's nose line lies in a pocket's
// mouth (nearer its centre than its jaw points): no cushion there, only the
// jaws.
func (k *Tracker) inMouth(at table.Point) bool {
	return k.inMouthBy(at, 2)
}

// inMouthBy reports whether a point on a cushion's nose line lies in a
// pocket's mouth or within margin (mm) of it along the cushion: nearer the
// pocket's centre than its jaw points are, plus margin.
func (k *Tracker) inMouthBy(at table.Point, margin float64) bool {
	pk, d := k.tab.NearestPocket(at)
	return d < math.Max(pk.Jaws[0].Dist(pk.Center), pk.Jaws[1].Dist(pk.Center))+margin
}

// nearMouth reports whether a ball at p by a cushion of rail would touch its
// nose line in a pocket's mouth or within mouthMargin of a jaw point: a jaw
// there, its facing angled away from the cushion line, not the cushion.
func (k *Tracker) nearMouth(p table.Point, rail table.Rail) bool {
	return k.inMouthBy(k.tab.Clamp(p).Add(railOut(rail).Scale(k.R)), mouthMargin)
}

// mouthMargin (mm) is how far along the cushion from a jaw point a bounce is
// taken for the jaw's: the position error of a ball at speed.
const mouthMargin = 8.0

// mouthDeep (mm): a bend whose cushion point lies this far inside a pocket's
// opening (from the half width about its centre), past the position error of
// a slow ball by the jaws, where no jaw explains it, is told a cushion hit
// only if the ball does not then drop into that pocket (see dropMouthBends).
const mouthDeep = 15.0

// dropMouthBends cancels the cushion hits told for bends deep in a pocket's
// opening (pevent.deepIn) of balls that then dropped into that pocket: where
// the cushion line crosses the opening there is no cushion, and the bend was
// the ball's way over the shelf. Rendered seed 54, 10-ball shot 22: the cue
// ball rolled slowly along the left cushion into the side pocket, and two
// bends 12 and 15 mm from the pocket's centre line were told as hits of the
// left cushion, losing a no-rail foul (rule 1.17). A ball that bounces back
// out of the opening keeps its hit: it met a jaw's tip, its place read a
// few centimetres in (no-render seed 1 at 120 fps, 14.1 shot 334: the 2 off
// the side pocket's jaw, read 25 mm inside it); so does one whose bend lies
// within a ball's radius of a jaw point (clearOfJaws), a jaw's facing met on
// the way in (rendered seed 68, 8-ball shot 2: the 7 off the right
// cushion's jaw into the foot-right corner pocket).
func (k *Tracker) dropMouthBends() {
	for i := range k.events {
		e := &k.events[i]
		if e.cancel || e.kind != shot.RailHit || e.deepIn == "" {
			continue
		}
		if k.wayIntoPocket(e) {
			if k.trace != nil {
				k.trace("%.4f mouth bend: track %d's %s cushion hit at %.4f, deep in %s's opening, was its way into it", k.lastT, e.a, e.rail, e.t, e.deepIn)
			}
			e.cancel = true
		}
		if !e.cancel && e.hasAt && k.restsIn(e.a, e.deepIn, e.rail, e.t) && k.clearOfJaws(e.at, e.deepIn) {
			if k.trace != nil {
				k.trace("%.4f mouth bend: track %d's %s cushion hit at %.4f, deep in %s's opening, was its stop there", k.lastT, e.a, e.rail, e.t, e.deepIn)
			}
			e.cancel = true
		}
	}
}

// wayIntoPocket reports whether rail event e, deep in a pocket's opening, was
// its ball's way into that pocket: the ball was told pocketed there after it,
// and its cushion point lies clear of the jaw points.
func (k *Tracker) wayIntoPocket(e *pevent) bool {
	if e.kind != shot.RailHit || e.deepIn == "" || e.hasAt && !k.clearOfJaws(e.at, e.deepIn) {
		return false
	}
	for j := range k.events {
		o := &k.events[j]
		if !o.cancel && o.kind == shot.Pocketed && o.a == e.a && o.pocket == e.deepIn && o.t > e.t {
			return true
		}
	}
	return false
}

// restsIn reports whether track i came to rest after t, and rests, in the
// opening of pocket id, beyond the nose line of rail's cushion. A ball that
// rolls slowly into a pocket's opening and stops there, on the shelf short of
// the hole, bends its path as it stops: no cushion there, and, its bend more
// than a ball's radius from both jaw points (clearOfJaws), no jaw tip either.
// (Nearer, it may have clipped one on its way in: no-render seed 1 at 120
// fps, 14.1 shot 334, the 2 touched the side pocket's jaw tip at 12 mm/s and
// stopped on the shelf, its bend read 25 mm inside the opening.)
// No-render seed 7, 14.1 shot 312 (stroke at 1990.42 s): the 8, called in
// the foot-right corner, rolled into its opening at 60 mm/s and stopped 24
// mm from the mouth's centre; its stop was told a hit of the foot cushion,
// a legal shot for a no-rail foul (rule 1.17), unflagged.
func (k *Tracker) restsIn(i int, id table.PocketID, rail table.Rail, t float64) bool {
	tr := &k.tracks[i]
	if !tr.used || tr.gone || tr.moving || tr.restT <= t {
		return false
	}
	pk, d := k.tab.NearestPocket(tr.rest)
	return pk.ID == id && d < pk.Width/2 && k.tab.RailDistance(tr.rest, rail) < 0
}

// clearOfJaws reports whether cushion point at lies farther than a ball's
// radius and mouthMargin from both jaw points of pocket id: no ball touching
// a jaw tip bends its path there.
func (k *Tracker) clearOfJaws(at table.Point, id table.PocketID) bool {
	for _, pk := range k.tab.Pockets() {
		if pk.ID == id {
			return at.Dist(pk.Jaws[0]) > k.R+mouthMargin && at.Dist(pk.Jaws[1]) > k.R+mouthMargin
		}
	}
	return false
}

// frozenRail adds the cushion contact of a ball at rest against or near a
// cushion that was hit into it: the cushion pushes it straight back, with no
// bounce to see (frozen), or a frame or two later, too soon for its path to show
// the bounce. A struck ball leaves along the line of centres at about the
// striker's speed along it.
func (k *Tracker) frozenRail(i int, rest, striker, vs table.Point, tc float64, seq int) {
	var tips []railAt
	hits := k.frozenRailHits(rest, striker, vs, tc, k.tracks[i].moving, tc-k.tracks[i].restT, frozenDrive, &tips)
	for _, h := range tips {
		k.jawTips = append(k.jawTips, jawTip{tr: i, hit: h, seq: seq}) // jawtip.go
	}
	for _, h := range k.bouncedOff(i, rest, striker, tc, hits) {
		if k.trace != nil {
			k.trace("%.4f frozen rail track %d %s at %.4f (gap %.1f mm, %.0f mm/s)", k.lastT, i, h.rail, h.t, h.gap, h.v)
		}
		k.addEvent(pevent{t: h.t, kind: shot.RailHit, a: i, rail: h.rail, at: h.at, hasAt: true, after: seq, off: h.t - tc})
	}
}

// frozenRailHits returns the cushion hits frozenRail tells for a ball at
// rest at rest, struck at tc by a ball at striker moving at vs; seen says
// the struck ball was seen to move, rested how long it had rested before tc.
// Those it leaves out as a jaw's, at a jaw point (jawtip.go), it adds to
// tips, when tips is not nil.
// A ball near a cushion, not frozen to it, is driven into it when the line of
// centres heads into it by at least minDrive (the cosine from the cushion's
// normal): frozenDrive for a hit told from the contact alone, glanceDrive
// for a provisional one, which its path (veeTest) confirms or not.
func (k *Tracker) frozenRailHits(rest, striker, vs table.Point, tc float64, seen bool, rested, minDrive float64, tips *[]railAt) []railAt {
	n := rest.Sub(striker)
	if l := n.Len(); l > 0 {
		n = n.Scale(1 / l)
	}
	vb := 0.975 * vs.Dot(n)
	// How late after the contact it may meet the cushion for its path not to
	// show the bounce: a few frames (frozenLate); longer while it has not been seen to move
	// at all (struck into a cushion near it, it came back to where it rested
	// before two detections showed it away).
	late := math.Max(3*k.dt, math.Min(frozenLate, 5*k.dt))
	if !seen {
		late = frozenUnseen
	}
	var hits []railAt
	for _, rail := range table.Rails {
		gap := k.tab.RailDistance(rest, rail)
		if gap > nearRail {
			continue
		}
		var out table.Point // towards the cushion
		switch rail {
		case table.Head:
			out = table.Point{X: -1}
		case table.Foot:
			out = table.Point{X: 1}
		case table.Left:
			out = table.Point{Y: -1}
		case table.Right:
			out = table.Point{Y: 1}
		}
		if n.Dot(out) < 0.05 {
			continue
		}
		t := tc + 1e-4
		at := rest.Add(out.Scale(k.R))
		// How far it runs along n before it meets the cushion: a ball frozen
		// to it meets it at once, unless driven along it at a glancing angle.
		run := math.Max(0, gap-table.FrozenTolerance) / n.Dot(out)
		if gap > table.FrozenTolerance+2*k.cfg.Sigma || run > 5 {
			// Not frozen: it touches when it has closed the whole gap (its
			// surface reaches the nose), not the frozen tolerance short of it.
			run = math.Max(0, gap) / n.Dot(out)
			// Near, not frozen: it gets there along n.
			if vb < 100 || gap > table.FrozenTolerance+2*k.cfg.Sigma && n.Dot(out) < minDrive {
				continue
			}
			if run/vb > late {
				continue // late enough for its path to show the bounce
			}
			t = tc + run/vb
			at = k.tab.Clamp(rest.Add(n.Scale(run))).Add(out.Scale(k.R))
			if k.inMouth(at) {
				if tips != nil && !k.inMouthBy(at, -jawTipBand) {
					*tips = append(*tips, railAt{rail: rail, t: t, at: at, gap: gap, v: vb})
				}
				continue // a jaw, not the cushion line
			}
		} else if gap > 0 && vb > 0 && rested >= restSure {
			// Frozen or nearly: its rest, the mean of many detections of a
			// ball still for a while, puts it gap off the cushion, and it
			// meets it once it has closed that (a struck ball slowly nosing a
			// cushion 3 mm off meets it some 80 ms after the contact, not at
			// it).
			t = tc + math.Min(late, gap/n.Dot(out)/vb)
		}
		hits = append(hits, railAt{rail: rail, t: t, at: at, gap: gap, v: vb})
	}
	return hits
}

// restSure (s) is how long a ball must have rested before a contact for
// frozenRail to time its cushion hit by the gap its rest leaves: the rest of a
// ball that has only just crept to a stop is the mean of a creep.
const restSure = 0.25

// frozenUnseen (s) is how long after a contact frozenRail tells the cushion hit
// of a struck ball that has not been seen to move.
const frozenUnseen = 0.12

// frozenLate (s) is how long after a contact, at least (but no more than five
// frames), frozenRail tells the cushion hit of a struck ball seen moving: a
// ball resting some millimetres off a cushion, driven into it at a shallow
// angle, meets it four or five frames (at 60 fps) after the contact, with two
// or three detections in between: too few for its path to show the bounce.
const frozenLate = 0.085

// railHit explains a break by a cushion: the incoming path reaches the line R from
// a cushion nose, moving towards it.
func (k *Tracker) railHit(ci int) bool {
	c := &k.chg[ci]
	lo, hi := k.window(c)
	if hi-lo > 0.3 {
		return false // too long unseen to tell a cushion from anything else
	}
	R := k.R
	bestT := math.Inf(1)
	var bestRail table.Rail
	bestShort := false
	for _, rail := range table.Rails {
		rail := rail
		g := func(p table.Point) float64 { return k.tab.RailDistance(p, rail) }
		tc, ok := crossing(&c.in, g, lo, hi)
		okExact := ok
		if !ok {
			tol := math.Max(2*k.cfg.SigmaMoving+1, railSlack)
			tc, ok = crossing(&c.in, func(p table.Point) float64 { return g(p) - tol }, lo, hi)
			if ok && k.railAgain(c.tr, rail, tc) {
				continue // short of a cushion it has just left: see railAgain
			}
		}
		if !ok {
			continue
		}
		v := c.in.vel(tc)
		var vn float64
		switch rail {
		case table.Head:
			vn = -v.X
		case table.Foot:
			vn = v.X
		case table.Left:
			vn = -v.Y
		case table.Right:
			vn = v.Y
		}
		if vn < 10 || k.outrun(c, rail, tc, vn) || k.unreached(c.tr, rail, tc, v.Len()) {
			continue
		}
		if !okExact && k.lateBend(c, g, tc) {
			continue // latebend.go: misreads bent the path in, not the cushion
		}
		if tc < bestT {
			bestT, bestRail, bestShort = tc, rail, !okExact
			if k.trace != nil {
				k.trace("%.4f rail cross track %d ball %d %s at %.4f (%.0f mm/s into it, window %.4f–%.4f, tol %v)", k.lastT, c.tr, k.tracks[c.tr].ball, rail, tc, vn, lo, hi, !okExact)
			}
		}
	}
	if math.IsInf(bestT, 1) {
		// The break was found late, its path in already bent away: a V in the
		// distance to a cushion over its last detections is the bounce.
		bestT, bestRail = k.railVee(c)
	}
	if math.IsInf(bestT, 1) {
		// Fast into the cushion, the path cut where the detections before the
		// bounce were too few or too noisy to show it: the detections around the
		// change fall to the cushion and rise from it.
		bestT, bestRail = k.fastVee(c)
	}
	if math.IsInf(bestT, 1) {
		bestT, bestRail = k.skimRail(c) // skim.go: a graze along the cushion line
	}
	if math.IsInf(bestT, 1) {
		return false
	}
	// A ball at rest that the path reached first (one in a pocket's jaws, hit
	// and gone at once) explains the break, not the cushion behind it.
	if tc, ok := k.restingHit(ci); ok && tc <= bestT+k.dt {
		return k.pairResting(ci)
	}
	var deep table.PocketID
	if nose := k.tab.Clamp(c.in.at(bestT)).Add(railOut(bestRail).Scale(R)); true {
		// Where the cushion line crosses a pocket's mouth there is no cushion:
		// the bend was off a jaw (or nothing the cushions explain).
		if pk, d := k.tab.NearestPocket(nose); d < pk.Width/2 && k.jawEvent(c.tr, &c.in, lo, hi, c.gap, "") {
			c.done = true
			k.tracks[c.tr].moved = true
			return true
		} else if d < pk.Width/2-mouthDeep {
			deep = pk.ID
		}
	}
	centre := k.tab.Clamp(c.in.at(bestT))
	c.done = true
	k.tracks[c.tr].moved = true
	k.anchorAt(c.tr, c.first.t, bestT, centre)
	// The event's point is where the ball touches the cushion nose.
	at := centre
	switch bestRail {
	case table.Head:
		at.X -= R
	case table.Foot:
		at.X += R
	case table.Left:
		at.Y -= R
	case table.Right:
		at.Y += R
	}
	k.addEvent(pevent{t: bestT, kind: shot.RailHit, a: c.tr, rail: bestRail, at: at, hasAt: true, unseen: c.gap, short: bestShort, deepIn: deep})
	return true
}

// railVee looks in the detections before and at a break for a cushion bounce:
// the distance to a cushion falls to about nothing and rises again, both slopes
// clear of the noise (as bounceTest, on the detections the change kept). It
// returns the time the two slopes meet, or +Inf.
func (k *Tracker) railVee(c *change) (float64, table.Rail) {
	var buf [inMax + 1]sample
	w := append(buf[:0], c.inS[:c.nIn]...)
	w = append(w, c.first)
	return k.vee(w, k.cfg.SigmaMoving)
}

// fastVee looks in the track's detections around change c for a fast cushion
// bounce the cut of its path hid: the distance to a cushion falls steeply to
// about nothing and rises as steeply, the two straight lines meeting on the
// cushion line. The detection nearest the cushion may be most of a frame's
// travel from it. It returns the time of the bounce, or +Inf; a bounce
// already told for the track is not told again.
func (k *Tracker) fastVee(c *change) (float64, table.Rail) {
	tr := &k.tracks[c.tr]
	var buf [len(tr.hist)]sample
	m := 0
	for j := min(tr.nh, len(tr.hist)) - 1; j >= 0; j-- {
		s := tr.hist[(tr.nh-1-j)%len(tr.hist)]
		if s.t < c.lastIn-6*k.dt || s.t < tr.startT || s.t < k.strikeT {
			continue
		}
		buf[m] = s
		m++
	}
	w := buf[:m]
	tol := math.Max(k.pathTol(), railSlack)
	for _, rail := range table.Rails {
		rail := rail
		g := func(p table.Point) float64 { return k.tab.RailDistance(p, rail) }
		jm := nearestSample(w, g)
		if jm < 2 || jm > m-3 {
			continue
		}
		step := math.Max(w[jm].p.Dist(w[jm-1].p), w[jm].p.Dist(w[jm+1].p))
		if g(w[jm].p) > math.Max(tol, step) {
			continue
		}
		if k.inMouth(k.tab.Clamp(w[jm].p).Add(railOut(rail).Scale(k.R))) {
			continue // a jaw
		}
		x := w[max(0, jm-4):min(m, jm+5)]
		th, fall, rise, rss := veeFit(x, g, w[jm-1].t, w[jm+1].t)
		rms := math.Sqrt(rss / float64(len(x)-3))
		if fall < fastVeeSlope || rise < fastVeeSlope/2 || rms > 2*k.cfg.SigmaMoving+0.003*fall {
			continue
		}
		if k.fallFasterThanBall(c.tr, x[0].t, th, fall) {
			continue
		}
		for _, e := range k.events {
			if e.kind == shot.RailHit && e.a == c.tr && !e.cancel && math.Abs(e.t-th) < 0.1 {
				return math.Inf(1), "" // told already
			}
		}
		if k.trace != nil {
			k.trace("%.4f fast vee track %d %s at %.4f: nearest %.1f mm, fall %.0f rise %.0f mm/s, rms %.1f mm", k.lastT, c.tr, rail, th, g(w[jm].p), fall, rise, rms)
		}
		return th, rail
	}
	return math.Inf(1), ""
}

// fallFasterThanBall reports whether a fall into a cushion at fall (mm/s),
// from t0 to the hit at th, is far faster than track i went over the
// fastBefore before t0 (bounceRise times its speed plus bounceJump, as
// fallOutruns), with no contact of it from then to th: only another ball
// (or the cue) speeds a ball up, so its reads, not the ball, fell to the
// cushion. Default bench at 120 fps, 10-ball shot 2: the blue 2, creeping off
// the right cushion at 33 mm/s 20-30 mm from it, was read on the cushion
// line in a few frames; fastVee saw a fall of 903 mm/s and a rise and told a
// second hit of the right cushion.
func (k *Tracker) fallFasterThanBall(i int, t0, th, fall float64) bool {
	lo := t0 - fastBefore
	if k.tracks[i].startT > lo || k.strikeT > lo {
		return false // started (or struck) since: its speed before is no guide
	}
	for _, e := range k.events {
		if e.kind == shot.Contact && !e.cancel && (e.a == i || e.b == i) && e.t > lo-k.dt && e.t < th+k.dt {
			return false
		}
	}
	var buf [len(track{}.hist)]sample
	s := k.histAround(i, lo, t0+k.dt/2, buf[:])
	if len(s) < 3 || s[len(s)-1].t-s[0].t < fastBefore/2 {
		return false
	}
	v := s[len(s)-1].p.Dist(s[0].p) / (s[len(s)-1].t - s[0].t)
	return fall > bounceRise*v+bounceJump
}

// fastBefore (s) is the span before a fast fall over which
// fallFasterThanBall takes the ball's speed.
const fastBefore = 0.1

// fastVeeSlope (mm/s) is the least fall into a cushion fastVee looks for: slower
// bounces show in the path (veeTest, railVee).
const fastVeeSlope = 300.0

// vee finds a cushion bounce in detections w: their distance to a cushion falls
// to about nothing and rises again by more than rise (see railVee).
func (k *Tracker) vee(w []sample, rise float64) (float64, table.Rail) {
	n := len(w)
	if n < 6 {
		return math.Inf(1), ""
	}
	tol := math.Max(k.pathTol(), railSlack)
	for _, rail := range table.Rails {
		rail := rail
		g := func(p table.Point) float64 { return k.tab.RailDistance(p, rail) }
		jm := nearestSample(w, g)
		if jm < 3 || jm > n-2 || g(w[jm].p) > tol {
			continue
		}
		if k.nearMouth(w[jm].p, rail) {
			continue // a jaw
		}
		sb, eb := slope(w[:jm+1], g)
		sa, ea := slope(w[jm:], g)
		// The path is known to bend here (the break): a fall to the cushion and
		// any clear rise after it tell a cushion from a contact or a swerve.
		if !(sb < -2*eb-5 && sa > 5 && g(w[n-1].p)-g(w[jm].p) > 1.5*rise) {
			continue
		}
		// A cushion sends a ball back no faster than it came in (see
		// outrun): a rise more than twice as fast as the fall allows,
		// beyond the noise of both slopes, is reads that jumped, not a
		// bounce. Rendered seed 64, 8-ball shot 24: the black 8, struck off
		// the head cushion it rested by, was read at it again 0.14 s later,
		// then 27 mm off it: a fall of 279 mm/s and a rise of 1640, told as
		// a second hit of the cushion. Twice: a true bounce's rise fitted
		// to a few reads that lag off the cushion can seem fast (seed 66,
		// 8-ball shot 34 of an older rendering: the 8 into the right cushion
		// at 210 mm/s and off it at 110, a fall of 164 and a rise of 580).
		if sa-3*ea > 2*math.Max(reboundMin, 1.2*-sb)+3.6*eb {
			continue
		}
		// Where the falling and rising lines meet.
		var mb, ma float64
		for _, x := range w[:jm+1] {
			mb += g(x.p) - sb*x.t
		}
		mb /= float64(jm + 1)
		for _, x := range w[jm:] {
			ma += g(x.p) - sa*x.t
		}
		ma /= float64(n - jm)
		t := (ma - mb) / (sb - sa)
		t = math.Max(w[jm-1].t, math.Min(w[jm+1].t, t))
		if k.trace != nil {
			k.trace("%.4f rail vee %s at %.4f slopes %.0f±%.0f %.0f±%.0f", k.lastT, rail, t, sb, eb, sa, ea)
		}
		return t, rail
	}
	return math.Inf(1), ""
}

// restVee looks, as a ball comes to rest, for a slow cushion hit in its last
// detections that no break showed: it crept into the cushion and died off it.
func (k *Tracker) restVee(i int) {
	tr := &k.tracks[i]
	if k.phase != inShot || len(tr.seg) < 8 {
		return
	}
	w := tr.seg[max(0, len(tr.seg)-24):]
	if tr.anchored && len(w) == len(tr.seg) {
		w = w[1:]
	}
	t, rail := k.vee(w, 2.5*k.cfg.Sigma)
	if math.IsInf(t, 1) || k.restTooFar(i, w, rail, t) { // creepback.go
		return
	}
	for j := range k.events {
		e := &k.events[j]
		if e.kind != shot.RailHit || e.a != i || e.rail != rail {
			continue
		}
		if math.Abs(e.t-t) < 0.3 {
			return // told already
		}
	}
	var c change
	c.in = k.fitTail(tr.seg)
	at := k.tab.Clamp(c.in.at(t))
	switch rail {
	case table.Head:
		at.X -= k.R
	case table.Foot:
		at.X += k.R
	case table.Left:
		at.Y -= k.R
	case table.Right:
		at.Y += k.R
	}
	k.addEvent(pevent{t: t, kind: shot.RailHit, a: i, rail: rail, at: at, hasAt: true})
}

// railDoubt says why the absence of a cushion after the first contact first
// (a no_rail foul, rules 1.17 and 3.9) is in doubt, or "": no cushion or
// pocket was seen after it, yet a ball came within a few millimetres of a
// cushion, where a slow touch does not show. It also returns that ball (for
// railReading). The first ball's hits on a cushion it rested frozen to at the
// stroke are no cushion here: they do not meet rule 1.31 (the frozen ball),
// which then asks for another (camera model at 30 fps, seed 50, 8-ball shot
// 189: the cue ball met the 11, frozen to the foot cushion, and crawled at
// 60 mm/s into the right cushion, its slow hit untold; with the 11's own hit
// on the foot cushion told, nothing was asked, and a legal safety was ruled
// a frozen-ball foul).
func (k *Tracker) railDoubt(first *pevent) (string, int) {
	t := first.t
	o := first.a + first.b - k.strikeTr
	var frozen []table.Rail
	if p, ok := k.before[o]; ok && o != k.strikeTr {
		frozen = k.tab.FrozenRails(p)
	}
	own := false
	for i := range k.events {
		e := &k.events[i]
		if e.cancel || e.t < t || e.kind != shot.RailHit && e.kind != shot.Pocketed && e.kind != shot.OffTable {
			continue
		}
		if e.kind == shot.RailHit && e.a == o && slices.Contains(frozen, e.rail) {
			own = true
			continue // its own cushion (rule 1.31)
		}
		// A pocketed cue ball does not meet rule 1.17 (the rules count only
		// object balls pocketed): a cushion missed then still decides the foul.
		if e.kind == shot.Pocketed && k.tracks[e.a].ball == 0 {
			continue
		}
		return "", -1
	}
	best, gap := -1, railDoubtGap
	// With its own cushion hit told, the frozen ball is weighed by its way
	// to the others only.
	skip := -1
	if own {
		skip = o
		if g := k.otherRailGap(o, t, frozen); g < gap {
			best, gap = o, g
		}
	}
	for i := range k.tracks {
		tr := &k.tracks[i]
		if i == skip {
			continue
		}
		if tr.used && tr.confirmed && tr.moved && tr.railGapT >= t && tr.railGap < gap {
			best, gap = i, tr.railGap
		}
		if tr.used && tr.confirmed && tr.moved && tr.railGapT < t {
			if g := k.railGapAfter(i, t); g < gap {
				best, gap = i, g
			}
		}
		if tr.used && tr.confirmed && tr.moved && tr.earlyGapT >= t && tr.earlyGap < gap {
			best, gap = i, tr.earlyGap // railearly.go
		}
		// A ball hit off its rest point near a cushion may be driven into it
		// and straight back out (a cluster pinned to a cushion): its moving
		// detections then all lie clear of the cushion, but where it left
		// rest tells how near it was.
		if tr.used && tr.confirmed && tr.moved && tr.startT >= t {
			if g := k.railGapAt(tr.from); g < gap {
				best, gap = i, g
			}
		}
	}
	// A ball held by a cushion that a ball passed at touching distance of,
	// no contact told: it may have been driven into it (kissrail.go).
	if j, g := k.backedDoubt(t); j >= 0 && j != skip && g < gap {
		best, gap = j, g
	}
	// A ball hit that rests near a cushion: nudged a few millimetres, it may
	// have been driven into the cushion and back without being seen moving
	// (no way to measure; at 120 fps such a nudge more often stays below the
	// start tests).
	for i := range k.events {
		e := &k.events[i]
		if e.cancel || e.kind != shot.Contact || e.t < t {
			continue
		}
		for _, j := range [2]int{e.a, e.b} {
			tr := &k.tracks[j]
			if j == skip || !tr.used || !tr.confirmed || tr.moving || tr.gone {
				continue
			}
			if _, g := k.tab.NearestRail(tr.rest); g < math.Min(gap, nudgeRailGap) {
				best, gap = j, g
			}
		}
	}
	// A ball met at rest near a cushion, driven into it (drivenrail.go).
	driven := false
	if j, g := k.drivenRail(t); best < 0 && j >= 0 && j != skip {
		best, gap, driven = j, g, true
	}
	if best < 0 {
		if j := k.restInMouth(t); j >= 0 {
			b := k.tracks[j].ball
			return fmt.Sprintf("no cushion seen after the first contact, but ball %d came to rest in a pocket's mouth", b), b
		}
		return "", -1
	}
	b := k.tracks[best].ball
	if driven {
		return fmt.Sprintf("no cushion seen after the first contact, but ball %d was met %.0f mm off one"+drivenWhy, b, math.Max(0, gap)), b
	}
	return fmt.Sprintf("no cushion seen after the first contact, but ball %d came within %.0f mm of one", b, math.Max(0, gap)), b
}

// restInMouth returns a ball set moving after t (a track) that came to rest in
// a pocket's mouth, or −1. There a slow ball meets a jaw's facing at an angle
// the detector reads poorly: rendered 8-ball, seed 65, shot 35 (with the
// detector of a51638c), the 4 rolled into the foot-right corner's mouth at a
// crawl, met the foot cushion's jaw and stopped in the mouth; its reads
// there lay 9-12 mm short of the jaw, no hit was told, and the legal pot was
// ruled a no_rail foul without a review. railGap leaves the mouths out (a
// ball passing through one is no doubt); one that stays there, its centre
// within a radius of the mouth's line or past it, is (the 4's was read 25
// mm short of it). One that stops further short of the line, in front of
// the mouth, met no jaw (TestRattledOutUnnamed: 40 mm short).
func (k *Tracker) restInMouth(t float64) int {
	for i := range k.tracks {
		tr := &k.tracks[i]
		if !tr.used || !tr.confirmed || !tr.moved || tr.moving || tr.gone || tr.startT < t-k.dt {
			continue
		}
		if pk, d := k.tab.NearestPocket(tr.rest); d <= pk.Width/2+k.R && tr.rest.Sub(pk.Center).Dot(pk.In) >= -k.R {
			return i
		}
	}
	return -1
}

// railGapAfter is the least gap to a cushion (as railGapAt) of moving track
// i's detections since t in the shot, since it last set off: railGap holds
// the shot's least, which may come before t. Camera model at 30 fps, seed 36,
// 9-ball shot 37, a safety: the cue ball met the left cushion, then the 9
// resting 24 mm off it, and crawled back into it 8 mm off its line; no hit
// was told after the contact and none came near (the least gap was the hit
// before it): no_rail, unasked.
func (k *Tracker) railGapAfter(i int, t float64) float64 {
	tr := &k.tracks[i]
	g := math.Inf(1)
	for _, s := range tr.slog {
		if s.t >= t && s.t >= tr.startT && (tr.moving || s.t <= tr.restT) {
			g = math.Min(g, k.railGapAt(s.p))
		}
	}
	return g
}

// otherRailGap is the least gap (mm) of track i's detections since t to a
// cushion other than those of frozen, away from the pocket mouths.
func (k *Tracker) otherRailGap(i int, t float64, frozen []table.Rail) float64 {
	g := math.Inf(1)
	for _, s := range k.tracks[i].slog {
		if s.t < t || math.IsInf(k.railGapAt(s.p), 1) {
			continue
		}
		for _, r := range table.Rails {
			if !slices.Contains(frozen, r) {
				g = math.Min(g, k.tab.RailDistance(s.p, r))
			}
		}
	}
	return g
}

// railGapAt is p's gap to the nearest cushion (mm), or +Inf in a pocket's mouth
// (as for track.railGap).
func (k *Tracker) railGapAt(p table.Point) float64 {
	if pk, d := k.tab.NearestPocket(p); d <= pk.Width/2+k.R {
		return math.Inf(1)
	}
	_, g := k.tab.NearestRail(p)
	return g
}

// veeTest looks for a cushion met at a glancing angle or at a crawl, which
// bends the path too little for the other tests: over moving track i's last
// detections, its distance to a cushion line falls to nothing and rises again.
// Two models of that distance are compared: a V whose vertex touches the
// cushion line (a fall, then a rise, each straight), and a smooth quadratic (a
// ball on a curving path that passes near the cushion without touching it).
// The V must fit clearly better, its fall and rise both well clear of the noise.
func (k *Tracker) veeTest(i int) {
	tr := &k.tracks[i]
	if k.phase != inShot || !tr.moving {
		return
	}
	var buf [veeMax + 1]sample
	m := 0
	for j := min(tr.nh, veeMax) - 1; j >= 0; j-- {
		s := tr.hist[(tr.nh-1-j)%len(tr.hist)]
		if s.t < tr.startT || s.t < k.strikeT {
			continue
		}
		if m == 0 && tr.fromRest && tr.startT >= k.strikeT && s.t-tr.startT <= 3*k.dt {
			// Where and when it left rest is a point of its way too: a
			// ball struck off a rest a few millimetres from a cushion,
			// into it at a glancing angle, may show only three reads
			// before the V's vertex, and its rest point makes the fourth
			// (TestVeeGlanceFromRest).
			buf[m] = sample{tr.startT, tr.from}
			m++
		}
		buf[m] = s
		m++
	}
	if m < veeAfter+5 {
		return
	}
	w := buf[:m]
	tol := k.pathTol()
	for _, rail := range table.Rails {
		g := func(p table.Point) float64 { return k.tab.RailDistance(p, rail) }
		if g(w[m-1].p) > 4*k.R {
			continue
		}
		jm := 0
		for j := range w {
			if g(w[j].p) < g(w[jm].p) {
				jm = j
			}
		}
		if jm < 4 || jm > m-1-veeAfter || jm < m-1-veeAfter-veeLate || g(w[jm].p) > tol {
			continue
		}
		if k.nearMouth(w[jm].p, rail) {
			continue // a jaw
		}
		lo := max(0, jm-10)
		x := w[lo:]
		n := len(x)
		th, fall, rise, rssV := veeFit(x, g, w[max(lo+1, jm-veeSpan)].t, w[min(m-2, jm+veeSpan)].t)
		bound := k.curveBound(i, x[0].t, x[min(3, n-1)].p.Dist(x[0].p)/math.Max(x[min(3, n-1)].t-x[0].t, k.dt))
		rssQ := boundedQuadRSS(x, g, bound)
		s2 := math.Max(rssV/float64(n-3), 1)
		if fall < veeSlope || rise < veeSlope || rssQ-rssV < veeK*s2 || math.Sqrt(rssV/float64(n-3)) > 2*k.cfg.SigmaMoving {
			continue
		}
		// It came from clearly off the cushion and left it clearly: a ball
		// rolling along the nose, its distance jittering about nothing, does not.
		ends := func(y []sample) float64 {
			var m float64
			for _, s := range y {
				m += g(s.p)
			}
			return m / float64(len(y))
		}
		if ends(x[:3]) < veeRise || ends(x[n-3:]) < veeRise || k.alongRail(i, rail) {
			continue
		}
		at := w[jm].p
		for j := 1; j < m; j++ {
			if w[j].t >= th {
				f := (th - w[j-1].t) / (w[j].t - w[j-1].t)
				at = w[j-1].p.Add(w[j].p.Sub(w[j-1].p).Scale(f))
				break
			}
		}
		at = k.tab.Clamp(at).Add(railOut(rail).Scale(k.R))
		for j := range k.events {
			e := &k.events[j]
			if e.kind == shot.RailHit && e.a == i && e.rail == rail && !e.cancel && math.Abs(e.t-th) < 0.15 {
				if e.after == 0 && !e.slowTimed && math.Abs(e.t-th) > 2*k.dt {
					// Told from the break in its path, timed where the path
					// came within the band short of the cushion line: slow
					// into it, that is well before the touch the V shows.
					// Not one slowTell retimed from its fall: the V's vertex
					// can be a misread on the cushion line after the touch
					// (TestVeeKeepsSlowTiming).
					if k.trace != nil {
						k.trace("%.4f vee retimes rail of track %d %s from %.4f to %.4f", k.lastT, i, rail, e.t, th)
					}
					e.t, e.at = th, at
				}
				return // told already
			}
		}
		if k.trace != nil {
			k.trace("%.4f vee track %d ball %d %s at %.4f fall %.0f rise %.0f rss %.1f/%.1f", k.lastT, i, tr.ball, rail, th, fall, rise, rssV, rssQ)
		}
		tr.moved = true
		k.addEvent(pevent{t: th, kind: shot.RailHit, a: i, rail: rail, at: at, hasAt: true})
		return
	}
}

// veeSpan is how many detections either side of the one nearest the cushion
// veeTest looks for the bounce among: a slow one leaves several within the
// noise of the cushion line. veeStep (s) is the finest step veeFit tries.
// veeLate is how many detections after veeAfter following the nearest one
// veeTest still looks at it: a slow rise takes a while to clear the noise.
const (
	veeSpan = 3
	veeStep = 0.002
	veeLate = 10
)

// veeFit fits g(p(t)) over x by a V with its vertex on zero at th in [lo, hi]:
// fall·(th − t) before it, rise·(t − th) after, both ≥ 0; it returns the best th,
// the slopes and the residual sum of squares.
func veeFit(x []sample, g func(table.Point) float64, lo, hi float64) (th, fall, rise, rss float64) {
	rss = math.Inf(1)
	steps := max(24, int(math.Ceil((hi-lo)/veeStep)))
	for q := 0; q <= steps; q++ {
		t := lo + (hi-lo)*float64(q)/float64(steps)
		var b2, b1, a2, a1 float64
		for _, s := range x {
			d, y := s.t-t, g(s.p)
			if d < 0 {
				b2 += d * d
				b1 += -d * y
			} else {
				a2 += d * d
				a1 += d * y
			}
		}
		var f, r float64
		if b2 > 0 {
			f = math.Max(0, b1/b2)
		}
		if a2 > 0 {
			r = math.Max(0, a1/a2)
		}
		var ss float64
		for _, s := range x {
			d, y := s.t-t, g(s.p)
			if d < 0 {
				y -= f * -d
			} else {
				y -= r * d
			}
			ss += y * y
		}
		if ss < rss {
			th, fall, rise, rss = t, f, r, ss
		}
	}
	return
}

// curveBound is the most a cushion's distance can curve (its second derivative,
// mm/s²) for moving track i over detections from time t on, moving at about v
// mm/s, had it met nothing. A rolling ball goes straight, slowing at the
// rolling resistance, and so does a ball sliding with its slip along its path:
// on a straight path the distance to a straight cushion changes at a nearly
// steady rate and never turns back; only a hit turns it. A path curves only
// while the ball slides with spin across its path: the cue ball after the
// stroke or a contact (its own spin), for at most 2u/(7μg) with its slip u at
// most about twice its speed then — 4v/(3μg) with v its speed now; any ball
// after a cushion, for as long as railSlide says. An object ball set moving by
// a contact slides along its path (the contact gives it no spin).
func (k *Tracker) curveBound(i int, t, v float64) float64 {
	if t < k.slideEnd(i, t, v)+0.05 {
		return slideDecel
	}
	return rollBound
}

// slideEnd is when track i, moving at about v mm/s, stops sliding after its
// last stroke, contact or cushion hit up to time t (see curveBound); −Inf if
// none made it slide.
func (k *Tracker) slideEnd(i int, t, v float64) float64 {
	tr := &k.tracks[i]
	spin := 4 * v / (3 * slideDecel)
	end := math.Inf(-1)
	if tr.ball <= 0 {
		end = math.Max(tr.startT, k.strikeT) + spin
	}
	for j := range k.events {
		e := &k.events[j]
		if e.cancel || e.t > t {
			continue
		}
		switch {
		case e.kind == shot.RailHit && e.a == i:
			end = math.Max(end, e.t+math.Min(spin, k.railSlide(i, e)))
		case e.kind == shot.Contact && tr.ball <= 0 && (e.a == i || e.b == i):
			end = math.Max(end, e.t+spin)
		}
	}
	return end
}

// railSlide (s) is how long track i slides after cushion hit e, its path
// curving. The cushion reverses the speed v_n the ball came in with along its
// normal and gives back a share e of it, while the ball's roll still turns
// into the cushion: it leaves slipping on the cloth at about (1 + e)·v_n
// (plus the cushion's friction across, a fraction of that), and the cloth
// takes a slip u out in 2u/(7μg). v_n is fitted from the detections of the
// tenth of a second before the hit, and taken high (railSlip); at a jaw, whose
// facing is angled to the cushion line, the whole speed counts. With too few
// detections to tell, the bound is infinite (the caller's holds).
func (k *Tracker) railSlide(i int, e *pevent) float64 {
	tr := &k.tracks[i]
	var w []sample
	for q := len(tr.slog) - 1; q >= 0; q-- {
		s := tr.slog[q]
		if s.t >= e.t {
			continue
		}
		if s.t < e.t-railSlideWin {
			break
		}
		w = append(w, s)
	}
	vel, stt, ok := velFit(w)
	if !ok {
		return math.Inf(1)
	}
	vn := vel.Len()
	if e.hasAt && !k.inMouth(e.at) && !k.nearMouth(e.at.Sub(railOut(e.rail).Scale(k.R)), e.rail) {
		vn = math.Max(0, vel.Dot(railOut(e.rail)))
	}
	vn += 2 * k.cfg.SigmaMoving / math.Sqrt(stt) // its error, taken high
	return 2 * railSlip * vn / (7 * slideDecel)
}

// railSlideWin (s) is how far before a cushion hit railSlide fits the speed
// into it; railSlip is the slip a cushion leaves per unit of that speed: 1 +
// ECushion (0.85 in the simulator, up to 0.95 for lively cushions) and the
// cushion's friction across.
const (
	railSlideWin = 0.1
	railSlip     = 2.2
)

// rollBound (mm/s²) bounds the curving of a rolling ball's distance to a
// cushion: its rolling resistance (rollDecel), doubled for cloths slower than
// the simulator's.
const rollBound = 2 * rollDecel

// boundedQuadRSS fits g(p(t)) over x by a quadratic whose second derivative is
// at most amax in size and returns its residual sum of squares.
func boundedQuadRSS(x []sample, g func(table.Point) float64, amax float64) float64 {
	_, _, c, rss := quadRSS(x, g)
	if 2*math.Abs(c) <= amax {
		return rss
	}
	// The bound holds: a + b·τ fitted to g − c·τ².
	c = math.Copysign(amax/2, c)
	t0 := x[0].t
	var n, mt, my float64
	for _, s := range x {
		d := s.t - t0
		n++
		mt += d
		my += g(s.p) - c*d*d
	}
	mt /= n
	my /= n
	var stt, sty float64
	for _, s := range x {
		d := s.t - t0
		stt += (d - mt) * (d - mt)
		sty += (d - mt) * (g(s.p) - c*d*d - my)
	}
	b := 0.0
	if stt > 0 {
		b = sty / stt
	}
	rss = 0
	for _, s := range x {
		d := s.t - t0
		r := g(s.p) - c*d*d - my - b*(d-mt)
		rss += r * r
	}
	return rss
}

// quadRSS fits g(p(t)) over x by a quadratic and returns it with its residual
// sum of squares.
func quadRSS(x []sample, g func(table.Point) float64) (a, b, c, rss float64) {
	a, b, c = quad(x, g)
	t0 := x[0].t
	for _, s := range x {
		d := s.t - t0
		r := g(s.p) - (a + b*d + c*d*d)
		rss += r * r
	}
	return
}

// nearestSample is the index of the sample of w with the least g.
func nearestSample(w []sample, g func(table.Point) float64) int {
	jm := 0
	for j := range w {
		if g(w[j].p) < g(w[jm].p) {
			jm = j
		}
	}
	return jm
}

// nudgeRailGap (mm): a ball hit that rests this near a cushion may have been
// nudged into it unseen.
const nudgeRailGap = 6.0

// contactDoubt says why the absence of any contact of the cue ball (a
// no_contact foul, rule 3.8) is in doubt, or "": the cue ball rested within
// contactDoubtGap of a ball at the stroke, and that ball took part in the
// shot. A cue ball nearly frozen to a ball moves it a few millimetres at a
// crawl (at 120 fps below what a frame's step shows), and its own way off is
// too short to bend. It also returns that ball's number (for
// contactReading).
func (k *Tracker) contactDoubt() (string, int) {
	cue := k.strikeTr
	p0, ok := k.before[cue]
	if cue < 0 || !ok {
		return "", -1
	}
	best, gap := -1, contactDoubtGap
	for j, q := range k.before {
		if j == cue {
			continue
		}
		if g := p0.Dist(q) - 2*k.R; g < gap && (k.tookPart(j) || k.vanished(j)) {
			best, gap = j, g
		}
	}
	if best < 0 {
		return "", -1
	}
	what := "moved"
	if !k.tookPart(best) {
		what = "vanished"
	}
	return fmt.Sprintf("no contact of the cue ball seen, but it rested %.0f mm from ball %d, which %s", math.Max(0, gap), k.ballAtStroke(best), what), k.ballAtStroke(best)
}

// vanished reports whether track i, at rest at the stroke, went from the table
// during the shot without being seen to move: a ball frozen to the cue ball by
// a pocket's mouth is pushed in within a frame or two, too fast for any
// detection of it moving, and is then taken for lifted (no contact, no pocket).
func (k *Tracker) vanished(i int) bool {
	tr := &k.tracks[i]
	return tr.used && tr.gone && tr.goneT >= k.strikeT
}

// tookPart reports whether track i was moved in the shot: seen moving, or in
// an event.
func (k *Tracker) tookPart(i int) bool {
	if k.tracks[i].moved {
		return true
	}
	for j := range k.events {
		e := &k.events[j]
		if !e.cancel && (e.a == i || e.kind == shot.Contact && e.b == i) {
			return true
		}
	}
	return false
}

// contactDoubtGap (mm): a cue ball resting this near a ball at the stroke may
// touch it unseen.
const contactDoubtGap = 10.0
