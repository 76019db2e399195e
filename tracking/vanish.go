package tracking

import (
	"fmt"
	"math"

	"github.com/cueref/cueref/shot"
	"github.com/cueref/cueref/table"
)

// Vanished balls. A ball on the table at the stroke that is gone after the
// shot, with no event of its going, left the table somehow: balls are not
// lifted during a shot. When it rested by the cue ball's way, the cue ball
// struck it; when it rested in a pocket's mouth, or a track that set off
// from its place went into a pocket, that is where it went. The camera misses
// both ends of such a pot when the cue stick or the arm lies over a ball
// struck a few centimetres from the cue ball next to a pocket (rendered
// bench, seed 12, 8-ball shot 32: ball 7 in the FL mouth, struck 39 ms after
// the stroke and down 37 ms later), or when a false detection beside a ball
// struck from rest starts a track that takes up the ball's way, and the
// ball's own track, left behind at its spot, is taken for lifted (14.1 shot
// 19: ball 9 struck by the HL pocket). Without the contact the shot is a
// no_contact foul (rule 1.16) on a legal pot.

// carriedFromRest handles track i, at rest in a shot and about to be taken for
// lifted (unseen at its spot with nothing hiding it), when a track the shot
// started set off from its spot just as it was last seen: a false detection
// beside it as it was struck began that track, which took up its way, while i
// kept waiting at its spot. The other track is the ball when its own readings
// name i's ball and it holds no ball that was on the table at the stroke: it
// takes i's number (as carriedOn does for a ball lost moving) and i ends. It
// reports whether it did.
func (k *Tracker) carriedFromRest(i int) bool {
	tr := &k.tracks[i]
	if k.phase != inShot || tr.ball <= 0 || tr.moving {
		return false
	}
	for oi := range k.tracks {
		o := &k.tracks[oi]
		if oi == i || !o.used || !o.confirmed || o.born < k.strikeT || o.votes[tr.ball] <= 0 {
			continue
		}
		if o.ball >= 0 && k.onTableAtStroke(o.ball) {
			continue // (a ball of its own)
		}
		if !o.moved && !o.moving && !o.gone {
			continue
		}
		// Born at i's spot (within a ball's width of where it rested: the
		// false detection lies beside the ball), when i was last seen.
		if o.bornAt.Dist(tr.rest) > 2*k.R+3*k.cfg.Sigma || math.Abs(o.born-tr.last.t) > carryFrames*k.dt {
			continue
		}
		if k.trace != nil {
			k.trace("%.4f carried from rest: track %d (ball %d) at %v, track %d (ball %d) set off from %v at %.4f", k.lastT, i, tr.ball, tr.rest, oi, o.ball, o.bornAt, o.born)
		}
		o.votes, o.ball = tr.votes, tr.ball
		o.moved = true
		k.passStroke(i, oi) // wenton.go: its place at the stroke
		tr.used = false
		return true
	}
	return false
}

// onTableAtStroke reports whether ball b was on the table at the stroke (a
// track at rest there held it).
func (k *Tracker) onTableAtStroke(b int) bool {
	for j := range k.before {
		if k.tracks[j].ball == b {
			return true
		}
	}
	return false
}

// hiddenPotGap (mm): the cue ball's detections, joined frame to frame, came
// within 2R and this of the spot of a ball that then vanished. The spot of a
// ball half seen in a pocket's mouth is read up to a centimetre or so off.
const hiddenPotGap = 18.0

// setOffLate (s): a ball that set off from its spot this long after the cue
// ball reached it may have been set off by it.
const setOffLate = 0.1

