package tracking

import (
	"math"

	"github.com/cueref/cueref/shot"
	"github.com/cueref/cueref/table"
)

// Balls pressed together (frozen at the stroke, or come to rest against each
// other) show no approach to a camera: when one is hit or pushed, the other
// leaves its rest point in the same instant. What can be seen is that both left
// their rest points together while touching, and the hit on the group from a
// ball outside it. In a group of two or three pressed balls (a pair, a chain
// cue → A → B → C) every touching pair passed the push on: each is told, timed
// at that hit, when one of the two went off along their line of centres. In a
// bigger cluster (a rack) the push goes through some touching pairs and not
// others, and which is not to be seen: nothing is added there, but a contact
// told between two of its balls from their paths (which show no approach, and
// time it tens of milliseconds off) is timed again at the hit.
//
// The tracker notes each ball's leaving of its rest point in a shot (a start,
// or a nudge found late); pressed neighbours that left within pressWin of each
// other make a group, judged pressWin+pressWait after its last leaving.
const (
	// pressWin (s): two pressed balls that left their rest points this near in
	// time left together (a slow push's start is timed a few frames off).
	pressWin = 0.12
	// pressWait (s): a leaving is judged this long after pressWin has passed,
	// once its neighbours' leavings have been seen (a slow start is found a
	// few frames late).
	pressWait = 0.03
	// pressGroup: groups of pressed balls this big or smaller tell a contact
	// for every touching pair.
	pressGroup = 3
)

// leave is a track leaving its rest point at at, at about time t, in a shot.
type leave struct {
	tr   int
	t    float64
	at   table.Point
	done bool
	// way is where it went off to (see noteWay), zero if not seen.
	way table.Point
	// early: found before the stroke was told (leavesAtStroke).
	early bool
}

// noteLeave notes that track i left its rest point at at at about time t.
func (k *Tracker) noteLeave(i int, at table.Point, t float64) {
	if k.phase != inShot || t < k.strikeT-pressWin {
		return
	}
	for j := range k.leaves {
		if l := &k.leaves[j]; l.tr == i && math.Abs(l.t-t) < pressWin {
			return // the same leaving, seen again (a start, then a nudge)
		}
	}
	if k.trace != nil {
		k.trace("%.4f left rest: track %d ball %d at %.4f from %v", k.lastT, i, k.tracks[i].ball, t, at)
	}
	k.leaves = append(k.leaves, leave{tr: i, t: t, at: at})
}

// pressTol (mm) is the gap between two rest points (each the mean of many
// detections) within which the balls count as pressed together: a push
// through a wider gap is seen coming, and is not timed at the hit.
func (k *Tracker) pressTol() float64 { return table.FrozenTolerance }

// pressedWith returns the leavings of other tracks that left with leaving li
// from a rest point touching its own.
func (k *Tracker) pressedWith(li int, dst []int) []int {
	l := &k.leaves[li]
	for j := range k.leaves {
		o := &k.leaves[j]
		if j == li || o.tr == l.tr || math.Abs(o.t-l.t) > pressWin || o.at.Dist(l.at)-2*k.R > k.pressTol() {
			continue
		}
		dup := false
		for _, x := range dst {
			if k.leaves[x].tr == o.tr {
				dup = true
			}
		}
		if !dup {
			dst = append(dst, j)
		}
	}
	return dst
}

// pressedGroup returns the leavings of leaving li's group of pressed balls
// that left together (see pressedWith), li first, one per track.
func (k *Tracker) pressedGroup(li int) []int {
	group := []int{li}
	var buf []int
	for n := 0; n < len(group); n++ {
		buf = k.pressedWith(group[n], buf[:0])
		for _, j := range buf {
			known := false
			for _, g := range group {
				if k.leaves[g].tr == k.leaves[j].tr {
					known = true
				}
			}
			if !known {
				group = append(group, j)
			}
		}
	}
	return group
}

// groupHit returns the time of the contact that set a group of pressed balls
// off: the earliest told contact of a ball of the group with a ball outside
// it, about when they left (a later one is a ball of the group, on its way,
// hitting another).
func (k *Tracker) groupHit(group []int) (float64, bool) {
	lo, hi := math.Inf(1), math.Inf(-1)
	for _, g := range group {
		lo, hi = math.Min(lo, k.leaves[g].t), math.Max(hi, k.leaves[g].t)
	}
	in := func(tr int) bool {
		for _, g := range group {
			if k.leaves[g].tr == tr {
				return true
			}
		}
		return false
	}
	hit, ok := math.Inf(1), false
	for j := range k.events {
		e := &k.events[j]
		if e.kind != shot.Contact || e.cancel || e.t < lo-pressWin || e.t > hi+2*k.dt || in(e.a) == in(e.b) {
			continue
		}
		if e.t < hit {
			hit, ok = e.t, true
		}
	}
	return hit, ok
}

