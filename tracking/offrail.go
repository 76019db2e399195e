package tracking

import (
	"math"

	"github.com/cueref/cueref/shot"
	"github.com/cueref/cueref/table"
)

// A ball lost from view by a cushion, moving, was told off the table when it
// was within 2R of the cushion at over 500 mm/s: over the cushion, seen. But
// the detector barely sees some balls against a cushion (the black ball on
// the rendered bench: its outline merges with the cushion and its shadow), and
// a ball rolling into a cushion, or along it, that comes to rest by it unseen
// is lost there just the same (cueref bench --racks 2 --seed 10, 10ball shot
// 18: ball 8, lost 36 mm off the right cushion at 1 m/s, mostly along it,
// rested 6 mm off it, unseen, and was called off the table; five of the nine
// wrong off_table calls on rendered seeds 1-11 were the black ball lost at a
// cushion). A ball leaves over a cushion only in the air, thrown up by a hard
// hit, and heading into the cushion: it crosses the nose line, it does not
// run along it. So what counts is the speed into the cushion (jumpInto), or
// a hit just as it went (jumpHit: the hit, not the path fitted to the reads
// before it, tells where it went; no-render seed 2, 10ball shot 214, a break:
// ball 9 thrown over the right cushion, running along it when last seen); a
// ball neither is lost on the bed, by the cushion (lostByRail).

// jumpInto (mm/s): the least speed into a cushion of a ball that goes over it.
// A ball is thrown up only by a hit that leaves it at 2.5 m/s or more, keeps
// about four fifths of that in the air, and crosses the cushion heading at it
// 30 degrees or more off its line (sim/physics.go, Airborne*): 1 m/s into it.
// The true off_table calls at a cushion on the benches came at 1.3-7.2 m/s into
// it; most wrong ones, of balls that stayed by it, from 0.7 m/s into it to
// 1 m/s away from it (three came at 1.3-2.2 m/s into it, and stay).
const jumpInto = 1000.0

// jumpHit (s): a ball hit this shortly before its last sight, or after it,
// may have been thrown up by the hit (the ball leaves the bed at the hit).
const jumpHit = 0.1

// lostByRail handles moving track i, lost from view gap (mm) from a cushion
// with nothing hiding it, when it is within 2R of the cushion and was faster
// than a ball that merely comes to rest there (500 mm/s): it reports whether
// it did. Over the cushion (overRail), the ball is told off the table, seen.
// In a pocket's mouth, it dropped, even heading into the cushion beside it,
// hit hard: camera model at 30 fps, seed 43, 8-ball shot 198, the 14, potted
// in the foot-left corner from 57 mm off the foot cushion, its track swapped
// with the cue ball's and lost 78 mm from the corner heading into that
// cushion, was told off the table over it, unasked, on a legal pot
// (TestLostAtMouthNotOver). Otherwise it is on the table, lost where
// the detector loses balls against a cushion: gone as a pocketed ball is, but with no event, so that read again
// where it went it is taken back (the shot stops no earlier than it was last
// seen moving); and not doubted, for where along the cushion it came to rest
// does not bear on the ruling (rendered seeds 9-11: three such doubts, all
// needless).
func (k *Tracker) lostByRail(i int, gap float64) bool {
	tr := &k.tracks[i]
	if gap >= 2*k.R || tr.fit.vel(tr.last.t).Len() <= 500 {
		return false
	}
	pk, d := k.tab.NearestPocket(tr.last.p)
	inMouth := d <= pk.Width/2+2*k.R
	if !inMouth && k.overRail(i) {
		k.goneEvent(i, shot.OffTable, tr.last.t, "", false)
		return true
	}
	if inMouth {
		// Not over the cushion but in a pocket's mouth, as atMouth has it,
		// heading anywhere: a ball lost there that fast dropped, told
		// unseen for a person to confirm (and taken back if it is read
		// again). Its path, fitted to reads pulled off it by the jaws,
		// need not point into the hole.
		// Rendered 8-ball, seed 35, shot 25: the 8, met by the cue ball
		// 40 mm off the left cushion by the head-left corner, black in the
		// corner's shade, its track given a read of the cue ball, was lost
		// 63 mm from the hole at 1 m/s and taken for resting by the head
		// cushion, unseen: it had dropped, and the shot lost the 8 with no
		// event and no question, a loss of the game (the 8 pocketed on a
		// safety) ruled play on.
		k.goneEvent(i, shot.Pocketed, tr.last.t, pk.ID, true)
		return true
	}
	if pk, ok := k.alongInto(i); ok {
		k.goneEvent(i, shot.Pocketed, tr.last.t, pk, true)
		return true
	}
	if k.trace != nil {
		k.trace("%.4f lost by the cushion track %d ball %d at %v: on the table", k.lastT, i, tr.ball, tr.last.p)
	}
	tr.gone, tr.goneT, tr.moving, tr.npend, tr.byRail = true, tr.last.t, false, 0, true
	return true
}