// hiddenPot adds, as a shot with no contact of the cue ball told ends, the
// cue ball's contact with a ball it reached unseen, and the pot of that ball
// when it vanished by a pocket (see the top of the file). The cue ball's way
// came within 2R and a gap of the ball's spot at the stroke and bent there (it
// lost most of its speed, or turned), and the ball then left the spot:
//   - vanished: it rested within reach of a pocket's mouth (unseen at rest
//     there since before the stroke but seen since the shot before began, or
//     on the table at the stroke), it is gone
//     now with no event of its going, and no track holds its number on the
//     table (gap hiddenPotGap): it went into that pocket;
//   - set off: it was on the table at the stroke, met no other ball, and set
//     off from its spot as the cue ball got there (gap missGap).
//
// A cue ball fast enough to throw the ball it meets is read frames apart,
// and when a cushion lies just beyond the ball its bend there is the
// cushion's: its straight way from its rest point tells instead (thrownHit).
// No-render seed 6, 9-ball shot 103: the cue ball, at 8.7 m/s, met the 5
// resting 11 mm off the left cushion (93 mm from the foot-left mouth's
// centre) and the cushion 3 ms later; the 5 flew off the table, never seen
// to move, and the shot was told with no contact at all, a no-contact foul
// (rule 1.16) where the truth was object_ball_off_table, unflagged. Its pot
// told unseen is asked.
//
// The nearest such ball is taken. The contact with a ball that set off is
// told as seen (its way out was); with one that vanished it is told unseen,
// and its pot: the review asks about them whenever they change the ruling.
func (k *Tracker) hiddenPot() {
	defer func(t float64) { k.prevStrikeT = t }(k.strikeT)
	cue := k.strikeTr
	if k.phase != inShot || cue < 0 || k.hasContact(cue) {
		return
	}
	best, bestGap, gone := -1, math.Inf(1), false
	doubt, doubtGap := -1, 0.0 // the nearest vanished ball reached with no bend seen
	var bestT float64
	var bestQ table.Point
	for j := range k.tracks {
		x := &k.tracks[j]
		if j == cue || !x.used || !x.confirmed || x.ball <= 0 {
			continue
		}
		q, ok := k.before[j]
		vanished := x.gone && x.lifted && !k.ballOnTable(x.ball) /* jawrest.go */
		if vanished && !ok {
			// Taken for lifted before the stroke: a ball half seen in a
			// pocket's mouth comes and goes between shots. Only when it was
			// last seen since the shot before began (a ball pocketed long
			// ago, read there once since, is no ball on the table), and not
			// when another ball rests on its spot now.
			if x.goneT >= k.strikeT || x.last.t < k.prevStrikeT || k.spotTaken(x.last.p) {
				continue
			}
			q, ok = x.last.p, true
		}
		if !ok {
			continue
		}
		if vanished {
			if pk, d := k.tab.NearestPocket(q); d > pk.Width/2+2*k.R {
				continue
			}
		} else if x.gone && x.lifted || !x.moved || k.hasContact(j) || k.missDropped(j) {
			continue
		}
		tc, g, bent := k.cueBend(q)
		if vanished && !bent {
			// Fast, the cue ball's detections are frames apart, and
			// the bend by a cushion is the cushion's: its straight way
			// tells (thrownHit).
			if t, ok := k.thrownHit(j); ok {
				tc, g, bent = t, 0, true
			}
		}
		if vanished && !bent && g < hiddenPotGap && (doubt < 0 || g < doubtGap) {
			doubt, doubtGap = j, g
		}
		if !bent || g >= bestGap || vanished && g >= hiddenPotGap || !vanished && g >= k.missGap() {
			continue
		}
		if !vanished {
			if ts := k.setOff(j, q); ts < tc-2*k.dt || ts > tc+setOffLate {
				continue
			}
		}
		best, bestGap, bestT, bestQ, gone = j, g, tc, q, vanished
	}
	if best < 0 {
		if doubt >= 0 {
			k.vanishDoubt(doubt, doubtGap)
		}
		return
	}
	if k.trace != nil {
		k.trace("%.4f hidden hit: track %d ball %d at %v, %.1f mm from the cue ball's way at %.4f, vanished %v", k.lastT, best, k.tracks[best].ball, bestQ, bestGap, bestT, gone)
	}
	pa, pb := still(k.lastReadBy(cue, bestT), bestT), still(bestQ, bestT)
	k.contact(cue, best, bestT, &pa, &pb, gone)
	if !gone {
		return
	}
	// Down as soon as a ball struck into the mouth from there could be.
	pk, _ := k.tab.NearestPocket(bestQ)
	down := bestT + math.Max(k.dt, (bestQ.Dist(pk.Center)-k.R)/hiddenPotSpeed)
	k.addEvent(pevent{t: down, kind: shot.Pocketed, a: best, pocket: pk.ID, unseen: true})
	k.tracks[best].lifted = false
	if _, ok := k.before[best]; !ok {
		// It was on the table at the stroke, unseen: the record says so.
		k.before[best], k.beforeID[best] = bestQ, k.tracks[best].ball
	}
}

