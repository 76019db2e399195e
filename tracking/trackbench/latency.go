package trackbench

import (
	"fmt"
	"io"
	"math"
	"slices"
	"sort"
	"strings"

	"github.com/cueref/cueref/shot"
	"github.com/cueref/cueref/sim"
	"github.com/cueref/cueref/table"
)

// Where the late live events come from: each confirmed live event's first-told
// delay (frames from its time to the frame that first told it, provisionally or
// confirmed) is put in a class by its kind and by the simulator's truth of the
// event it matches (a break or not, a contact of two moving balls or with a
// ball at rest, its change of velocity, the speed into a cushion).

// LateClass is the first-told delay of one class of confirmed live events.
type LateClass struct {
	Kind  string  `json:"kind"`
	Class string  `json:"class"`
	N     int     `json:"n"`
	Late  int     `json:"late"` // first told more than two frames after its time
	P50   float64 `json:"p50"`  // frames
	P95   float64 `json:"p95"`
	// Prov counts those first told provisionally.
	Prov int `json:"provisional"`
}

// liveTold is a confirmed live event with the delay of the frame that first
// told it.
type liveTold struct {
	ev    shot.Event
	t     float64 // source time of the event
	first float64 // frames
	prov  bool    // first told provisionally
}

// lateFrames: an event first told more than this many frames after its time is
// late (two frames, give or take the rounding of the frame times).
const lateFrames = 2 + 1e-6

// lateKey names a class.
type lateKey struct{ kind, class string }

// lateIn classes the live events of a match told (lives) by the truth of the
// shots they fall in.
func (r *run) lateIn(game string, m *sim.Match, strikes []float64, lives []liveTold) {
	if r.late == nil {
		r.late = map[lateKey]*lateAcc{}
	}
	for _, l := range lives {
		si := -1
		for i, t0 := range strikes {
			if !math.IsNaN(t0) && t0 <= l.t+0.05 {
				si = i
			}
		}
		class := "no shot"
		shown := ""
		if si >= 0 {
			var ti int
			class, ti = r.lateClass(m.Shots[si], si, l, l.t-strikes[si])
			if ti >= 0 {
				te := m.Shots[si].Motion.Events()[ti]
				if d, ok := r.fromShown(m.Shots[si], si, te, strikes[si], l); ok {
					shown = fmt.Sprintf(", %.0f after the frame that showed it", d)
				}
			}
		}
		k := lateKey{l.ev.Kind, class}
		a := r.late[k]
		if a == nil {
			a = &lateAcc{}
			r.late[k] = a
		}
		a.d = append(a.d, l.first)
		if l.first > lateFrames && si >= 0 && len(r.rep.LateExamples) < maxExamples {
			r.rep.LateExamples = append(r.rep.LateExamples, fmt.Sprintf("%s shot %d t=%.4f (abs %.4f): %s %v %s%s (%s) first told %.2f frames after%s",
				game, si, l.t-strikes[si], l.t, l.ev.Kind, ballsOf(l.ev), l.ev.Rail, l.ev.Pocket, class, l.first, shown))
		}
		if l.prov {
			a.prov++
		}
	}
}

// lateAcc gathers one class's delays.
type lateAcc struct {
	d    []float64
	prov int
}

// unseenSuffix marks the class of an event the camera did not show: a ball of
// its true event was hidden or undetected in a frame within two frames of it.
// Such an event can only be told once the tracker infers it from what it sees
// later (a ball gone from its spot, a path that bent under the arm), so it has
// no frame to be told two frames after; the report gives the first-told
// figures with and without these.
const unseenSuffix = ", unseen"

// lateClass classes live event l of shot ss (index si) at time t from its
// stroke, and returns the index of the true event it matches (−1 none).
func (r *run) lateClass(ss *sim.ShotSim, si int, l liveTold, t float64) (string, int) {
	brk := "shot"
	if ss.Intent == "break" {
		brk = "break"
	}
	truth := ss.Motion.Events()
	best, bd := -1, math.Inf(1)
	for i, te := range truth {
		if te.Kind != l.ev.Kind || !sameBalls(te, l.ev) {
			continue
		}
		if d := math.Abs(te.T - t); d <= tolerance(te.Kind) && d < bd {
			best, bd = i, d
		}
	}
	if best < 0 {
		return brk + ", no true event", -1
	}
	te := truth[best]
	if r.unseenAt(si, te) {
		brk += unseenSuffix
	}
	switch te.Kind {
	case shot.Contact:
		f := r.factsOf(ss, truth, best, ss.Intent == "break", nil)
		c := brk
		if f.bothMoving {
			c += ", both moving"
		} else {
			c += ", one at rest"
		}
		switch {
		case f.touching:
			c += ", touching"
		case f.small:
			c += ", Δv < 150"
		default:
			c += ", Δv ≥ 150"
		}
		if f.cluster {
			c += ", cluster"
		}
		return c, best
	case shot.RailHit:
		vin, _, _ := incidence(ss.Motion, te)
		switch {
		case vin < 60:
			return brk + ", into it < 60 mm/s", best
		case vin < 150:
			return brk + ", into it 60–150 mm/s", best
		case vin < 500:
			return brk + ", into it 150–500 mm/s", best
		}
		return brk + ", into it ≥ 500 mm/s", best
	}
	return brk, best
}

