package tracking

import (
	"math"

	"github.com/cueref/cueref/shot"
	"github.com/cueref/cueref/table"
)

// This file looks over each ball's path in the shot, a third of a second
// behind it, for the slow cushion hits the per-frame tests cannot tell: a ball
// crawling into a cushion at a glancing angle, or dying against it. The
// physics: a rolling ball goes straight, slowing along its path, so its
// distance to a straight cushion line falls at a nearly steady rate and never
// turns back on its own (its path curves only while it slides with spin, see
// curveBound). Met by the cushion, its speed along the normal is reversed and
// cut (the cushion's restitution, then the cloth takes out the roll it still
// has into the cushion: a rolling ball leaves at about a third of the speed it
// came with). So the distance falls to nothing and then stays at about nothing
// or rises slowly: a V pinned to the cushion line whose second arm may be
// nearly flat. Without a hit the distance would have gone on falling (through
// the cushion), or the ball would have stopped short of it (slowing to a stop
// at most at the rolling resistance). The simulator counts a hit whenever the
// ball touches the nose, however slowly: so does a referee who sees the ball
// reach the cushion and stop there.

// shotLogMax bounds the detections a track keeps for the shot.
const shotLogMax = 4096

// logShot keeps detection s of track i for the shot and looks for slow hits
// at the detections that now have slowWin and a little more after them: told
// live, a third of a second or so late.
func (k *Tracker) logShot(i int, s sample) {
	tr := &k.tracks[i]
	if k.phase != inShot || len(tr.slog) >= shotLogMax {
		return
	}
	tr.slog = append(tr.slog, s)
	for tr.slowNext < len(tr.slog) && tr.slog[tr.slowNext].t <= s.t-slowWin-0.1 {
		k.slowAt(i, tr.slowNext)
		tr.slowNext++
	}
	k.keepProvRails(s.t - provKeepLag)
}

// shotRails looks, as the shot ends, at the detections logShot had not yet
// looked at.
func (k *Tracker) shotRails() {
	for i := range k.tracks {
		tr := &k.tracks[i]
		for tr.used && tr.slowNext < len(tr.slog) {
			k.slowAt(i, tr.slowNext)
			tr.slowNext++
		}
	}
}

// slowWin (s) is how far either side of a hit slowVee fits the distances to
// the cushion, whatever the frame rate; slowSide is the least number of
// detections it needs on each side. It looks for hits where a detection came
// within slowGap (mm) of the cushion line, and wants a fall into it of at least
// slowFall (mm/s) from at least slowFrom (mm) off it. The V must beat the
// smooth paths by slowK times the noise's variance. slowRetime (mm/s): a hit
// already told from a fall slower than this is retimed by the V (the crossing
// of the band short of the cushion line is early, the hinge of a ball dying on
// it often late).
const (
	slowWin    = 0.3
	slowSide   = 6
	slowGap    = 3.5
	slowFall   = 10.0
	slowFrom   = 3.0
	slowK      = 8.0
	slowRetime = 150.0
)

// slowHit is a cushion hit slowVee found: its time, the rate of the fall into
// the cushion, and where the ball touched the nose.
type slowHit struct {
	t, fall float64
	at      table.Point
	// sure says the V beat the paths without a hit: a hit not told before
	// is added only then (one told is retimed in any case).
	sure bool
	// The fit: its detections and distances, residual sum of squares and
	// the noise's variance.
	x       []sample
	g       func(table.Point) float64
	rss, s2 float64
	cb, ca  float64 // the bounds of the curving before and after (see rollShare)
}

