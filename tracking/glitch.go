package tracking

import (
	"math"

	"github.com/cueref/cueref/table"
)

// Two reads off a slow ball's path that nothing could have put there. A
// ball gains speed only from another ball: a cushion sends it back no faster
// than it came. Rendered 9-ball, seed 69, shot 6: the green 6, rolling away
// from the foot cushion at 60 mm/s through its shade, was read 16 mm towards
// the cushion in two frames in a row, back on its way, then so again: each
// pair broke its path into a new one at 500-1500 mm/s into the cushion, and
// the tracker told two cushion hits and a contact with the 9, 57 mm away,
// that never happened.
//
// So two reads in a row at one place (within glitchTogether) off the path of
// a ball slower than glitchSlow, that would have it move faster than
// glitchRise times its speed plus glitchJump to get there, with no other ball
// within 2R + glitchNear of either read, do not break its path: they are
// dropped. Not in a pocket's mouth (its jaws and hole have reads of their
// own), nor for a ball heading into a cushion near it (the hit bends its
// path) unless the reads lie nearer the cushion than its path, at any speed
// (see intoGlitch), nor for one still within a flit's reach of where it rested
// (flithome.go). Only once: when the next read is off the path too (the ball
// truly went somewhere else, met by a ball the tracker lost), the path breaks
// as ever.
const (
	glitchSlow = 250.0 // mm/s
	glitchRise = 3.0
	glitchJump = 300.0 // mm/s
	glitchNear = 12.0  // mm
	// glitchCushion (mm): nor is a ball heading into a cushion this near.
	glitchCushion = 80.0
	// glitchTogether (mm): the two reads lie this near each other (one false
	// place read twice).
	glitchTogether = 6.0
	// glitchDeep (sigmas of a moving ball's read): how much nearer a cushion
	// than the path both reads of a ball heading into it lie (intoGlitch).
	glitchDeep = 3.0
	// glitchPath: how many reads the path of a ball heading into a cushion
	// must have (intoGlitch). A ball read off towards the bed in three frames
	// before its hit starts a path of its own on them, and the true reads at
	// the cushion lie nearer it than that path (TestMisreadCushionTold).
	glitchPath = 6
)

// glitchPair reports whether reads p and s, in a row off moving track i's
// path, are a detector's glitch (see above), and if so drops them.
func (k *Tracker) glitchPair(i int, p, s sample) bool {
	tr := &k.tracks[i]
	if tr.glitched || len(tr.seg) < 4 || s.t <= p.t {
		return false
	}
	// Its speed by the fit and by its last reads on the path (a fit with a
	// strong curve may say it all but stopped).
	on, back := tr.seg[len(tr.seg)-1], tr.seg[len(tr.seg)-4]
	if tr.fromRest && !tr.flit.far && on.p.Dist(tr.from) <= k.flitReach(tr) {
		return false // maybe a flit off its rest point: flithome.go
	}
	v0 := tr.fit.vel(p.t).Len()
	if on.t > back.t {
		v0 = math.Max(v0, on.p.Dist(back.p)/(on.t-back.t))
	}
	if p.t <= on.t {
		return false
	}
	for _, x := range [...]sample{p, s} {
		if pk, d := k.tab.NearestPocket(x.p); d < pk.Width {
			return false // a mouth: its jaws and hole have their own reads (mouth*.go)
		}
	}
	v := tr.fit.vel(p.t)
	into := false
	var need float64
	for _, rail := range table.Rails {
		if k.tab.RailDistance(tr.fit.at(p.t), rail) < glitchCushion && v.Dot(railOut(rail)) > 0 {
			// Heading into a cushion: its hit bends the path (slowtrim.go,
			// railcheck.go), but away from the cushion, never nearer it.
			var ok bool
			if need, ok = k.intoGlitch(tr, rail, on, p, s); !ok {
				return false
			}
			into = true
		}
	}
	if !into {
		if v0 > glitchSlow {
			return false
		}
		if s.p.Dist(p.p) > glitchTogether {
			return false // scattered, not one false place
		}
		need = math.Max(p.p.Dist(on.p)/(p.t-on.t), s.p.Dist(p.p)/(s.t-p.t))
		if need < glitchRise*v0+glitchJump {
			return false
		}
	}
	reach := 2*k.R + glitchNear
	for j := range k.tracks {
		o := &k.tracks[j]
		if j == i || !o.used || o.gone && o.goneT < p.t-0.2 {
			continue
		}
		at := o.rest
		if o.moving && len(o.seg) >= 2 {
			at = o.fit.at(p.t)
		} else if o.moving {
			at = o.last.p
		}
		if at.Dist(p.p) < reach || at.Dist(s.p) < reach || o.last.p.Dist(p.p) < reach {
			return false
		}
	}
	if k.trace != nil {
		k.trace("%.4f glitch track %d ball %d: reads %v %v off its path at %.0f mm/s, %.0f mm/s needed (into a cushion %v), no ball near: dropped", s.t, i, tr.ball, p.p, s.p, v0, need, into)
	}
	tr.glitched = true
	tr.npend = 0
	return true
}

// intoGlitch reports whether reads p and s, in a row off the path of track tr
// heading into cushion rail (its last read on the path on), are both nearer
// the cushion than the path by glitchDeep sigmas or more, and would have the
// ball close on it faster than glitchRise times the path's speed into it plus
// glitchJump; it returns that speed. A ball's hit on the cushion sends it
// back from its path; nothing but another ball drives it into the cushion
// faster. Rendered 14.1, seed 3071: the black 8, rolling at 700 mm/s at
// 150 mm/s into the right cushion, 25 mm off it, was read 11 and 21 mm nearer
// the cushion than its path in two frames in a row, at it: the tracker told a
// cushion hit there at 770 mm/s into it, 115 ms before the true one.
// Only a path of glitchPath reads or more, whose reads scatter about it no
// more than a moving ball's do (SigmaMoving RMS), is judged so: a path fitted
// to scattered reads can lie off the ball's way (rendered 10-ball, seed
// 2067: the green 6 read 3.9 mm RMS about its path into the left cushion had
// two true reads dropped, and its path was lost for five seconds).
func (k *Tracker) intoGlitch(tr *track, rail table.Rail, on, p, s sample) (float64, bool) {
	if len(tr.seg) < glitchPath {
		return 0, false // a path of a few reads, maybe misreads, not to judge by
	}
	var ss float64
	w := tr.seg[max(0, len(tr.seg)-fitWindow):]
	for _, x := range w {
		d := x.p.Dist(tr.fit.at(x.t))
		ss += d * d
	}
	if ss > float64(len(w))*k.cfg.SigmaMoving*k.cfg.SigmaMoving {
		return 0, false
	}
	out := railOut(rail)
	deep := glitchDeep * k.cfg.SigmaMoving
	for _, x := range [...]sample{p, s} {
		if x.p.Sub(tr.fit.at(x.t)).Dot(out) < deep {
			return 0, false
		}
	}
	vn := tr.fit.vel(p.t).Dot(out)
	need := math.Max(p.p.Sub(on.p).Dot(out)/(p.t-on.t), s.p.Sub(p.p).Dot(out)/(s.t-p.t))
	return need, need >= glitchRise*vn+glitchJump
}