// unseenAt reports whether a ball of true event te of shot si was hidden or
// undetected in a frame within two frames of it.
func (r *run) unseenAt(si int, te shot.Event) bool {
	w := 2/r.cfg.Camera.FPS + 1e-6
	for _, b := range ballsOf(te) {
		u := r.unseen[[2]int{si, b}]
		if u == nil {
			continue
		}
		for _, ts := range [][]float64{u.hidden, u.undetected} {
			for _, x := range ts {
				if math.Abs(x-te.T) <= w {
					return true
				}
			}
		}
	}
	return false
}

// FirstTold sums up first-told delays: how many events, p50 and p95 in
// frames, and the share told within two frames.
type FirstTold struct {
	N       int     `json:"n"`
	P50     float64 `json:"p50"`
	P95     float64 `json:"p95"`
	Within2 float64 `json:"within_2_frames"`
}

// firstTold sums up delays d (frames).
func firstTold(d []float64) FirstTold {
	f := FirstTold{N: len(d), P50: pct(d, 0.5), P95: pct(d, 0.95)}
	n := 0
	for _, x := range d {
		if x <= lateFrames {
			n++
		}
	}
	if len(d) > 0 {
		f.Within2 = float64(n) / float64(len(d))
	}
	return f
}

// lateFinish sums the classes up.
func (r *run) lateFinish() {
	r.rep.Late = r.rep.Late[:0]
	// The events that match a true one: a tracker's false event has no true
	// time to be late from (it counts against precision instead).
	var shots, all, seen []float64
	for k, a := range r.late {
		if k.class == "no shot" || strings.HasSuffix(k.class, "no true event") {
			continue
		}
		all = append(all, a.d...)
		if strings.HasPrefix(k.class, "shot") {
			shots = append(shots, a.d...)
			if !strings.HasPrefix(k.class, "shot"+unseenSuffix) {
				seen = append(seen, a.d...)
			}
		}
	}
	r.rep.FirstTrue, r.rep.FirstTrueBreaks = firstTold(shots), firstTold(all)
	r.rep.FirstSeen = firstTold(seen)
	r.rep.FirstShown, r.rep.NeverShown = firstTold(r.shown), r.never
	for k, a := range r.late {
		c := LateClass{Kind: k.kind, Class: k.class, N: len(a.d), P50: pct(a.d, 0.5), P95: pct(a.d, 0.95), Prov: a.prov}
		for _, d := range a.d {
			if d > lateFrames {
				c.Late++
			}
		}
		r.rep.Late = append(r.rep.Late, c)
	}
	sort.Slice(r.rep.Late, func(i, j int) bool {
		a, b := r.rep.Late[i], r.rep.Late[j]
		if a.Late != b.Late {
			return a.Late > b.Late
		}
		return a.Kind+a.Class < b.Kind+b.Class
	})
}

// printLate prints the classes with late events, most first.
func (rep *Report) printLate(w io.Writer) {
	if len(rep.Late) == 0 {
		return
	}
	total := 0
	for _, c := range rep.Late {
		total += c.Late
	}
	fmt.Fprintf(w, "first told > 2 frames after the event, by class (%d late):\n  %-10s %-40s %6s %6s %6s %6s %6s\n", total, "kind", "class (truth)", "n", "late", "p50", "p95", "prov")
	for _, c := range rep.Late {
		if c.Late == 0 {
			continue
		}
		fmt.Fprintf(w, "  %-10s %-40s %6d %6d %6.1f %6.1f %5.0f%%\n", c.Kind, c.Class, c.N, c.Late, c.P50, c.P95, 100*float64(c.Prov)/float64(max(1, c.N)))
	}
}