// slowAt looks for a slow hit of a cushion at detection j of track i's shot
// log, the nearest to the cushion line within 0.1 s either side and within
// slowGap of it: it adds a hit not told, and retimes one told from a slow fall.
func (k *Tracker) slowAt(i, j int) {
	tr := &k.tracks[i]
	log := tr.slog
	if !tr.confirmed || log[j].t < k.strikeT {
		return
	}
	for _, rail := range table.Rails {
		gj := k.tab.RailDistance(log[j].p, rail)
		if gj > slowGap {
			continue
		}
		g := func(p table.Point) float64 { return k.tab.RailDistance(p, rail) }
		best := true
		for q := j - 1; q >= 0 && log[q].t >= log[j].t-0.1; q-- {
			if g(log[q].p) < gj {
				best = false
				break
			}
		}
		for q := j + 1; best && q < len(log) && log[q].t <= log[j].t+0.1; q++ {
			if g(log[q].p) <= gj {
				best = false
			}
		}
		if !best || k.nearMouth(log[j].p, rail) {
			continue
		}
		h, ok := k.slowVee(i, log, j, rail, g)
		if !ok {
			continue
		}
		h.at = k.tab.Clamp(h.at).Add(railOut(rail).Scale(k.R))
		k.slowTell(i, rail, h)
	}
}

// slowTell adds slow hit h of track i on rail, or retimes the same hit told
// before from its slow fall.
func (k *Tracker) slowTell(i int, rail table.Rail, h slowHit) {
	for j := range k.events {
		e := &k.events[j]
		if e.cancel || e.a != i || e.kind != shot.RailHit || math.Abs(e.t-h.t) > 0.15 || e.rail != rail && math.Abs(e.t-h.t) > 2*k.dt {
			continue
		}
		if e.rail == rail && e.after == 0 && h.fall < slowRetime && math.Abs(e.t-h.t) > 2*k.dt && k.slowMoves(e, h) {
			if k.trace != nil {
				k.trace("%.4f slow rail retimes track %d %s from %.4f to %.4f (fall %.0f mm/s)", k.lastT, i, rail, e.t, h.t, h.fall)
			}
			e.t, e.at, e.slowTimed = h.t, h.at, true
		}
		return // told already
	}
	if !h.sure {
		return
	}
	for j := range k.events {
		e := &k.events[j]
		if !e.cancel && e.kind == shot.Contact && (e.a == i || e.b == i) && math.Abs(e.t-h.t) < slowWin {
			return // a contact bends the path too
		}
	}
	if k.trace != nil {
		k.trace("%.4f slow rail track %d ball %d %s at %.4f (fall %.0f mm/s)", k.lastT, i, k.tracks[i].ball, rail, h.t, h.fall)
	}
	k.addEvent(pevent{t: h.t, kind: shot.RailHit, a: i, rail: rail, at: h.at, hasAt: true})
}

// slowMoves reports whether the detections of slow hit h tell its time
// clearly better than told event e's: the V at e's time fits them worse than
// the V at h's by more than slowMove times the noise's variance. A lone misread
// does not take part (dropSpikes): one read far off both its neighbours
// weighs more in the sums of squares than the dozens of reads on the V.
//
// Rendered 9-ball, default bench, shot 7: the 2, rolling along the right
// cushion 6 mm off it, hit the 7 at 58.028 s, turned into the cushion and hit
// it at 58.1032 s (truth); the hit was told from the path at 58.1164. A read
// 15 mm off the cushion between two at it (58.1333 s) alone made the V with
// its vertex at 58.1747 s the better: the hit was moved 72 ms late, out of the
// truth's reach (a missed hit and a false one). Without that read the V at the
// told time fits better by 10.6 mm².
func (k *Tracker) slowMoves(e *pevent, h slowHit) bool {
	lo, hi := h.x[0].t, h.x[len(h.x)-1].t
	if e.t <= lo || e.t >= hi {
		return true
	}
	x := dropSpikes(h.x, h.g, spikeK*k.cfg.SigmaMoving, make([]sample, 0, len(h.x)))
	rssE, _ := pinnedVee(x, h.g, e.t, h.cb, h.ca)
	rssH, _ := pinnedVee(x, h.g, h.t, h.cb, h.ca)
	return rssE-rssH > slowMove*h.s2
}