// vanishDoubt raises the doubt of a ball that vanished by a pocket (see
// hiddenPot) after the cue ball's way came within gap of touching it, though
// no bend of its way showed that it did (the cue ball's detections there
// were few, or it went on past): the cue ball may have struck it into the
// pocket. Its other reading has the cue ball meet it first and it pocketed.
func (k *Tracker) vanishDoubt(j int, gap float64) {
	x := &k.tracks[j]
	q, ok := k.before[j]
	if !ok {
		q = x.last.p
	}
	pk, _ := k.tab.NearestPocket(q)
	b := x.ball
	why := fmt.Sprintf("ball %d gone unseen by the %s pocket, %.0f mm from the cue ball's way", b, pk.ID, math.Max(0, gap))
	if k.trace != nil {
		k.trace("%.4f %s", k.lastT, why)
	}
	k.raise(why, func(rec *shot.Shot) []*shot.Shot {
		if b <= 0 || strayBall(rec, -1) { // readings.go
			return nil
		}
		met := firstMet(rec, b)
		t, _ := firstT(met)
		return []*shot.Shot{withEvent(met, shot.Event{T: t + 1e-4, Kind: shot.Pocketed, Ball: b, Pocket: string(pk.ID)})}
	})
}

// setOff is when track j, at q at the stroke, left it: its first detection in
// the shot more than half a radius from q (for a track born in the shot,
// that took up the ball's way, its first), or +Inf.
func (k *Tracker) setOff(j int, q table.Point) float64 {
	x := &k.tracks[j]
	if x.born > k.strikeT {
		return x.born
	}
	for _, s := range x.slog {
		if s.t > k.strikeT && s.p.Dist(q) > k.R/2 {
			return s.t
		}
	}
	return math.Inf(1)
}

// hiddenPotSpeed (mm/s): the speed a ball struck into a pocket from its mouth
// is taken to go in at, to time its drop.
const hiddenPotSpeed = 1000.0

// spotTaken reports whether a ball rested within 2R of p at the stroke.
func (k *Tracker) spotTaken(p table.Point) bool {
	for _, q := range k.before {
		if q.Dist(p) < 2*k.R {
			return true
		}
	}
	return false
}

// cueBend returns when the cue ball's detections in the shot, joined frame to
// frame (and from its rest point at the stroke to the first), first came nearest to within 2R of q, and by how much more (the gap),
// when its way bent there: its velocity over the frames after differs from
// that over the frames before by at least bendShare of the speed before. A
// cue ball passing a ball clear of it keeps its way.
func (k *Tracker) cueBend(q table.Point) (float64, float64, bool) {
	log := k.tracks[k.strikeTr].slog
	if from, ok := k.before[k.strikeTr]; ok && (len(log) == 0 || log[0].t > k.strikeT+k.dt/2) {
		// Its log may begin only when the stroke was known, a few frames
		// on: it set off from its rest point at the stroke.
		log = append([]sample{{t: k.strikeT, p: from}}, log...)
	}
	bi, gap := -1, math.Inf(1)
	for i := 1; i < len(log); i++ {
		a, b := log[i-1], log[i]
		if i > 1 && b.t-a.t > 2.5*k.dt || a.p == b.p {
			continue
		}
		sd, _ := segDist(q, a.p, b.p) // jaws.go
		if g := sd - 2*k.R; g < gap {
			bi, gap = i, g
		}
		if gap < 0 {
			break // the first touch, not where it went on to
		}
	}
	if bi < 0 || gap >= hiddenPotGap {
		return 0, gap, false
	}
	// Not across the frame of the meeting: the frames before it and after
	// (the way in from the stroke when nothing was logged before it).
	vin, okIn := velOver(log, bi-1-bendFrames, bi-1)
	if !okIn {
		vin, okIn = velOver(log, bi-1, bi)
	}
	vout, okOut := velOver(log, bi, bi+bendFrames)
	if !okIn || !okOut {
		return 0, gap, false
	}
	if vin.Len() < bendMinSpeed || vout.Sub(vin).Len() < bendShare*vin.Len() {
		return 0, gap, false
	}
	// At its speed coming in from a: across the frame where it met the ball
	// it slowed, and most of the frame's way was run before the contact.
	a, b := log[bi-1], log[bi]
	run := touchShare(q, a.p, b.p, 2*k.R) * a.p.Dist(b.p)
	return a.t + math.Min(b.t-a.t, run/vin.Len()), math.Max(0, gap), true
}