// overRail reports whether moving track i, lost from view within 2R of a
// cushion, went over it: its path, at its last sight, heads into the nearest
// cushion at jumpInto or more, or a ball hit it as it went (jumpHit).
func (k *Tracker) overRail(i int) bool {
	tr := &k.tracks[i]
	rail, gap := k.tab.NearestRail(tr.last.p)
	// How fast the gap to that cushion closes (mm/s).
	into := gap - k.tab.RailDistance(tr.last.p.Add(tr.fit.vel(tr.last.t)), rail)
	// Hit as it went: thrown up by the hit, it left heading where the hit
	// sent it, which its path, fitted to its reads before, does not show.
	hit := k.hardHitSince(i, tr.last.t-jumpHit)
	if hit && into < 0 && tr.last.t > k.lastHardHit(i)+k.dt/2 {
		// Read on the bed after the hit, running along the cushion into
		// the corner at its end: where the hit sent it shows
		// (awayAfterHit).
		if _, ok := k.alongInto(i); ok {
			hit = false
		}
	}
	if k.trace != nil {
		k.trace("%.4f lost by the %s cushion track %d ball %d: %.0f mm/s into it, hit %v (over it: %v)", k.lastT, rail, i, tr.ball, into, hit, into >= jumpInto || hit)
	}
	return into >= jumpInto && !k.crawledInto(i) && k.thrownNear(i) || hit
}

// flyReach (mm): how far from the hit that threw it up a ball goes over a
// cushion at most. The simulator throws a ball only at a cushion within
// 0.3 m of the hit (sim/physics.go, AirborneReach); a ball thrown up lands
// within a few hundred millimetres.
const flyReach = 450.0

// thrownNear reports whether moving track i, lost by a cushion heading into
// it, could have been thrown over it: a hard hit of it (hardHitSince's test),
// or the stroke for the struck ball, lay within flyReach of where it was
// lost. A ball that rolled farther on the bed since was not in the air.
// (Only a named ball's track: a nameless one is judged as ever.)
// Rendered 8-ball, seed 37, shot 25: the 10, met by the cue ball 860 mm from
// the left cushion, ran into it at 2.5 m/s and was lost there, its track
// given a stray read 370 mm on: told off the table (asked) on a legal pot.
func (k *Tracker) thrownNear(i int) bool {
	tr := &k.tracks[i]
	if tr.ball < 0 {
		return true // a nameless track, as likely an arm's blob: judged as ever (TestPhantomGone)
	}
	if i == k.strikeTr && tr.from.Dist(tr.last.p) <= flyReach {
		return true
	}
	for j := len(k.events) - 1; j >= 0; j-- {
		e := &k.events[j]
		if e.kind != shot.Contact || e.cancel || e.a != i && e.b != i || e.t > tr.last.t {
			continue
		}
		if !e.hasAt || e.closingOK && e.closing < jumpInto && !k.offAt(e.a+e.b-i, e.t) {
			return !e.hasAt // a hit whose place is not known may have thrown it
		}
		return e.at.Dist(tr.last.p) <= flyReach
	}
	return false
}