// dropSpikes appends to dst the detections of x but those whose distance g
// lies more than lim from the mean of their two neighbours'. For the slow hits
// slowMoves judges (falls under slowRetime, rebounds at most 1.2 times as
// fast), a read at the V's vertex lies under 3 mm from that mean at 60 fps and
// under 6 at 30: a read lim (3σ, 7.5 mm by default) off is a misread.
func dropSpikes(x []sample, g func(table.Point) float64, lim float64, dst []sample) []sample {
	for q, s := range x {
		if q > 0 && q < len(x)-1 && math.Abs(g(s.p)-(g(x[q-1].p)+g(x[q+1].p))/2) > lim {
			continue
		}
		dst = append(dst, s)
	}
	return dst
}

// spikeK: a read this many moving noises off its neighbours' mean is a
// misread to dropSpikes.
const spikeK = 3.0

// slowMove: see slowMoves.
const slowMove = 2.0

// slowVee tests for a hit near detection j of log (distances g): over slowWin
// either side, a V pinned to the cushion line (a fall, bent by at most the
// curving a path can have, then a rise of zero or more) must explain the
// distances clearly better than a smooth path that passes the cushion by, and,
// if the ball stops, better than one that stops short of it.
func (k *Tracker) slowVee(i int, log []sample, j int, rail table.Rail, g func(table.Point) float64) (slowHit, bool) {
	t0 := log[j].t
	// The window ends at the ball's contacts (and the stroke): they bend its
	// path too.
	from, to := t0-slowWin-0.1, t0+slowWin+0.1
	for q := range k.events {
		e := &k.events[q]
		if e.cancel || !(e.kind == shot.Contact && (e.a == i || e.b == i) || e.kind == shot.Strike && e.a == i) {
			continue
		}
		if e.t <= t0 {
			from = math.Max(from, e.t+k.dt/2)
		} else {
			to = math.Min(to, e.t-k.dt/2)
		}
	}
	lo, hi := j, j
	for lo > 0 && log[lo-1].t >= from {
		lo--
	}
	for hi < len(log)-1 && log[hi+1].t <= to {
		hi++
	}
	x := log[lo : hi+1]
	if j-lo < slowSide || hi-j < slowSide {
		return slowHit{}, false
	}
	h, ok, noisy := k.slowFit(i, x, j-lo, rail, g)
	if !ok && noisy {
		// Misread detections about the hit spoil the V: the fit again
		// without them (slowtrim.go).
		if y, a, trimmed := k.slowTrim(i, x, j-lo, rail, g, h); trimmed {
			h, ok, _ = k.slowFit(i, y, a, rail, g)
		}
	}
	return h, ok
}

