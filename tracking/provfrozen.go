package tracking

import (
	"slices"

	"github.com/cueref/cueref/shot"
	"github.com/cueref/cueref/table"
)

// A cue ball struck while frozen to another ball (or to a cluster through
// it) hands the stroke on at once: the ball it touches, and the balls
// pressed against that one, leave their rest points on the next frame,
// while the cue ball itself creeps after them, a millimetre or two a frame,
// and shows its own start (provFar off its rest point, or a start's two
// detections) five to fifteen frames later. Waiting for it told the stroke,
// and every contact of the cluster after it, that late. A ball pressed
// against the resting cue ball, directly or through a chain of balls at
// rest each pressed against the next, seen leaving between shots was sent
// off by a stroke: the strike is told provisionally on that frame, with the
// cue ball's contact with the ball it touches on the way; the start of the
// cue ball confirms them (advance times the stroke by the first start next
// to it, frozenStart times the contact), or they are withdrawn.

// provFrozenStrike tells the provisional strike of the resting cue ball,
// and its contact, when resting track i, whose detection s is off its rest
// point (the leave timed at t) between shots, is pressed against it (see
// above). A ball pressed against the cue ball must be seen off its rest
// point along the line of centres from it, the way the stroke sends it
// (within provFrozenCos: a detector's centre that flips about a still
// ball, half hidden by the cue ball, goes any way); one pressed against it
// through others only with another ball of the group off its rest point
// too (the push moves the group, not one ball of it; a ball half hidden in
// a cluster is often read off its place, alone). It reports whether it
// told them.
func (k *Tracker) provFrozenStrike(i int, s sample, t float64) bool {
	tr := &k.tracks[i]
	if tr.last.t < s.t-1.5*k.dt {
		return false // unseen until now: a stale track's stray read, not a ball seen leaving
	}
	cue := k.restingCue(i)
	if cue < 0 {
		return false
	}
	var buf [24]int
	group, via := k.frozenGroup(cue, i, buf[:0])
	if via < 0 {
		return k.provNearStrike(i, cue, s, t)
	}
	if via == i {
		if !awayFrom(s.p, tr.rest, k.tracks[cue].rest) {
			return false
		}
	} else {
		other := false
		for _, j := range group {
			if o := &k.tracks[j]; j != i && (o.moving || o.npend > 0) {
				other = true
			}
		}
		if !other {
			return false
		}
	}
	if k.trace != nil {
		k.trace("%.4f frozen strike: track %d ball %d left at %.4f, pressed against the cue ball through track %d ball %d (seen at %v)", k.lastT, i, tr.ball, t, via, k.tracks[via].ball, s.p)
	}
	k.provisional(shot.Strike, cue, -1, t, shot.Event{Ball: 0})
	k.provisional(shot.Contact, cue, via, t, shot.Event{A: 0, B: k.tracks[via].ball})
	return true
}

// provNearGap (mm): a ball resting this near the cue ball, not touching it,
// is met a frame or two after a stroke at any pace: seen leaving between
// shots straight away from the resting cue ball, it was struck by it, and
// the cue ball, slowed by the contact, shows its own start many frames
// later (rendered seed 77, 14.1 shot 24: a safety, the cue ball 8 mm from
// the 11; the 11 left a frame after the stroke, the cue ball's start showed
// 25 frames on, and the strike and contact were told then; a "touch" of
// the 15, met by the 11, was told live meanwhile). Further off, a stroke
// slow enough to hide the cue ball's start shows the cue ball moving before
// it meets the ball, and a steady misread of a resting ball is more likely
// (rendered seed 67, 14.1 at 331.7-333.4 s: the 14, 15 mm from the cue
// ball, read 10 mm off its rest, straight away from it, again and again;
// at 15 mm, eight false strikes were told and withdrawn).
const provNearGap = 12.0

// provNearStrike tells the provisional strike of resting cue ball track cue,
// and its contact with resting track i, when i rests within provNearGap of
// it and its detection s, off its rest point (provStart), lies straight away
// from the cue ball (awayFrom). It reports whether it did.
func (k *Tracker) provNearStrike(i, cue int, s sample, t float64) bool {
	tr, c := &k.tracks[i], &k.tracks[cue]
	gap := tr.rest.Dist(c.rest) - 2*k.R
	if gap > provNearGap || !awayFrom(s.p, tr.rest, c.rest) {
		return false
	}
	if k.trace != nil {
		k.trace("%.4f near strike: track %d ball %d left at %.4f straight away from the cue ball %.1f mm off it (seen at %v, %.1f mm off its rest)", k.lastT, i, tr.ball, t, gap, s.p, s.p.Dist(tr.rest))
	}
	k.provisional(shot.Strike, cue, -1, t, shot.Event{Ball: 0})
	k.provisional(shot.Contact, cue, i, t, shot.Event{A: 0, B: tr.ball})
	return true
}

// restingCue returns the one track other than i named the cue ball, when
// it is at rest, or −1 (two of them, or one moving: a name crossed, the
// stroke already made).
func (k *Tracker) restingCue(i int) int {
	cue := -1
	for j := range k.tracks {
		c := &k.tracks[j]
		if j == i || !c.used || !c.confirmed || c.gone || c.ball != 0 {
			continue
		}
		if c.moving || cue >= 0 {
			return -1
		}
		cue = j
	}
	return cue
}