// offAt reports whether track o went off the table within jumpHit of a
// contact at t: that hit was hard enough to throw a ball up, whatever
// closing speed was read for it (a ball struck from rest and gone at once
// leaves no way out to read it by). Rendered 8-ball, seed 68, shot 58: the
// cue ball met the 8 by the head cushion at 4.8 m/s and both flew off the
// table; the contact's closing speed was read under jumpInto, the cue ball,
// lost going over the head cushion at 2.8 m/s, was taken for resting by it,
// and the cue_ball_off_table foul went untold, unflagged.
func (k *Tracker) offAt(o int, t float64) bool {
	for j := range k.events {
		if e := &k.events[j]; !e.cancel && e.kind == shot.OffTable && e.a == o && e.t >= t && e.t <= t+jumpHit {
			return true
		}
	}
	return false
}

// crawlSpan (s): how far back from its last sight crawledInto looks at a
// lost ball's reads; crawlMin (s): the least span of them it judges by.
const (
	crawlSpan = 0.25
	crawlMin  = 0.1
)

// crawledInto reports whether moving track i's reads, over its last
// crawlSpan before it was lost and since its last contact or cushion hit,
// moved it on by less than half jumpInto a second: whatever its fitted path
// says, it was not heading into the cushion fast enough to go over it. A
// ball thrown up by a hit flies straight from the hit at 2 m/s or more, so
// its reads since the hit run far apart. Rendered 10-ball, seed 34, shot 30:
// ball 6, green on the green cloth, rolled at 0.1 m/s into the right
// cushion, read one frame in two up to 20 mm off its way and not at all
// once it rested 4 mm off the cushion; its track, broken at every other
// read, fitted its last two "at 1.4 m/s into the cushion" and it was told
// off the table (asked, and the next shot asked as it showed again).
func (k *Tracker) crawledInto(i int) bool {
	tr := &k.tracks[i]
	from := tr.last.t - crawlSpan
	for j := range k.events {
		e := &k.events[j]
		if !e.cancel && (e.kind == shot.Contact || e.kind == shot.RailHit) && (e.a == i || e.kind == shot.Contact && e.b == i) && e.t > from && e.t < tr.last.t {
			from = e.t
		}
	}
	var first sample
	ok := false
	for _, s := range tr.slog {
		if s.t >= from && s.t < tr.last.t {
			first, ok = s, true
			break
		}
	}
	span := tr.last.t - first.t
	if !ok || span < crawlMin {
		return false
	}
	sp := tr.last.p.Dist(first.p) / span
	if k.trace != nil {
		k.trace("%.4f lost track %d ball %d: its reads moved it %.0f mm/s over its last %.3f s", k.lastT, i, tr.ball, sp, span)
	}
	return sp < jumpInto/2
}

// hardHitSince reports whether track i had a contact since t hard enough to
// throw a ball up: its balls closed at jumpInto or more along the line of
// centres, or how fast is not known. A ball is thrown up only by a hit
// closing at 2.5 m/s or more (sim/physics.go, AirborneSpeed; jumpInto leaves
// room for a closing speed read short). Rendered 9-ball, seed 34, shot 31:
// the cue ball, struck at 0.7 m/s from 84 mm away, potted the 3 and rolled
// on into the head cushion, where the detector lost it 0.03 s after the
// contact (closing at 778 mm/s) and 20 mm short of where it came to rest;
// "hit as it went", it was told off the table: a scratch on a legal pot,
// unflagged.
func (k *Tracker) hardHitSince(i int, t float64) bool {
	return k.lastHardHit(i) >= t
}

// awayAfterHit: a ball read on the bed after the hard hit, its way since
// running along the nearest cushion into the corner at its end (alongInto),
// was not thrown over that cushion by the hit. Camera model at 30 fps, seed 26, 10-ball shot
// 48: the 10, hit at 6 m/s 100 mm from the foot cushion, was read once
// after the hit running along the foot cushion into the foot-left corner,
// 142 mm from it, and dropped there unseen. "Hit as it went", it was told
// off the table over the foot cushion: object_ball_off_table, unasked, on a
// legal pot (TestAlongAfterHit).