// slowFit is slowVee's test on detections x about x[a], the one nearest the
// cushion. noisy says it failed only for the V's residual; the hit returned
// then has the V's time and bounds (for slowTrim).
func (k *Tracker) slowFit(i int, x []sample, a int, rail table.Rail, g func(table.Point) float64) (slowHit, bool, bool) {
	t0 := x[a].t
	// The ball must come from clearly off the cushion.
	var m0 float64
	for _, s := range x[:3] {
		m0 += g(s.p)
	}
	if m0/3 < slowFrom {
		return slowHit{}, false, false
	}
	v := x[0].p.Dist(x[a].p) / math.Max(x[a].t-x[0].t, k.dt)
	bound := k.curveBound(i, x[0].t, v)
	// A rolling ball's distance curves by at most rollBound times the share
	// of its speed towards the cushion: before the hit, after it (the cushion
	// leaves a slow ball sliding for a few milliseconds only), and had it met
	// nothing.
	cb, ca := float64(rollBound)/2, float64(rollBound)/2
	if bound <= rollBound {
		n := railOut(rail)
		cb *= k.rollShare(x[:a+1], n)
		ca *= k.rollShare(x[a:], n)
		bound *= k.rollShare(x, n)
	}
	// The V, its vertex within 0.1 s of the nearest detection: on a coarse
	// grid, then finer about the best.
	var best slowHit
	rssV := math.Inf(1)
	try := func(th float64) {
		nb, na := 0, 0
		for _, s := range x {
			if s.t < th {
				nb++
			} else {
				na++
			}
		}
		if nb < slowSide || na < slowSide {
			return
		}
		if rss, fall := pinnedVee(x, g, th, cb, ca); rss < rssV {
			rssV, best.t, best.fall = rss, th, fall
		}
	}
	for q := -10; q <= 10; q++ {
		try(t0 + 0.01*float64(q))
	}
	if c := best.t; !math.IsInf(rssV, 1) {
		for q := -4; q <= 4; q++ {
			if th := c + 0.002*float64(q); q != 0 && math.Abs(th-t0) <= 0.1 {
				try(th)
			}
		}
	}
	if math.IsInf(rssV, 1) || best.fall < slowFall || math.Abs(best.t-t0) > 0.1-0.003 {
		return slowHit{}, false, false // none, or nearer another detection
	}
	// The anchor must be the detection nearest the cushion within 0.1 s of
	// the V's point too: a stray detection near the line a tenth of a second
	// after a hit the V could not make sure of would tell it again, late.
	for _, q := range x {
		if q.t != t0 && math.Abs(q.t-best.t) <= 0.1 && g(q.p) < g(x[a].p) {
			return slowHit{}, false, false
		}
	}
	nx := float64(len(x))
	s2 := math.Max(rssV/(nx-4), k.cfg.Sigma*k.cfg.Sigma/2)
	if math.Sqrt(rssV/(nx-4)) > 2*k.cfg.SigmaMoving {
		best.cb, best.ca = cb, ca
		return best, false, true // not a clean V: something else happened
	}
	best.sure = boundedQuadRSS(x, g, bound)-rssV >= slowK*s2
	if !best.sure && bound > rollBound {
		best.sure = k.rolledSure(i, x, g, rail, best.t, v, s2)
	}
	if best.sure {
		if rssS, ok := stopShortRSS(x, g); ok && rssS-rssV < slowK*s2 {
			best.sure = false
		}
	}
	best.x, best.g, best.rss, best.s2, best.cb, best.ca = x, g, rssV, s2, cb, ca
	best.at = x[a].p
	for q := 1; q < len(x); q++ {
		if x[q].t >= best.t {
			f := (best.t - x[q-1].t) / (x[q].t - x[q-1].t)
			best.at = x[q-1].p.Add(x[q].p.Sub(x[q-1].p).Scale(f))
			break
		}
	}
	return best, true, false
}

// rollShare is the share of a ball's speed that goes along unit vector n over
// detections w (the cosine of its path's angle to n, in size), fitted by a
// straight line, with two standard errors of the velocity's room, at most 1.
// A rolling ball goes straight and slows along its path at most at rollBound:
// its distance to a cushion of normal n curves by at most rollBound times this
// share. For a glancing approach that is far less than rollBound, and a free
// curving would let a fit trade the fall's speed for curving and misplace the
// hit by a tenth of a second.
func (k *Tracker) rollShare(w []sample, n table.Point) float64 {
	v, stt, ok := velFit(w)
	if !ok {
		return 1
	}
	se := 2 * k.cfg.Sigma / math.Sqrt(stt)
	sp := v.Len()
	if sp <= se {
		return 1
	}
	return math.Min(1, (math.Abs(v.Dot(n))+se)/sp)
}

// velFit fits a straight line in time through detections w (at least three)
// and returns its velocity and the spread of the times, Σ(t − mean t)², from
// which the velocity's standard error follows (σ/√stt).
func velFit(w []sample) (v table.Point, stt float64, ok bool) {
	if len(w) < 3 {
		return table.Point{}, 0, false
	}
	var mt, mx, my float64
	for _, s := range w {
		mt += s.t
		mx += s.p.X
		my += s.p.Y
	}
	fn := float64(len(w))
	mt, mx, my = mt/fn, mx/fn, my/fn
	var stx, sty float64
	for _, s := range w {
		d := s.t - mt
		stt += d * d
		stx += d * (s.p.X - mx)
		sty += d * (s.p.Y - my)
	}
	if stt <= 0 {
		return table.Point{}, 0, false
	}
	return table.Point{X: stx / stt, Y: sty / stt}, stt, true
}

