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
		if si >= 0 {
			class = r.lateClass(m.Shots[si], si, l, l.t-strikes[si])
		}
		k := lateKey{l.ev.Kind, class}
		a := r.late[k]
		if a == nil {
			a = &lateAcc{}
			r.late[k] = a
		}
		a.d = append(a.d, l.first)
		if l.first > lateFrames && si >= 0 && len(r.rep.LateExamples) < maxExamples {
			r.rep.LateExamples = append(r.rep.LateExamples, fmt.Sprintf("%s shot %d t=%.4f (abs %.4f): %s %v %s%s (%s) first told %.2f frames after",
				game, si, l.t-strikes[si], l.t, l.ev.Kind, l.ev.Balls(), l.ev.Rail, l.ev.Pocket, class, l.first))
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
// stroke.
func (r *run) lateClass(ss *sim.ShotSim, si int, l liveTold, t float64) string {
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
		return brk + ", no true event"
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
		return c
	case shot.RailHit:
		vin, _, _ := incidence(ss.Motion, te)
		switch {
		case vin < 60:
			return brk + ", into it < 60 mm/s"
		case vin < 150:
			return brk + ", into it 60–150 mm/s"
		case vin < 500:
			return brk + ", into it 150–500 mm/s"
		}
		return brk + ", into it ≥ 500 mm/s"
	}
	return brk
}

// unseenAt reports whether a ball of true event te of shot si was hidden or
// undetected in a frame within two frames of it.
func (r *run) unseenAt(si int, te shot.Event) bool {
	w := 2/r.cfg.Camera.FPS + 1e-6
	for _, b := range te.Balls() {
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
