package tracking

import (
	"math"

	"github.com/cueref/cueref/shot"
	"github.com/cueref/cueref/table"
)

// A ball hidden in the cue ball's way, seen on its way into a pocket. The
// ball of hiddenway.go, taken for lifted while the arm hid it, is not always
// unseen to the end: struck fast, it runs out from under the arm and the
// detector reads it a frame or two before it drops, under any number (its
// colour blurred), and the tracker gives those reads to another track or to
// none (rendered 10-ball, seed 26, shot 48: the cue ball, read at 6.7 m/s,
// bent on the 10's spot and lost 6.4 m/s along (0.13, -0.99); 38 and 55 ms
// later a ball was read 210 and 324 mm from the spot, 6 and 5 mm off that
// line, heading into the foot-left pocket, read as the 8, which lay hidden
// elsewhere; the pot that won the rack was asked). What the camera saw then
// decides it:
//   - the cue ball's way in, carried on straight, came within 2R of the
//     hidden ball's spot before its next read (cueMeet: timed on the way in,
//     for the cue ball is often lost for a frame or two at such a hit);
//   - the ball struck took, by the cue ball's momentum (equal masses), the
//     velocity the cue ball lost there, u = vin - vout, at least bendShare
//     of the speed it came in at (vanish.go) and wayPotMinSpeed;
//   - at least wayPotReads frames after the bend read a ball on the line from
//     the spot along u (within wayPotLat of it), on its way out (each further
//     than the one before), as far along as u's speed carries it since the
//     bend (within a frame's travel and wayPotSlack), none of them a read of
//     a ball the shot had on the table;
//   - that line, from the last read, enters a pocket's hole fast enough to
//     be sure to drop (as shortOfHole asks of a ball lost in the mouth); and
//     no track born since the bend is on the table at the end.
// Then the cue ball met the ball at the bend and it went down that pocket,
// both told as seen (its way out was), the ball was on the table at the
// stroke, and the reads are its own (seen up to the hole, it is no ball
// thrown over the jaws: jawjump.go). Two reads on one line from the spot, at the speed and in the
// direction the cue ball's loss of momentum gives, do not come by chance;
// with fewer, or off the line, hiddenway.go asks.

// wayPotReads: frames with a read on the struck ball's line needed.
const wayPotReads = 2

// wayPotLat (mm): how far off the struck ball's line a read of it may lie
// (blur and the jaws' shading move a fast ball's read a centimetre or so).
const wayPotLat = 20.0

// wayPotSlack (mm): how far a read's distance along the line may differ from
// where u's speed carries the ball since the bend, beyond a frame's travel
// (the bend's time is known to a frame, u's speed to a few per cent).
const wayPotSlack = 40.0

// wayPotTime (s): how long after the bend the reads are looked for.
const wayPotTime = 0.3

// wayPotMinSpeed (mm/s): below this the struck ball's velocity, a difference
// of two read velocities, is too uncertain in direction to follow.
const wayPotMinSpeed = 1000.0

// wayObs is a frame's detections, kept while a shot runs: wayPts[lo:hi].
type wayObs struct {
	t      float64
	lo, hi int
}

// noteWayObs keeps frame t's detections while a shot runs (for hiddenWayPot),
// in buffers reused from shot to shot (no allocation per frame).
func (k *Tracker) noteWayObs(t float64, obs []Obs) {
	if k.phase != inShot {
		k.wayObs, k.wayPts = k.wayObs[:0], k.wayPts[:0]
		return
	}
	if n := len(k.wayObs); n > 0 && k.wayObs[0].t < k.strikeT-k.dt {
		k.wayObs, k.wayPts = k.wayObs[:0], k.wayPts[:0] // a new shot's
	}
	lo := len(k.wayPts)
	for _, o := range obs {
		k.wayPts = append(k.wayPts, o.At)
	}
	k.wayObs = append(k.wayObs, wayObs{t: t, lo: lo, hi: len(k.wayPts)})
}

// hiddenWayPot tells, at the end of a shot, the contact and pot of a ball
// hidden in the cue ball's way and seen on its way into a pocket (see above).
func (k *Tracker) hiddenWayPot() {
	cue := k.strikeTr
	if k.phase != inShot || cue < 0 || cue >= len(k.tracks) {
		return
	}
	for j := range k.tracks {
		tr := &k.tracks[j]
		if j == cue || !tr.used || !tr.gone || !tr.lifted || tr.ball <= 0 || tr.goneT > k.strikeT || k.strikeT-tr.goneT > hiddenWayAge {
			continue
		}
		if _, ok := k.before[j]; ok || k.ballOnTable(tr.ball) || k.hasContact(j) {
			continue
		}
		q := tr.rest
		tc, vin, vout, ok := k.cueMeet(q)
		if !ok {
			continue
		}
		u := vin.Sub(vout)
		sp := u.Len()
		if sp < wayPotMinSpeed || sp < bendShare*vin.Len() {
			continue
		}
		dir := u.Scale(1 / sp)
		reads, along := k.wayReads(j, q, dir, sp, tc)
		if len(reads) < wayPotReads {
			continue
		}
		last, n := reads[len(reads)-1].t, len(reads)
		p := q.Add(dir.Scale(along))
		pk, run, sure := k.wayPotPocket(p, u)
		if k.trace != nil {
			k.trace("%.4f hidden way pot: track %d ball %d from (%.1f, %.1f) at %.4f, %.0f mm/s along (%.2f, %.2f), %d reads on its way, last at %.4f %.0f mm out; pocket %s %v", k.lastT, j, tr.ball, q.X, q.Y, tc, sp, dir.X, dir.Y, n, last, along, pk, sure)
		}
		if !sure || k.bornSince(tc) {
			continue
		}
		pa, pb := still(k.lastReadBy(cue, tc), tc), still(q, tc)
		k.contact(cue, j, tc, &pa, &pb, false)
		down := last + run/math.Max(sp, 1)
		k.addEvent(pevent{t: down, kind: shot.Pocketed, a: j, pocket: pk})
		tr.lifted = false
		k.before[j], k.beforeID[j] = q, tr.ball
		// Its reads on the way are its own: seen up to the hole, it is no
		// ball thrown over the jaws (jawjump.go).
		tr.slog = append(tr.slog, reads...)
		tr.last = reads[len(reads)-1]
		return
	}
}