// touchShare is the share of the way from a to b at which a point moving
// along it first comes within r of q, or nearest to q when it never does.
func touchShare(q, a, b table.Point, r float64) float64 {
	ab := b.Sub(a)
	l2 := ab.Dot(ab)
	if l2 == 0 {
		return 0
	}
	aq := a.Sub(q)
	// |aq + s ab|² = r²: l2 s² + 2 (aq·ab) s + |aq|² − r² = 0.
	hb, c := aq.Dot(ab), aq.Dot(aq)-r*r
	if disc := hb*hb - l2*c; disc >= 0 {
		if s := (-hb - math.Sqrt(disc)) / l2; s >= 0 && s <= 1 {
			return s
		}
	}
	return math.Max(0, math.Min(1, -hb/l2))
}

// bendFrames, bendShare and bendMinSpeed (mm/s): see cueBend; a cue ball
// slower than bendMinSpeed coming in is not looked at.
const (
	bendFrames   = 3
	bendShare    = 0.5
	bendMinSpeed = 100.0
)

// velOver is the mean velocity of samples log[i..j] (clamped to the log), and
// whether there were two of them.
func velOver(log []sample, i, j int) (table.Point, bool) {
	i, j = max(i, 0), min(j, len(log)-1)
	if j <= i || log[j].t <= log[i].t {
		return table.Point{}, false
	}
	return log[j].p.Sub(log[i].p).Scale(1 / (log[j].t - log[i].t)), true
}

// lastReadBy is where track i was last read in the shot at or before t (its
// first read of the shot when none was).
func (k *Tracker) lastReadBy(i int, t float64) table.Point {
	log := k.tracks[i].slog
	p := log[0].p
	for _, s := range log {
		if s.t <= t {
			p = s.p
		}
	}
	return p
}

// thrownHit returns when the cue ball's straight way from its rest point,
// fitted to its detections before its first cushion, reached track j (the
// first ball on that way, reached short of the cushion it heads for); ok is
// false when it did not.
func (k *Tracker) thrownHit(j int) (float64, bool) {
	cue := k.strikeTr
	from, ok := k.before[cue]
	if !ok {
		return 0, false
	}
	t1 := math.Inf(1)
	for i := range k.events {
		if e := &k.events[i]; !e.cancel && e.kind == shot.RailHit && e.a == cue && e.t < t1 {
			t1 = e.t
		}
	}
	way, ok := k.cueDirection(t1-0.5*k.dt, math.Inf(1))
	if !ok {
		return 0, false
	}
	if b, _, _ := k.firstOnWay(way.u, j); b != j {
		return 0, false
	}
	s := k.reachOnWay(way.u, j)
	if math.IsInf(s, 1) || s > k.railAhead(from, way.u) {
		return 0, false
	}
	// When: where its detections passed that far along the way, or, when
	// the next one came off the cushion, at its speed on from the last
	// before.
	prev, v := sample{t: k.strikeT, p: from}, 0.0
	for _, x := range k.cueIn {
		if x.t <= k.strikeT || x.t >= t1 {
			continue
		}
		a0, a1 := prev.p.Sub(from).Dot(way.u), x.p.Sub(from).Dot(way.u)
		if a1 <= a0 {
			break
		}
		if a1 >= s {
			return prev.t + (x.t-prev.t)*(s-a0)/(a1-a0), true
		}
		v, prev = (a1-a0)/(x.t-prev.t), x
	}
	if v <= 0 {
		return 0, false
	}
	return math.Min(prev.t+(s-prev.p.Sub(from).Dot(way.u))/v, t1), true
}