// judgePressed judges the groups of pressed balls that left their rest points
// together (see leave), each once pressWait after its last leaving (final: all
// of them, at the end of the shot). A contact told between two of them, timed
// off their paths, is timed again at the hit that set the group off; in a
// small group every pressed pair not told yet is told, when the ball went off
// along their line of centres.
func (k *Tracker) judgePressed(final bool) {
	k.judgeCones(final) // presscone.go: pushes through bigger groups
	if k.phase != inShot && !final {
		return
	}
	for li := range k.leaves {
		if k.leaves[li].done {
			continue
		}
		group := k.pressedGroup(li)
		last := math.Inf(-1)
		for _, g := range group {
			last = math.Max(last, k.leaves[g].t)
		}
		if !final && k.lastT < last+pressWin+pressWait {
			continue
		}
		for _, g := range group {
			k.leaves[g].done = true
			k.noteWay(g) // frozen.go
		}
		if len(group) < 2 {
			continue
		}
		hit, ok := k.groupHit(group)
		if !ok {
			continue // nothing seen set them off
		}
		for x, gi := range group {
			for _, gj := range group[x+1:] {
				a, b := &k.leaves[gi], &k.leaves[gj]
				if math.Abs(a.t-b.t) > pressWin || a.at.Dist(b.at)-2*k.R > k.pressTol() {
					continue
				}
				at := hit
				if a.early || b.early {
					// leavebefore.go: timed by the leavings, not again
					at = pairHit(hit, a, b)
					if k.pairTold(a.tr, b.tr, at) {
						continue
					}
				} else if k.retimePressed(a.tr, b.tr, hit) {
					continue
				}
				if len(group) > pressGroup {
					continue // in a cluster the push goes through some pairs only
				}
				if !k.alongCentres(a, b) && !k.alongCentres(b, a) {
					continue // it went off another way: pushed by something else
				}
				k.pressedContact(a, b, at)
			}
		}
	}
}

// retimePressed times a contact told between pressed tracks a and b about the
// hit that set them off again at the hit, and reports whether one was told.
func (k *Tracker) retimePressed(a, b int, hit float64) bool {
	for j := range k.events {
		e := &k.events[j]
		if e.kind != shot.Contact || e.cancel || math.Abs(e.t-hit) > pressWin || !(e.a == a && e.b == b || e.a == b && e.b == a) {
			continue
		}
		if math.Abs(e.t-hit) > 2*k.dt {
			if k.trace != nil {
				k.trace("%.4f pressed tracks %d and %d: contact at %.4f timed again at the hit at %.4f", k.lastT, a, b, e.t, hit)
			}
			e.t = hit
		}
		return true
	}
	return false
}

// pressedContact tells the contact of pressed tracks that left their rest
// points together, at the hit that set them off.
func (k *Tracker) pressedContact(a, b *leave, hit float64) {
	if k.trace != nil {
		k.trace("%.4f pressed tracks %d ball %d and %d ball %d left together (%.4f, %.4f): contact at %.4f", k.lastT, a.tr, k.tracks[a.tr].ball, b.tr, k.tracks[b.tr].ball, a.t, b.t, hit)
	}
	pa, pb := still(a.at, hit), still(b.at, hit)
	k.contact(a.tr, b.tr, hit, &pa, &pb, false)
}

// pressAlong is the least cosine between the way a pushed ball went off and
// the line of centres from the ball that pushed it (see alongCentres).
const pressAlong = 0.9

// alongCentres reports whether track b, leaving its rest point, went off along
// the line of centres from track a's rest point: what a push from a does to a
// ball at rest.
func (k *Tracker) alongCentres(a, b *leave) bool {
	ss := k.samplesOf(b.tr, b.t, b.t+pressWin+pressWait)
	if len(ss) == 0 {
		return false
	}
	d := ss[len(ss)-1].p.Sub(b.at)
	n := b.at.Sub(a.at)
	if d.Len() < 3*k.cfg.Sigma || n.Len() == 0 {
		return false
	}
	return d.Dot(n)/(d.Len()*n.Len()) >= pressAlong
}
