package tracking

import "github.com/cueref/cueref/shot"

// A shot begun by missedStroke is struck, as a guess, a moment after the cue
// ball was last seen at rest: the earliest it can have left. When the start
// that began it was a resting ball's reads hopping (a ball by a cushion read
// in two places 16 mm apart, taken for set off with nothing near it) and the
// cue ball, unseen in a corner's shade, is then seen leaving its rest point,
// the stroke was that leaving, not the guess. Rendered 8-ball, seed 35, shot
// 43: ball 7 by the foot cushion "started" at 319.11 s with the cue ball
// deep in the head-right corner's mouth, unseen since 318.88; the shot was
// told struck at 318.89, 0.56 s before the true stroke (out of the bench's
// reach: the true shot counted untracked, the record an extra), with a
// "cushion hit" of the 7 in it, which never left its place.
//
// So, in such a shot, when the ball taken for the cue ball at the end was
// first read off its rest point (beyond noStrokeStill, within
// missedLateNear) at least flipStartMin after the guess, moving away from
// it, the stroke is moved to when it left, timed by its first two reads off
// the rest point taken back along a straight line to it. Everything told
// before then must be of balls (not the cue ball) read back at their places
// at the stroke (within noStrokeStill, flipStartSeen times) after it: those
// events are dropped, they were reads hopping, not motion. The doubt that
// began the shot ("no stroke seen: balls moved between shots ...") was
// those reads: it is dropped too, unless another doubt stands behind it.

// missedLateNear (mm): the cue ball's first reads off its rest point must be
// this near it to show the way out (about two frames of a brisk stroke at
// 60 fps).
const missedLateNear = 120.0

// missedLate moves the stroke of a shot begun by missedStroke to when the
// cue ball was seen to leave its rest point (see above).
func (k *Tracker) missedLate() {
	if !k.missedShot || k.strikeTr < 0 || k.strikeTr >= len(k.tracks) {
		return
	}
	p0, ok := k.before[k.strikeTr]
	if !ok {
		return
	}
	cue := -1
	for i := range k.tracks {
		if tr := &k.tracks[i]; tr.used && tr.confirmed && !tr.gone && tr.ball == 0 {
			cue = i
		}
	}
	if cue < 0 {
		return
	}
	still := k.noStrokeStill()
	var out []sample
	for _, s := range k.tracks[cue].slog {
		if s.t <= k.strikeT {
			continue
		}
		d := s.p.Dist(p0)
		if d <= still || d > missedLateNear && len(out) == 0 {
			if len(out) > 0 {
				return // back at its rest point: not its way out
			}
			continue
		}
		out = append(out, s)
		if len(out) == 2 {
			break
		}
	}
	if len(out) < 2 || out[1].t-out[0].t > 2.5*k.dt {
		return
	}
	d1, d2 := out[0].p.Dist(p0), out[1].p.Dist(p0)
	v := (d2 - d1) / (out[1].t - out[0].t)
	if v <= 0 {
		return
	}
	t0 := max(k.strikeT, out[0].t-d1/v)
	if t0-k.strikeT < flipStartMin {
		return
	}
	for j := range k.events {
		e := &k.events[j]
		if e.cancel || e.t >= t0 || e.kind == shot.Strike {
			continue
		}
		if !k.backBy(e.a, e.t, t0) || e.kind == shot.Contact && !k.backBy(e.b, e.t, t0) {
			return // something happened before: the shot was under way
		}
	}
	if k.trace != nil {
		k.trace("%.4f missed stroke late: cue ball track %d left its rest at %.4f, not %.4f", k.lastT, cue, t0, k.strikeT)
	}
	for j := range k.events {
		switch e := &k.events[j]; {
		case e.cancel:
		case e.kind == shot.Strike:
			e.t = t0
		case e.t < t0:
			e.cancel = true
		}
	}
	if k.cst.strikeT == k.strikeT {
		k.cst.strikeT = t0
	}
	k.strikeT = t0
	if k.reviewWhy == missedStrokeWhy && !k.reviewHid {
		k.reviewWhy = ""
	}
}

// backBy reports whether track i is a ball other than the cue ball's that
// was read at its place at the stroke flipStartSeen times between t and t0.
func (k *Tracker) backBy(i int, t, t0 float64) bool {
	if i < 0 || i >= len(k.tracks) || i == k.strikeTr || k.tracks[i].ball == 0 {
		return false
	}
	p, ok := k.before[i]
	if !ok {
		return false
	}
	n, still := 0, k.noStrokeStill()
	for _, s := range k.tracks[i].slog {
		if s.t > t && s.t < t0 && s.p.Dist(p) <= still {
			n++
		}
	}
	return n >= flipStartSeen
}
