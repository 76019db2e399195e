package tracking

import (
	"github.com/cueref/cueref/shot"
	"github.com/cueref/cueref/table"
)

// Flip starts. A cue ball frozen to a cushion by a corner's jaws may be read,
// one frame in two or three, 20 mm along the cushion from where it lies (the
// jaw's shade takes part of its outline). Most such flips are over in a frame
// or two and come back to rest; nostroke.go drops the records they begin. But
// when the flipping goes on until the true stroke, the ball never comes back
// to rest between: the shot is told from the first flip, up to a second
// before the ball was struck, and the flips' "cushion hits" go into it.
// Rendered 14.1, seed 24, shot 50: the cue ball frozen to the right cushion
// by the foot-right corner, read at its place and 22 mm along the cushion in
// turn for 0.55 s, then struck: the shot was told struck at the first flip
// (out of the bench's reach of the true stroke: the shot counted untracked
// and the flip's record ruled in its place), with a cushion hit of the cue
// ball 0.5 s after it.
//
// A struck ball does not come back to its rest point again and again: once
// it has gone flipStartReach from it, only a ball or cushion can bring it
// back, and then it goes on through. So when the struck ball was read at its
// rest point (within noStrokeStill) flipStartSeen times or more after it was
// first read off it, and never farther than flipStartReach from it until
// the last of those reads, and nothing but its own cushion hits was told
// before then, it was struck after that last read: the shot's stroke is
// moved there, timed by the ball's way out (the first two reads beyond
// flipStartReach, taken back along a straight line to the rest point), and
// the cushion hits before it are dropped.

// flipStartReach (mm): how far from its rest point the detector's flips put
// a resting ball (22 mm in the case above; 30 mm along a cushion, see
// noStrokeRail).
const flipStartReach = 32

// flipStartSeen: how many reads at the rest point, after the ball was read
// off it, show it had not left (a ball passing back over its rest point
// after a cushion hit is read there once or twice).
const flipStartSeen = 3

// flipStartMin (s): how late the last read at the rest point must come after
// the stroke told for the stroke to be moved (closer, the stroke fit and the
// start's own timing do better).
const flipStartMin = 0.1

// lateStroke moves the stroke of the shot in progress to the true one when
// the stroke told was the detector's flip of a resting cue ball (see above).
func (k *Tracker) lateStroke() {
	i := k.strikeTr
	if i < 0 || i >= len(k.tracks) {
		return
	}
	tr := &k.tracks[i]
	p0, ok := k.before[i]
	if !ok {
		return
	}
	still := k.noStrokeStill()
	last, seen, off := -1, 0, false
	var out []sample // the first reads beyond flipStartReach, after last
	for j, s := range tr.slog {
		if s.t < k.strikeT {
			continue
		}
		d := s.p.Dist(p0)
		if d > flipStartReach {
			out = append(out, s)
			if len(out) == 2 {
				break
			}
			continue
		}
		if len(out) > 0 {
			out = out[:0] // back within reach: the reads beyond were not the way out
			if d <= still {
				return // back at the rest point from beyond reach: it went and came back
			}
			continue
		}
		switch {
		case d > still:
			off = true
		case off:
			last, seen = j, seen+1
		}
	}
	if last < 0 || seen < flipStartSeen || len(out) < 2 {
		return
	}
	tl := tr.slog[last].t
	if tl-k.strikeT < flipStartMin {
		return
	}
	for _, e := range k.events {
		if e.cancel || e.t >= tl || e.kind == shot.Strike || e.kind == shot.Moving || e.kind == shot.RailHit && e.a == i || k.flipEvent(&e, i, tl, p0) {
			continue
		}
		return // something else happened before: the shot was under way
	}
	// The way out: speed from the two reads beyond reach, back to the rest point.
	d1, d2 := out[0].p.Dist(p0), out[1].p.Dist(p0)
	t0 := out[0].t
	if v := (d2 - d1) / (out[1].t - out[0].t); v > 0 {
		t0 = max(tl, out[0].t-d1/v)
	}
	if k.trace != nil {
		k.trace("%.4f flip start: track %d struck at %.4f, not %.4f (%d reads at its rest point after it was read off it, the last at %.4f)", k.lastT, i, t0, k.strikeT, seen, tl)
	}
	for j := range k.events {
		e := &k.events[j]
		switch {
		case e.cancel:
		case e.kind == shot.Strike:
			e.t = t0
		case e.kind == shot.RailHit && e.a == i && e.t < t0:
			e.cancel = true
		case k.flipEvent(e, i, tl, p0):
			e.cancel = true
		}
	}
	k.strikeT = t0
}

// flipEvent reports whether e, told before tl, is the flip's own doing when
// track i (resting at p0) flipped until tl: a contact of i with a ball that
// stood still until after tl, or any event of a nameless track of the flip's
// own reads (born, and resting if it rested, within flipStartReach of p0).
// The cue stick over the cue ball splits its blob, one part 10-20 mm towards
// the cue: the parts are told meeting, and the part left behind going.
// Rendered 9-ball, seed 56, shot 19: the cue ball, 81 mm from the 5 by the
// foot-left corner, was read split in half the frames for 0.45 s before the
// stroke; the shot was told struck 0.32 s early, with the parts' contact and
// one part's "pot" 0.3 s before the true stroke, and they kept the stroke
// from being moved.
func (k *Tracker) flipEvent(e *pevent, i int, tl float64, p0 table.Point) bool {
	if e.t >= tl {
		return false
	}
	for _, o := range [2]int{e.a, e.b} {
		if o != i && o >= 0 && o < len(k.tracks) && k.flipHalf(o, p0) {
			return true
		}
	}
	if e.kind != shot.Contact || e.a != i && e.b != i || e.a == e.b {
		return false
	}
	o := e.a
	if o == i {
		o = e.b
	}
	if o < 0 || o >= len(k.tracks) || !k.tracks[o].used {
		return false
	}
	if x := &k.tracks[o]; x.moved || x.moving {
		return x.startT > tl
	}
	return true // it never moved
}

// flipHalf reports whether track o is nameless and of a flip's reads about p0.
func (k *Tracker) flipHalf(o int, p0 table.Point) bool {
	x := &k.tracks[o]
	return x.used && x.ball < 0 && x.bornAt.Dist(p0) <= flipStartReach && (x.moving || x.rest.Dist(p0) <= flipStartReach)
}