// lastHardHit returns the time of track i's latest hard hit (see
// hardHitSince), −Inf when none.
func (k *Tracker) lastHardHit(i int) float64 {
	t := math.Inf(-1)
	for j := range k.events {
		e := &k.events[j]
		if e.kind == shot.Contact && !e.cancel && (e.a == i || e.b == i) && (!e.closingOK || e.closing >= jumpInto) {
			t = math.Max(t, e.t)
		}
	}
	return t
}

// closingSpeed is how fast two balls on paths px and py close along their
// line of centres at t (mm/s).
func closingSpeed(px, py *path, t float64) float64 {
	n := py.at(t).Sub(px.at(t))
	l := n.Len()
	if l == 0 {
		return px.vel(t).Sub(py.vel(t)).Len()
	}
	return math.Abs(px.vel(t).Sub(py.vel(t)).Dot(n.Scale(1 / l)))
}

// A ball lost by a cushion running fast along it does not come to rest there:
// rolling, it has metres to go, and the cushion it runs along leads it to the
// corner at its end (rendered seed 21, 9-ball shot 3: the cue ball, lost 44 mm
// off the left cushion at 4.7 m/s heading for the head-left corner, unseen
// for its last 0.25 s, dropped in that corner; taken for resting where it
// was lost, its scratch went untold, unflagged). alongInto tells such a
// ball pocketed in that corner, unseen, so that a person confirms, and the
// ball read again anywhere takes the pocket back (backOnTable).

// alongSpeed (mm/s): the least speed of a ball lost running along a cushion
// that alongInto takes for on its way to the corner. Two metres a second: the
// balls lost by a cushion that came to rest there unseen (rendered seeds
// 9-11, offrail.go above) ran at 1 m/s or less; at rollDecel one at 2 m/s
// has 20 m of roll left, and even a cushion's sliding friction (μ 0.2 of g)
// leaves it a metre.
const alongSpeed = 2000.0

// alongInto reports the corner pocket that moving track i, lost within 2R of
// a cushion, was running along that cushion into: at alongSpeed or more,
// within 15 degrees of the cushion's line, the corner ahead at its end. Only
// a named ball's: a nameless track so lost (rendered seed 11, 9-ball shot 45,
// at 3.3 m/s along the left cushion) is as likely a false detection's, and
// its "pocket" asked a person in place of the shot's real doubt.
func (k *Tracker) alongInto(i int) (table.PocketID, bool) {
	tr := &k.tracks[i]
	v := tr.fit.vel(tr.last.t)
	sp := v.Len()
	if sp < alongSpeed || tr.ball < 0 {
		return "", false // (a nameless track: as likely an arm's or a cue's blob)
	}
	rail, _ := k.tab.NearestRail(tr.last.p)
	// The cushion's line: along x for the left and right cushions (y = 0
	// and y = W), along y for the head and foot ones.
	dir := table.Point{X: 1}
	if rail == table.Head || rail == table.Foot {
		dir = table.Point{Y: 1}
	}
	along := v.Dot(dir)
	if math.Abs(along) < sp*math.Cos(15*math.Pi/180) {
		return "", false
	}
	if along < 0 {
		dir = dir.Scale(-1)
	}
	best, bd := table.PocketID(""), math.Inf(1)
	for _, pk := range k.tab.Pockets() {
		if !pk.Corner {
			continue
		}
		q := pk.Center.Sub(tr.last.p)
		ahead := q.Dot(dir)
		side := q.Sub(dir.Scale(ahead)).Len()
		if ahead > 0 && side < 3*k.R+pk.Width && ahead < bd {
			best, bd = pk.ID, ahead
		}
	}
	if best == "" {
		return "", false
	}
	if k.trace != nil {
		k.trace("%.4f lost by the %s cushion track %d ball %d at %v: %.0f mm/s along it, into %s %.0f mm ahead (unseen)", k.lastT, rail, i, tr.ball, tr.last.p, sp, best, bd)
	}
	return best, true
}