// pinnedVee fits g over x by a V with its vertex on zero at th: before it
// f·(th − t) + c·(th − t)² with f ≥ 0 and |c| ≤ cb, after it r·(t − th) +
// d·(t − th)² with r ≥ minRebound·f and |d| ≤ ca. It returns the residual sum
// of squares and the fall f.
func pinnedVee(x []sample, g func(table.Point) float64, th, cb, ca float64) (rss, fall float64) {
	// side fits a·d + c·d², d = |t − th|, over one side with a ≥ amin and
	// |c| ≤ cmax.
	side := func(before bool, amin, cmax float64) (float64, float64) {
		m := vertexMoments(x, g, th, before)
		s2, s3, s4, r1, r2 := m.s2, m.s3, m.s4, m.r1, m.r2
		a, c := m.free()
		if a < amin || math.Abs(c) > cmax {
			c = math.Max(-cmax, math.Min(cmax, c))
			if s2 > 0 {
				a = (r1 - c*s3) / s2
			}
			if a < amin {
				a = amin
				if s4 > 0 {
					c = math.Max(-cmax, math.Min(cmax, (r2-a*s3)/s4))
				}
			}
		}
		var ss float64
		for _, s := range x {
			if (s.t < th) != before {
				continue
			}
			d := math.Abs(s.t - th)
			r := g(s.p) - a*d - c*d*d
			ss += r * r
		}
		return ss, a
	}
	rb, f := side(true, 0, cb)
	ra, _ := side(false, minRebound*f, ca)
	return rb + ra, f
}

// minRebound is the least share of its speed into a cushion a ball leaves it
// with, along the normal: the cushion gives back ECushion of it and the cloth
// then takes a rolling ball's spin into the cushion out of it, leaving about
// (5e − 2)/7 (a third); the share here leaves room for a softer cushion and
// a ball that slides in.
const minRebound = 0.15

// stopShortRSS fits g over x by a ball that slows to a stop at most at the
// rolling resistance and stays: s + a/2·(ts − t)² before ts, s after, s ≥ 0,
// 0 ≤ a ≤ rollBound. It applies only when the ball is at rest by the end of x
// (its last detections within the noise of each other); ok is false otherwise.
func stopShortRSS(x []sample, g func(table.Point) float64) (rss float64, ok bool) {
	n := len(x)
	tail := x[max(0, n-slowSide):]
	var m table.Point
	for _, s := range tail {
		m = m.Add(s.p)
	}
	m = m.Scale(1 / float64(len(tail)))
	for _, s := range tail {
		if s.p.Dist(m) > 6 {
			return 0, false
		}
	}
	rss = math.Inf(1)
	for q := 1; q < n; q++ {
		ts := x[q].t
		// g = s + b·u, u = (ts − t)²/2 before ts, 0 after: least squares, then
		// the bounds.
		var su, suu, sy, suy float64
		for _, p := range x {
			u := 0.0
			if p.t < ts {
				u = (ts - p.t) * (ts - p.t) / 2
			}
			y := g(p.p)
			su += u
			suu += u * u
			sy += y
			suy += u * y
		}
		fn := float64(n)
		b := 0.0
		if den := fn*suu - su*su; den > 0 {
			b = (fn*suy - su*sy) / den
		}
		b = math.Max(0, math.Min(rollBound, b))
		s := math.Max(0, (sy-b*su)/fn)
		var ss float64
		for _, p := range x {
			u := 0.0
			if p.t < ts {
				u = (ts - p.t) * (ts - p.t) / 2
			}
			r := g(p.p) - s - b*u
			ss += r * r
		}
		rss = math.Min(rss, ss)
	}
	return rss, true
}