// awayFrom reports whether p, a detection of a ball resting at rest, lies
// off it straight away from a ball at from, as a push from that ball sends
// it: within provFrozenCos of the line of centres.
func awayFrom(p, rest, from table.Point) bool {
	u, n := p.Sub(rest), rest.Sub(from)
	return u.Dot(n) >= provFrozenCos*u.Len()*n.Len()
}

// provFrozenCos is the least cosine between the way a ball pressed against
// the cue ball is seen off its rest point and the line of centres (the
// detection's noise, a few millimetres off, turns it by 15° or so).
const provFrozenCos = 0.8

// frozenGroup appends to dst the identified tracks at rest (or just left
// their rest points) pressed against resting track cue, directly or
// through others, and returns them with the track pressed against cue
// through which track i is (i itself when it touches cue), or −1 when i is
// not in the group (see provFrozenStrike).
func (k *Tracker) frozenGroup(cue, i int, dst []int) ([]int, int) {
	// A breadth-first walk from cue, each step to a ball whose rest point
	// is within touching distance (and the noise of two rest points) of
	// the last one's; first[n] is the first step of the way to dst[n].
	var fbuf [24]int
	first := fbuf[:0]
	via := -1
	for q := -1; q < len(dst); q++ {
		a := cue
		if q >= 0 {
			a = dst[q]
		}
		pa, _ := k.leftRest(a)
		for j := range k.tracks {
			o := &k.tracks[j]
			if j == cue || !o.used || !o.confirmed || o.gone || o.ball < 0 || slices.Contains(dst, j) {
				continue
			}
			if po, ok := k.leftRest(j); !ok || !k.touchingRest(pa, po) {
				continue
			}
			f := j
			if q >= 0 {
				f = first[q]
			}
			if j == i {
				via = f
			}
			dst, first = append(dst, j), append(first, f)
		}
	}
	return dst, via
}

// leftRest returns where track j rests, or the rest point it left a moment
// ago (provFrozenLeft: the cluster's balls leave one after another).
func (k *Tracker) leftRest(j int) (table.Point, bool) {
	o := &k.tracks[j]
	if !o.moving {
		return o.rest, true
	}
	return o.from, k.lastT-o.startT < provFrozenLeft
}

// provFrozenLeft (s): see leftRest.
const provFrozenLeft = 0.2

// touchingRest reports whether balls resting at p and q touch, within the
// frozen tolerance and the noise of two rest points (as frozenStart has it).
func (k *Tracker) touchingRest(p, q table.Point) bool {
	return p.Dist(q) <= 2*k.R+table.FrozenTolerance+2*k.cfg.Sigma
}

// A ball resting in a pocket's mouth frozen to the cue ball is pushed in by
// the stroke before the detector sees it move (see pushedIn), and the cue
// ball creeps after it: the shot began only when the cue ball's start
// showed, many frames on. Gone from view with nothing hiding it while the
// cue ball it touches is seen off its rest point towards it, it was
// pushed in: the strike, the contact and the pocket are told
// provisionally then (pushedIn confirms them once the shot has begun).

// provPushedIn tells the provisional strike, contact and pocket of resting
// track i, gone from view (with nothing hiding it) between shots, when it
// rested in a pocket's mouth pressed against the resting cue ball and the
// cue ball's newest detection is off its rest point (beyond three times the
// noise: a dropped detection or two of a still ball are no rarity), not
// away from it.
func (k *Tracker) provPushedIn(i int) {
	tr := &k.tracks[i]
	if k.phase != idle || k.lagDue || tr.moving || tr.ball <= 0 || tr.missClr < 2 || tr.missClr > provPushFrames || tr.restW < restMin {
		return
	}
	pk, d := k.tab.NearestPocket(tr.rest)
	if d >= pk.Width/2+2*k.R {
		return
	}
	for j := range k.tracks {
		c := &k.tracks[j]
		if j == i || !c.used || !c.confirmed || c.gone || c.moving || c.ball != 0 || !c.seen || !k.touchingRest(c.rest, tr.rest) {
			continue
		}
		off := c.last.p.Sub(c.rest)
		if off.Len() < 3*k.cfg.Sigma || off.Dot(tr.rest.Sub(c.rest)) < 0 {
			continue
		}
		t := tr.last.t + 0.5*k.dt
		if k.trace != nil {
			k.trace("%.4f frozen pushed in: track %d ball %d unseen since %.4f, the cue ball %.1f mm off", k.lastT, i, tr.ball, tr.last.t, off.Len())
		}
		k.provisional(shot.Strike, j, -1, t, shot.Event{Ball: 0})
		k.provisional(shot.Contact, j, i, t, shot.Event{A: 0, B: tr.ball})
		k.provisional(shot.Pocketed, i, -1, t+0.01, shot.Event{T: 0.01, Ball: tr.ball, Pocket: string(pk.ID)})
		return
	}
}

// provPushFrames: provPushedIn looks at a ball unseen this many frames at
// most (the cue ball may show it left only on the second or third).
const provPushFrames = 4