// noteWithdrawn keeps an example of provisional event p, withdrawn, with the
// true events of its balls near it.
func (mr *MatchRun) noteWithdrawn(p told) {
	if len(mr.r.rep.WithdrawnExamples) >= maxExamples {
		return
	}
	e := p.out.Event
	si := -1
	for i, t0 := range mr.strikes {
		if !math.IsNaN(t0) && t0 <= p.out.T+0.05 {
			si = i
		}
	}
	near := ""
	if si >= 0 {
		t := p.out.T - mr.strikes[si]
		for _, te := range mr.m.Shots[si].Motion.Events() {
			if math.Abs(te.T-t) > 0.15 {
				continue
			}
			for _, b := range te.Balls() {
				if slices.Contains(e.Balls(), b) {
					near += fmt.Sprintf(" %s %v %s%s %+.1f ms;", te.Kind, te.Balls(), te.Rail, te.Pocket, 1000*(te.T-t))
					break
				}
			}
		}
	}
	mr.r.rep.WithdrawnExamples = append(mr.r.rep.WithdrawnExamples, fmt.Sprintf("%s shot %d abs %.4f (told %.1f frames after): %s %v %s%s; truth near:%s",
		mr.game, si, p.out.T, (p.frameT-p.out.T)*mr.r.cfg.Camera.FPS, e.Kind, e.Balls(), e.Rail, e.Pocket, near))
}

// showDist (mm): a frame shows an event once a ball of it is seen this far
// from where its way in would have taken it. It is 3.7 times the rendered
// detector's RMS position error (1.36 mm) and beyond the tracker's gate for a
// ball at rest (4.5 mm): a ball pushed at 100 mm/s in a rack shows its contact
// only three frames after it, and no tracker can tell it sooner without
// guessing.
const showDist = 5

// shownAt returns the time from the stroke (at stroke, source time) of the
// first frame at or after true event te of shot ss (index si) that shows it:
// each ball of te seen (in view and detected) at least showDist from where its
// way in (position and velocity just before te) would have put it, or gone from
// the bed, in that frame or one before. Both balls of a contact, as in a rack
// one ball may be pushed by several at once: the contact shows once the ball
// it pushed has moved. ok is false when no frame within a second shows it.
func (r *run) shownAt(ss *sim.ShotSim, si int, te shot.Event, stroke float64) (float64, bool) {
	fps := r.cfg.Camera.FPS
	n0 := math.Ceil((stroke+te.T)*fps - 1e-9)
	type way struct {
		b   int
		p   table.Point
		v   table.Point
		was bool
	}
	var ws [2]way
	balls := ballsOf(te)
	for i, b := range balls {
		if i >= len(ws) {
			break
		}
		st, ok := ss.Motion.Ball(b, te.T-1e-6)
		if te.Kind == shot.Strike {
			st.Vel = table.Point{} // at rest before it (the motion starts moving at 0)
		}
		ws[i] = way{b: b, p: st.Pos, v: st.Vel, was: ok && st.OnBed}
	}
	var shown [2]bool
	for n := n0; n < n0+fps; n++ {
		tf := n/fps - stroke
		all := true
		for i := range balls {
			if i >= len(ws) || !ws[i].was || shown[i] {
				continue
			}
			w := &ws[i]
			st, _ := ss.Motion.Ball(w.b, tf)
			pred := w.p.Add(w.v.Scale(tf - te.T))
			shown[i] = !st.OnBed || st.Pos.Dist(pred) >= showDist && r.seenAt(si, w.b, tf)
			all = all && shown[i]
		}
		if all {
			return tf, true
		}
	}
	return 0, false
}

// seenAt reports whether ball b was in view and detected in the frame of shot
// si at time tf from the stroke.
func (r *run) seenAt(si, b int, tf float64) bool {
	u := r.unseen[[2]int{si, b}]
	if u == nil {
		return true
	}
	h := 0.25 / r.cfg.Camera.FPS
	for _, ts := range [][]float64{u.hidden, u.undetected} {
		for _, x := range ts {
			if math.Abs(x-tf) < h {
				return false
			}
		}
	}
	return true
}

// fromShown keeps, and returns, live event l's first-told delay (frames) from
// the frame that showed its true event te (shot ss, index si, stroked at
// source time stroke); ok is false when no frame showed it.
func (r *run) fromShown(ss *sim.ShotSim, si int, te shot.Event, stroke float64, l liveTold) (float64, bool) {
	ts, ok := r.shownAt(ss, si, te, stroke)
	if !ok {
		r.never++
		return 0, false
	}
	fps := r.cfg.Camera.FPS
	told := l.t + l.first/fps
	d := math.Round((told - (stroke + ts)) * fps)
	r.shown = append(r.shown, d)
	return d, true
}
