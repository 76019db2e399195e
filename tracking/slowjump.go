package tracking

import "github.com/cueref/cueref/table"

// Slow jumps. A moving ball goes only as far as its speed takes it; a ball
// goes faster only when struck, and only a ball that comes to it (or the cue
// at a stroke) strikes it. The association's second pass lets a moving track
// unseen for a while jump to a detection up to 40 mm + 12 m/s of its time
// unseen off, for a path broken by a collision. A slow ball whose detections
// another track takes (a twin: a second detection of the same ball) is then
// free to take any detection within that jump: one that another ball's track
// missed that frame, however far off. Rendered bench seed 29, 9-ball shot 31:
// the 9, creeping to rest by the right cushion after the cue ball met
// it, was read at its place and 20 mm off in turn; a twin track took its
// reads at its place and its own track, read moving at 190 mm/s and unseen
// for 0.25 s, jumped 267 mm to a read of the 4 frozen in the foot-right jaws
// (the 4's track, started by its flickering reads there, missed it that
// frame). The 9 was told hitting the 4 and the foot cushion and pocketed in
// the foot-right corner, then read back on the table: the game over, won by
// the wrong player.
//
// So a moving track's jump farther than its own motion could have taken it
// (slowJumpSlack and twice its fastest recent speed over its time unseen) is
// refused when no other ball moving (or starting) came near enough to have
// struck it: within a diameter and rackJumpReach, and the track's own travel
// meanwhile, of where it was last read (the other's way taken from its rest
// point, its reads since, and where it is now). The detection is another
// ball's, and the unseen track coasts or is lost as any other. Left to the
// jump are a track that touches a ball at rest (in a rack, a cluster: a
// break's hit goes through frozen balls to the far ones, no moving ball near
// them; see rackjump.go), a detection with a motion streak (a ball struck by
// one the tracker lost), and one that names the track's own ball (the ball
// itself, wherever it is: a track that had followed something else finds
// its ball again).

// slowJumpSlack (mm): the least reach of a moving track's jump: the
// detector's error on a moving ball and the length of a path's break.
const slowJumpSlack = 40.0

// slowJump reports whether detection o, d from moving track i's prediction at
// t, is too far for i to have gone with no ball to strike it (see above).
func (k *Tracker) slowJump(i int, o *Obs, t, d float64) bool {
	tr := &k.tracks[i]
	if !tr.moving || o.Moving || tr.nh < 2 {
		return false
	}
	if tr.ball >= 0 && o.Ball == tr.ball && classFits(o) {
		return false // named: the ball itself, wherever it is
	}
	since := t - tr.last.t
	v := k.recentSpeed(tr)
	if d <= slowJumpSlack+2*v*since || o.At.Dist(tr.last.p) <= slowJumpSlack+2*v*since {
		return false
	}
	reach := 2*k.R + rackJumpReach + v*since
	for j := range k.tracks {
		x := &k.tracks[j]
		if j == i || !x.used || x.gone {
			continue
		}
		if (x.moving || x.npend > 0) && k.wayNear(x, tr.last.p, tr.last.t, reach) {
			return false
		}
		// A ball at rest touching it (not a twin of it, nearer than balls
		// can be) may have passed it a hit from one further on.
		if d := x.rest.Dist(tr.last.p); !x.moving && d >= 2*k.R-rackJumpSlack && d < 2*k.R+rackJumpSlack {
			return false
		}
	}
	if k.trace != nil {
		k.trace("%.4f slow jump track %d ball %d refused: %.0f mm to %v at %.0f mm/s, %.3f s unseen, no ball near to strike it", t, i, tr.ball, d, o.At, v, since)
	}
	return true
}

// recentSpeed is the fastest a track was read going lately: its fitted
// speed at its last detection, or between its last few detections.
func (k *Tracker) recentSpeed(tr *track) float64 {
	v := 0.0
	if len(tr.seg) >= 2 {
		v = tr.fit.vel(tr.last.t).Len()
	}
	n := min(tr.nh, 4, len(tr.hist))
	for j := 1; j < n; j++ {
		a := tr.hist[(tr.nh-j)%len(tr.hist)]
		b := tr.hist[(tr.nh-1-j)%len(tr.hist)]
		if dt := a.t - b.t; dt > 0 {
			v = max(v, a.p.Dist(b.p)/dt)
		}
	}
	return v
}

// wayNear reports whether track x's way since time t0 (its rest point if it
// started since, its detections from the last one before t0 on, where it
// is now) came within reach of p.
func (k *Tracker) wayNear(x *track, p table.Point, t0, reach float64) bool {
	prev, have := table.Point{}, false
	near := func(q table.Point) bool {
		d := q.Dist(p)
		if have && prev.Dist(q) > 0 {
			d, _ = segDist(p, prev, q)
		}
		prev, have = q, true
		return d <= reach
	}
	if x.fromRest && x.startT >= t0 && near(x.from) {
		return true
	}
	if !x.moving && near(x.rest) {
		return true
	}
	n := min(x.nh, len(x.hist))
	first := n - 1 // reads back from the newest (0)
	for j := range n {
		if x.hist[(x.nh-1-j)%len(x.hist)].t <= t0 {
			first = j
			break
		}
	}
	for j := first; j >= 0; j-- {
		if near(x.hist[(x.nh-1-j)%len(x.hist)].p) {
			return true
		}
	}
	for j := range x.npend {
		if near(x.pend[j].p) {
			return true
		}
	}
	return x.moving && near(k.position(x))
}
