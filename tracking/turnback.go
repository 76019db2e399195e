package tracking

import (
	"math"
	"sort"

	"github.com/cueref/cueref/shot"
	"github.com/cueref/cueref/table"
)

// An object ball rolls straight. Struck by another ball it leaves along the
// line of centres without spin of its own, slides a little and rolls on the
// same line, slowing; it never comes back along its way unless something
// sends it back: another ball, or a cushion or a jaw. So an object ball that
// was seen clearly further along its way than where it came to rest met
// something there; when no ball was near the place where it turned, a
// cushion or jaw did, and the shot had a cushion after its first contact.
//
// The cushion tests want the bounce on the ball's detections, and in a
// corner's shade they miss it (rendered seed 35, 8-ball shot 22, a legal
// pot attempt on the 8 in the head-left corner: the 8 ran 830 mm into the
// corner, met the head jaw's point at 175.68 s and the left one at 176.45 s
// and came to rest in the corner's mouth. The black ball in the shade was
// read some 9 mm short of the head cushion, its reads scattered ±10 mm and
// more, so its path in seemed to die 25 mm short of the head cushion; its
// crawl into the left jaw was 4 mm, under the noise. No cushion was told
// after the first contact and the shot was ruled a no_rail foul, unflagged;
// yet the 8 was read 47 mm further along its way, at x 30–40 mm, than where
// it came to rest at x 87 mm.)
//
// turnBack looks, as a shot ends with no cushion or pocket told after its
// first contact, at each object ball that came to rest on the table: its way
// is the direction it left in after its last contact; if at least turnReads
// of its detections since lie turnMin further along that way than its rest
// point, it turned back. The turn is placed at the turnReads-th furthest of
// them (a stray read or two is not a turn), and timed at the one of them
// nearest the cushion or jaw (175.68 s above). When
// no other ball was within touching distance of it there and then, and a
// cushion line or jaw point the ball was heading for lies within the radius
// and turnReach of it, that cushion's hit is told there. The cue ball is left out: draw or swerve turns
// it with no cushion.
const (
	// turnMin (mm): how much further along its way than its rest point the
	// ball must have been read (the misreads in a corner's shade reach 20
	// mm; the 8 above came back 47 mm).
	turnMin = 30.0
	// turnReads: the least number of reads that far.
	turnReads = 3
	// turnReach (mm): how far beyond the radius from a cushion line or jaw
	// point the turn may be read (the shade's bias; 9–11 mm above).
	turnReach = 15.0
	// turnLead (s): the ball's way is taken from its first read after its
	// last contact to the first read at least this later and turnMin away.
	turnLead = 0.1
	// turnNear (s): how near the turn in time another ball's reads must be
	// to count as there.
	turnNear = 0.15
)

// turnBack tells the cushion hits found as described above.
func (k *Tracker) turnBack() {
	tf := math.Inf(1)
	for j := range k.events {
		e := &k.events[j]
		if !e.cancel && e.kind == shot.Contact && (e.a == k.strikeTr || e.b == k.strikeTr) && e.t < tf {
			tf = e.t
		}
	}
	if math.IsInf(tf, 1) {
		return
	}
	for j := range k.events {
		e := &k.events[j]
		if !e.cancel && e.t >= tf && (e.kind == shot.RailHit || e.kind == shot.Pocketed || e.kind == shot.OffTable) {
			return
		}
	}
	for i := range k.tracks {
		if t, at, rail, ok := k.turnOf(i, tf); ok {
			if k.trace != nil {
				k.trace("%.4f turned back track %d ball %d: %s cushion at %.4f %v", k.lastT, i, k.tracks[i].ball, rail, t, at)
			}
			k.addEvent(pevent{t: t, kind: shot.RailHit, a: i, rail: rail, at: at, hasAt: true})
			return
		}
	}
}