// cueMeet returns when the cue ball, on its way in the shot, first came 2R
// from q, and its velocity before and after: over the bendFrames frames up to
// its last detection farther than 2R + hiddenPotGap from q before it came
// there, and over those from its first detection after. It is timed on the
// way in (cueBend's segment may span the frames the cue ball was lost in,
// and its first read within 2R be frames past the meeting). ok is false when
// the way in, carried on, does not come within 2R of q before that first
// detection after.
func (k *Tracker) cueMeet(q table.Point) (tc float64, vin, vout table.Point, ok bool) {
	log := k.tracks[k.strikeTr].slog
	reach := 2*k.R + hiddenPotGap
	ib := -1
	for i := 1; i < len(log); i++ {
		if log[i].t <= k.strikeT {
			continue
		}
		if d, _ := segDist(q, log[i-1].p, log[i].p); d < reach {
			ib = i
			break
		}
	}
	if ib < 1 || log[ib-1].p.Dist(q) < 2*k.R {
		return 0, vin, vout, false
	}
	ia := ib - 1
	vin, okIn := velOver(log, ia-bendFrames, ia)
	vout, okOut := velOver(log, ib, ib+bendFrames)
	sp := vin.Len()
	if !okIn || !okOut || sp < bendMinSpeed {
		return 0, vin, vout, false
	}
	// |w + s v|² = (2R)², first root, along the way in from log[ia].
	w, v := log[ia].p.Sub(q), vin.Scale(1/sp)
	b, c := w.Dot(v), w.Dot(w)-4*k.R*k.R
	disc := b*b - c
	if b >= 0 || disc < 0 {
		return 0, vin, vout, false
	}
	s := (-b - math.Sqrt(disc)) / sp
	if log[ia].t+s > log[ib].t {
		return 0, vin, vout, false
	}
	return log[ia].t + s, vin, vout, true
}

// wayReads counts the frames after tc that read a ball on the line from q
// along dir where speed sp carries it (see above), none of them a ball on
// the table at the stroke; it returns those reads and the last one's
// distance along the line.
func (k *Tracker) wayReads(j int, q, dir table.Point, sp, tc float64) (reads []sample, along float64) {
	prev := k.R
	for _, f := range k.wayObs {
		if f.t <= tc || f.t > tc+wayPotTime {
			continue
		}
		want := sp * (f.t - tc)
		for _, p := range k.wayPts[f.lo:f.hi] {
			d := p.Sub(q)
			a := d.Dot(dir)
			lat := math.Abs(d.X*dir.Y - d.Y*dir.X)
			if a <= prev || lat > wayPotLat || math.Abs(a-want) > sp*k.dt+wayPotSlack || k.readOfOther(j, f.t, p) {
				continue
			}
			reads = append(reads, sample{t: f.t, p: p})
			along, prev = a, a
			break
		}
	}
	return reads, along
}

// readOfOther reports whether a ball the shot had on the table at the stroke
// (other than track j) was logged within a radius of p at time t.
func (k *Tracker) readOfOther(j int, t float64, p table.Point) bool {
	for i := range k.before {
		if i == j {
			continue
		}
		for _, s := range k.tracks[i].slog {
			if math.Abs(s.t-t) < k.dt/2 && s.p.Dist(p) < k.R {
				return true
			}
		}
	}
	return false
}

// wayPotPocket returns the pocket whose hole the straight way from p along u
// enters, the run to the hole, and whether the ball is sure to drop there:
// through the mouth, and fast enough by the margins shortOfHole uses.
func (k *Tracker) wayPotPocket(p, u table.Point) (table.PocketID, float64, bool) {
	sp := u.Len()
	for _, q := range k.tab.Pockets() {
		c, r := hole(q)
		run, enters := mouthRun(c, r, p, u)
		if !enters || headsOutside(q, p, u) {
			continue
		}
		need := math.Sqrt(2 * rollDecel * run)
		if sp < need+mouthRestMargin {
			return q.ID, run, false
		}
		if fa, fn, ok := k.facingFirst(q, c, r, p, u, run); ok && (sp < mouthOutFactor*(need+mouthRestMargin) && fa < mouthOutFactor*fn || sp < facingAsk) {
			return q.ID, run, false
		}
		return q.ID, run, true
	}
	return "", 0, false
}

// bornSince reports whether a confirmed track born after t is on the table.
func (k *Tracker) bornSince(t float64) bool {
	for i := range k.tracks {
		if x := &k.tracks[i]; x.used && x.confirmed && !x.gone && x.born > t {
			return true
		}
	}
	return false
}