// turnOf reports where and when object ball track i, struck after tf,
// turned back off a cushion or jaw (see above).
func (k *Tracker) turnOf(i int, tf float64) (float64, table.Point, table.Rail, bool) {
	tr := &k.tracks[i]
	if !tr.used || !tr.confirmed || !tr.moved || tr.gone || tr.moving || tr.ball <= 0 {
		return 0, table.Point{}, "", false
	}
	t0 := tf
	for j := range k.events {
		if e := &k.events[j]; !e.cancel && e.kind == shot.Contact && (e.a == i || e.b == i) && e.t > t0 {
			t0 = e.t
		}
	}
	var x []sample
	for _, s := range tr.slog {
		if s.t > t0 && s.t <= tr.restT {
			x = append(x, s)
		}
	}
	if len(x) < 2*turnReads {
		return 0, table.Point{}, "", false
	}
	var u table.Point
	for _, s := range x[1:] {
		if d := s.p.Sub(x[0].p); s.t-x[0].t >= turnLead && d.Len() >= turnMin {
			u = d.Scale(1 / d.Len())
			break
		}
	}
	if u.Len() == 0 {
		return 0, table.Point{}, "", false
	}
	along := func(p table.Point) float64 { return p.Sub(x[0].p).Dot(u) }
	var far []sample
	for _, s := range x {
		if along(s.p) > along(tr.rest)+turnMin {
			far = append(far, s)
		}
	}
	if len(far) < turnReads {
		return 0, table.Point{}, "", false
	}
	sort.Slice(far, func(a, b int) bool { return along(far[a].p) > along(far[b].p) })
	turn := far[turnReads-1]
	if k.ballNearTurn(i, turn) {
		return 0, table.Point{}, "", false
	}
	best, bestGap, jaw := table.Rail(""), turnReach, false
	var at table.Point
	for _, rail := range table.Rails {
		n := railOut(rail)
		if u.Dot(n) <= 0 {
			continue // not heading for it
		}
		nose := k.tab.Clamp(turn.p).Add(n.Scale(k.R))
		if k.inMouth(nose) {
			continue // no cushion there: a jaw's point, below
		}
		if g := k.tab.RailDistance(turn.p, rail); g < bestGap {
			best, bestGap, at, jaw = rail, g, nose, false
		}
	}
	for _, q := range k.tab.Pockets() {
		for _, jp := range q.Jaws {
			if jp.Sub(turn.p).Dot(u) <= 0 {
				continue // behind it
			}
			if g := jp.Dist(turn.p) - k.R; g < bestGap {
				best, bestGap, at, jaw = k.jawRail(jp), g, jp, true
			}
		}
	}
	if best == "" {
		return 0, table.Point{}, "", false
	}
	// Timed at the furthest read nearest the cushion or jaw: the ball is
	// nearest it as it meets it.
	gap := func(p table.Point) float64 { return k.tab.RailDistance(p, best) }
	if jaw {
		gap = func(p table.Point) float64 { return p.Dist(at) }
	}
	th := turn.t
	for _, s := range far {
		if gap(s.p) < gap(turn.p) || gap(s.p) == gap(turn.p) && s.t < th {
			turn, th = s, s.t
		}
	}
	return th, at, best, true
}

// jawRail is the rail whose cushion ends at jaw point p.
func (k *Tracker) jawRail(p table.Point) table.Rail {
	switch {
	case p.X == 0:
		return table.Head
	case p.X == k.tab.L:
		return table.Foot
	case p.Y == 0:
		return table.Left
	}
	return table.Right
}

// ballNearTurn reports whether another ball was within touching distance
// (and turnReach) of track i's read s: at rest there, or read there within
// turnNear.
func (k *Tracker) ballNearTurn(i int, s sample) bool {
	reach := 2*k.R + turnReach
	for j := range k.tracks {
		o := &k.tracks[j]
		if j == i || !o.used || !o.confirmed {
			continue
		}
		if !o.gone && !o.moved && o.rest.Dist(s.p) < reach {
			return true
		}
		for _, q := range o.slog {
			if math.Abs(q.t-s.t) <= turnNear && q.p.Dist(s.p) < reach {
				return true
			}
		}
	}
	return false
}
