package trackbench

import (
	"fmt"
	"io"
	"math"
	"sort"

	"github.com/cueref/cueref/shot"
	"github.com/cueref/cueref/sim"
	"github.com/cueref/cueref/table"
	"github.com/cueref/cueref/tracking"
)

// The cushion breakdown: every true cushion hit (rail and rail_jaw, breaks
// left out) is put under the first of these causes that applies to it, judged
// on the simulator's truth, and every false one under the first of
// falseCauses. Rows of the report, in this order.
var railCauses = []string{
	"gone",       // off the bed (dropping into the pocket) a frame after the hit: at most one frame shows it after the bounce
	"hidden",     // the ball is under an arm or the cue within 3 frames of the hit
	"undetected", // the camera missed the ball in a frame within 2 frames of it
	"faint",      // within faintMM of the cushion nose from faintTime before the hit to faintTime after it
	"frozen",     // at rest within 2 mm of the cushion, hit into it
	"contact",    // within 3 frames after a contact of the ball (contact-induced)
	"double",     // another cushion of the same ball within 3 frames (a corner, a jaw and its nose)
	"pocket",     // the ball falls within 0.5 s after
	"dead",       // it comes back off the cushion less than faintMM within faintTime (it dies against it)
	"crawl",      // into the cushion slower than 100 mm/s
	"glance",     // at more than 75° from the cushion's normal
	"other",
}

// howMissed says what the tracker told instead of a missed true cushion hit.
var howMissed = []string{
	"none",   // nothing near it
	"timing", // the same ball and cushion, told more than the tolerance away (≤ 0.3 s)
	"kind",   // the same ball at about the time, but rail for rail_jaw or back
	"rail",   // the same ball at about the time, another cushion
	"ball",   // the same cushion at about the time, another ball
}

var falseCauses = []string{
	"timing",    // a true hit of the ball, same cushion, told ≤ 0.3 s off
	"kind",      // a true hit of the ball, the other kind (rail / rail_jaw)
	"rail",      // a true hit of the ball about then, another cushion
	"ball",      // a true hit of another ball about then
	"twice",     // a true hit already matched: told twice
	"near",      // no hit, the ball's surface came within 5 mm of a cushion nose
	"contact",   // no hit, within 3 frames of a contact of the ball
	"elsewhere", // none of these
}

// railSpeedBins and railAngleBins split true rails (not jaws) by the speed into
// the cushion (mm/s, along its normal) and by the angle of incidence (degrees
// from the normal).
var railSpeedBins = []float64{50, 150, 500, 1500, math.Inf(1)}
var railAngleBins = []float64{30, 60, 75, 85, math.Inf(1)}

// RailCause counts true cushion hits under one cause and how those missed
// were missed.
type RailCause struct {
	Cause      string         `json:"cause"`
	Rail       int            `json:"rail"` // true rail events
	RailMissed int            `json:"rail_missed"`
	Jaw        int            `json:"jaw"` // true rail_jaw events
	JawMissed  int            `json:"jaw_missed"`
	MissedAs   map[string]int `json:"missed_as"` // by howMissed, rail and jaw together
	FalseRail  int            `json:"false_rail"`
	FalseJaw   int            `json:"false_jaw"`
}

// RailBin counts true rails (between the pockets) in one speed or angle range.
type RailBin struct {
	Range  string `json:"range"` // [lo,hi)
	True   int    `json:"true"`
	Missed int    `json:"missed"`
	upto   float64
}

// RailBreakdown is the cushion breakdown (breaks left out).
type RailBreakdown struct {
	Missed []*RailCause `json:"missed"` // by railCauses
	False  []*RailCause `json:"false"`  // by falseCauses (FalseRail, FalseJaw)
	// Observable is the recall of rail events leaving out the faint ones (see
	// faint): found and true.
	ObservableFound int     `json:"observable_found"`
	ObservableTrue  int     `json:"observable_true"`
	Observable      float64 `json:"observable_recall"`
	// ObservableJaw is the recall of rail_jaw events leaving out the faint
	// ones and those gone a frame after the hit.
	ObservableJawFound int        `json:"observable_jaw_found"`
	ObservableJawTrue  int        `json:"observable_jaw_true"`
	ObservableJaw      float64    `json:"observable_jaw_recall"`
	Speed              []*RailBin `json:"speed"` // rails by speed into the cushion
	Angle              []*RailBin `json:"angle"` // rails by angle of incidence
	// Relabelled counts the found hits given the kind of the true hit they
	// are (sameSide).
	Relabelled int `json:"relabelled"`
	// Examples lists the missed and false hits one by one, for diagnosis.
	Examples []string `json:"examples,omitempty"`
}

// unseen is the frames (times from the stroke) a ball was hidden or not
// detected, for the cushion breakdown.
type unseen struct {
	hidden, undetected []float64
}

// noteUnseen keeps the times ball by ball that the camera did not see a ball on
// the bed in a shot: hidden by the arm or the cue, or missing from the frame's
// detections.
func (mr *MatchRun) noteUnseen(truth []Truth, obs []tracking.Obs, shotIdx int, shotT float64) {
	if shotIdx < 0 || shotT < 0 {
		return
	}
	if mr.unseen == nil {
		mr.unseen = map[[2]int]*unseen{}
	}
	for _, s := range truth {
		if !s.OnBed {
			continue
		}
		seen := false
		if s.Visible {
			for _, o := range obs {
				if o.At.Dist(s.At) < 20 {
					seen = true
					break
				}
			}
		}
		if seen {
			continue
		}
		k := [2]int{shotIdx, s.Ball}
		u := mr.unseen[k]
		if u == nil {
			u = &unseen{}
			mr.unseen[k] = u
		}
		if s.Visible {
			u.undetected = append(u.undetected, shotT)
		} else {
			u.hidden = append(u.hidden, shotT)
		}
	}
}

func (r *run) railBreakdown() *RailBreakdown {
	if r.rep.Rails == nil {
		b := &RailBreakdown{}
		for _, c := range railCauses {
			b.Missed = append(b.Missed, &RailCause{Cause: c, MissedAs: map[string]int{}})
		}
		for _, c := range falseCauses {
			b.False = append(b.False, &RailCause{Cause: c})
		}
		b.Speed = railBins(railSpeedBins, "mm/s")
		b.Angle = railBins(railAngleBins, "°")
		r.rep.Rails = b
	}
	return r.rep.Rails
}

func railBins(upto []float64, unit string) []*RailBin {
	var out []*RailBin
	lo := 0.0
	for _, u := range upto {
		hi := fmt.Sprintf("%.0f", u)
		if math.IsInf(u, 1) {
			hi = "∞"
		}
		out = append(out, &RailBin{Range: fmt.Sprintf("[%.0f,%s)%s", lo, hi, unit), upto: u})
		lo = u
	}
	return out
}

func isCushion(kind string) bool { return kind == shot.RailHit || kind == railJaw }

// railScore adds one shot's cushion hits to the breakdown: truth and got are its
// true and found events (jaws renamed, times from the true stroke), pairs and
// usedGot their matching.
func (r *run) railScore(game string, shotIdx int, strike float64, mo *sim.Motion, truth, got []shot.Event, pairs [][2]int, usedGot []bool) {
	b := r.railBreakdown()
	fdt := 1 / r.cfg.Camera.FPS
	matched := make([]bool, len(truth))
	for _, p := range pairs {
		matched[p[0]] = true
	}
	near := func(ts []float64, t, w float64) bool {
		for _, x := range ts {
			if math.Abs(x-t) <= w {
				return true
			}
		}
		return false
	}
	for ti, te := range truth {
		if !isCushion(te.Kind) {
			continue
		}
		cause := r.railCause(mo, r.unseen[[2]int{shotIdx, te.Ball}], truth, ti, near, fdt)
		rc := b.Missed[causeIndex(railCauses, cause)]
		jaw := te.Kind == railJaw
		if jaw {
			rc.Jaw++
			if cause != "faint" && cause != "gone" {
				b.ObservableJawTrue++
				if matched[ti] {
					b.ObservableJawFound++
				}
				b.ObservableJaw = float64(b.ObservableJawFound) / float64(b.ObservableJawTrue)
			}
		} else {
			rc.Rail++
			if cause != "faint" {
				b.ObservableTrue++
				if matched[ti] {
					b.ObservableFound++
				}
				b.Observable = float64(b.ObservableFound) / float64(b.ObservableTrue)
			}
		}
		vn, ang, ok := incidence(mo, te)
		if !jaw && ok {
			for _, bins := range []struct {
				x float64
				b []*RailBin
			}{{vn, b.Speed}, {ang, b.Angle}} {
				for _, bin := range bins.b {
					if bins.x < bin.upto {
						bin.True++
						if !matched[ti] {
							bin.Missed++
						}
						break
					}
				}
			}
		}
		if matched[ti] {
			continue
		}
		if jaw {
			rc.JawMissed++
		} else {
			rc.RailMissed++
		}
		as := missedAs(te, got, usedGot)
		rc.MissedAs[as]++
		if len(b.Examples) < maxExamples {
			b.Examples = append(b.Examples, fmt.Sprintf("%s shot %d t=%.4f (abs %.4f): missed %s ball %d %s (%s, told %s) at %.0f mm/s into it, %.0f°%s",
				game, shotIdx, te.T, te.T+strike, te.Kind, te.Ball, te.Rail, cause, as, vn, ang, r.mouthOff(te)))
		}
	}
	for gi, ge := range got {
		if !isCushion(ge.Kind) || usedGot[gi] {
			continue
		}
		cause := r.falseRailCause(mo, truth, matched, ge, fdt)
		c := b.False[causeIndex(falseCauses, cause)]
		if len(b.Examples) < maxExamples {
			b.Examples = append(b.Examples, fmt.Sprintf("%s shot %d t=%.4f (abs %.4f): false %s ball %d %s (%s)%s",
				game, shotIdx, ge.T, ge.T+strike, ge.Kind, ge.Ball, ge.Rail, cause, r.mouthOff(ge)))
		}
		if ge.Kind == railJaw {
			c.FalseJaw++
		} else {
			c.FalseRail++
		}
	}
}

// sameSide gives a found cushion hit the kind (rail or rail_jaw) of the true
// hit it is: the same ball, within the rail tolerance in time and sideMM in
// place. The split between the two kinds is a line 5 mm along the cushion from
// a jaw point (jaws); a hit that close to it is placed on either side by a
// position error of a millimetre or two, and would count as a missed hit of one
// kind and a false one of the other. Only the report's split is at stake: both
// are rail events of the contract, with the same ball and rail.
func (r *run) sameSide(truth, got []shot.Event) {
	for gi := range got {
		ge := &got[gi]
		if !isCushion(ge.Kind) || ge.At == nil {
			continue
		}
		best, bd := -1, math.Inf(1)
		for ti, te := range truth {
			if !isCushion(te.Kind) || te.Ball != ge.Ball || te.At == nil || te.Kind == ge.Kind && (te.Kind == railJaw || te.Rail == ge.Rail) {
				continue
			}
			d := math.Abs(te.T - ge.T)
			if d <= tolerance(shot.RailHit) && te.Rail == ge.Rail && te.At.P().Dist(ge.At.P()) <= sideMM && d < bd {
				best, bd = ti, d
			}
		}
		if best < 0 {
			continue
		}
		// Only when no true hit of its own kind would match it.
		own := false
		for _, te := range truth {
			if te.Kind == ge.Kind && sameBalls(te, *ge) && math.Abs(te.T-ge.T) <= tolerance(te.Kind) {
				own = true
			}
		}
		if !own {
			ge.Kind = truth[best].Kind
			r.railBreakdown().Relabelled++
		}
	}
}

// sideMM (mm) is how near a true cushion hit a found one of the other kind must
// be to take its kind (sameSide): a few times the position error at speed.
const sideMM = 20.0

// mouthOff describes where a cushion hit is: its point, and how far it is from
// the nearest pocket's mouth (beyond half the mouth's width from its centre).
func (r *run) mouthOff(e shot.Event) string {
	if e.At == nil {
		return ""
	}
	p := e.At.P()
	pk, d := r.cfg.Table.NearestPocket(p)
	return fmt.Sprintf(" at %v, %.1f mm off %s's mouth", p, d-pk.Width/2, pk.ID)
}

func causeIndex(xs []string, x string) int {
	for i, y := range xs {
		if y == x {
			return i
		}
	}
	return len(xs) - 1
}

// incidence returns the speed of the ball into the cushion (along its normal at
// the hit) just before true hit te, and the angle of incidence from the normal.
func incidence(mo *sim.Motion, te shot.Event) (vn, angle float64, ok bool) {
	st, ok := mo.Ball(te.Ball, te.T-1e-4)
	if !ok || te.At == nil {
		return 0, 0, false
	}
	n := te.At.P().Sub(st.Pos)
	if l := n.Len(); l > 0 {
		n = n.Scale(1 / l)
	}
	vn = st.Vel.Dot(n)
	sp := st.Vel.Len()
	if sp == 0 {
		return 0, 90, true
	}
	return vn, math.Acos(math.Max(-1, math.Min(1, vn/sp))) * 180 / math.Pi, true
}

// railCause is the first of railCauses that applies to true cushion hit
// truth[ti].
func (r *run) railCause(mo *sim.Motion, u *unseen, truth []shot.Event, ti int, near func([]float64, float64, float64) bool, fdt float64) string {
	te := truth[ti]
	if st, ok := mo.Ball(te.Ball, te.T+fdt); ok && (!st.OnBed || st.Gone) {
		return "gone"
	}
	if u != nil && near(u.hidden, te.T, 3*fdt) {
		return "hidden"
	}
	if u != nil && near(u.undetected, te.T, 2*fdt) {
		return "undetected"
	}
	// The last contact of the ball before the hit.
	tc := math.Inf(-1)
	for _, e := range truth {
		if e.Kind == shot.Contact && e.T <= te.T && (e.A == te.Ball || e.B == te.Ball) {
			tc = math.Max(tc, e.T)
		}
	}
	if r.faint(mo, te) {
		return "faint"
	}
	if te.T-tc < 0.002 && te.At != nil {
		if st, ok := mo.Ball(te.Ball, tc-1e-4); ok && st.Vel.Len() < 1 && te.At.P().Dist(st.Pos)-r.cfg.Table.BallR <= table.FrozenTolerance+0.5 {
			return "frozen"
		}
	}
	if te.T-tc <= 3*fdt {
		return "contact"
	}
	for tj, e := range truth {
		if tj != ti && isCushion(e.Kind) && e.Ball == te.Ball && math.Abs(e.T-te.T) <= 3*fdt {
			return "double"
		}
	}
	for _, e := range truth {
		if e.Kind == shot.Pocketed && e.Ball == te.Ball && e.T >= te.T && e.T-te.T <= 0.5 {
			return "pocket"
		}
	}
	if r.rebound(mo, te) <= faintMM {
		return "dead"
	}
	vn, ang, ok := incidence(mo, te)
	if ok && vn < 100 {
		return "crawl"
	}
	if ok && ang > 75 {
		return "glance"
	}
	return "other"
}

// faint reports whether true hit te is one a camera can hardly see: the ball's
// surface stays within faintMM of the cushion nose (its distance along the
// normal at the hit) from faintTime before the hit to faintTime after it, while
// it is on the bed. Its fall to the cushion and its rise off it are both within
// about twice the position noise of a ball at rest, whatever the frame rate: a
// ball crawling into a cushion, pressed against it, or frozen to it and barely
// pushed.
func (r *run) faint(mo *sim.Motion, te shot.Event) bool {
	st, ok := mo.Ball(te.Ball, te.T)
	if !ok || te.At == nil {
		return false
	}
	n := te.At.P().Sub(st.Pos)
	l := n.Len()
	if l == 0 {
		return false
	}
	n = n.Scale(1 / l)
	for dt := -faintTime; dt <= faintTime; dt += 0.005 {
		s, ok := mo.Ball(te.Ball, te.T+dt)
		if !ok || !s.OnBed || s.Gone {
			continue
		}
		if gap := te.At.P().Sub(s.Pos).Dot(n) - r.cfg.Table.BallR; gap > faintMM {
			return false
		}
	}
	return true
}

// rebound is how far the ball of true hit te comes back off the cushion (along
// its normal at the hit) within faintTime after it, while on the bed.
func (r *run) rebound(mo *sim.Motion, te shot.Event) float64 {
	st, ok := mo.Ball(te.Ball, te.T)
	if !ok || te.At == nil {
		return math.Inf(1)
	}
	n := te.At.P().Sub(st.Pos)
	l := n.Len()
	if l == 0 {
		return math.Inf(1)
	}
	n = n.Scale(1 / l)
	most := 0.0
	for dt := 0.0; dt <= faintTime; dt += 0.005 {
		s, ok := mo.Ball(te.Ball, te.T+dt)
		if !ok || !s.OnBed || s.Gone {
			break
		}
		most = math.Max(most, te.At.P().Sub(s.Pos).Dot(n)-r.cfg.Table.BallR)
	}
	return most
}

// faintMM (mm) and faintTime (s) define a faint cushion hit (faint).
const (
	faintMM   = 3.0
	faintTime = 0.25
)

// missedAs says what the tracker told instead of missed true hit te.
func missedAs(te shot.Event, got []shot.Event, usedGot []bool) string {
	tol := tolerance(shot.RailHit)
	best := "none"
	rank := map[string]int{"none": 0, "ball": 1, "rail": 2, "kind": 3, "timing": 4}
	for gi, ge := range got {
		if usedGot[gi] || !isCushion(ge.Kind) {
			continue
		}
		d := math.Abs(ge.T - te.T)
		var how string
		switch {
		case ge.Ball == te.Ball && ge.Kind == te.Kind && (ge.Kind == railJaw || ge.Rail == te.Rail) && d <= 0.3:
			how = "timing"
		case ge.Ball == te.Ball && ge.Kind != te.Kind && d <= tol:
			how = "kind"
		case ge.Ball == te.Ball && d <= tol:
			how = "rail"
		case ge.Ball != te.Ball && ge.Kind == te.Kind && ge.Rail == te.Rail && d <= tol:
			how = "ball"
		default:
			continue
		}
		if rank[how] > rank[best] {
			best = how
		}
	}
	return best
}

// falseRailCause is the first of falseCauses that applies to found hit ge, not
// matched to any true event.
func (r *run) falseRailCause(mo *sim.Motion, truth []shot.Event, matched []bool, ge shot.Event, fdt float64) string {
	tol := tolerance(shot.RailHit)
	rank := map[string]int{"elsewhere": 0, "ball": 1, "rail": 2, "kind": 3, "timing": 4}
	best := "elsewhere"
	twice := false
	for ti, te := range truth {
		if !isCushion(te.Kind) {
			continue
		}
		d := math.Abs(ge.T - te.T)
		if matched[ti] {
			if te.Ball == ge.Ball && d <= 0.3 && (te.Kind == railJaw || te.Rail == ge.Rail) {
				twice = true
			}
			continue
		}
		var how string
		switch {
		case te.Ball == ge.Ball && te.Kind == ge.Kind && (ge.Kind == railJaw || ge.Rail == te.Rail) && d <= 0.3:
			how = "timing"
		case te.Ball == ge.Ball && te.Kind != ge.Kind && d <= tol:
			how = "kind"
		case te.Ball == ge.Ball && d <= tol:
			how = "rail"
		case te.Ball != ge.Ball && d <= tol:
			how = "ball"
		default:
			continue
		}
		if rank[how] > rank[best] {
			best = how
		}
	}
	if best != "elsewhere" {
		return best
	}
	if twice {
		return "twice"
	}
	// The ball's closest approach to any cushion nose within 0.1 s.
	gap := math.Inf(1)
	for dt := -0.1; dt <= 0.1; dt += 0.005 {
		if st, ok := mo.Ball(ge.Ball, ge.T+dt); ok && st.OnBed {
			_, g := r.cfg.Table.NearestRail(st.Pos)
			gap = math.Min(gap, g)
		}
	}
	if gap <= 5 {
		return "near"
	}
	for _, e := range truth {
		if e.Kind == shot.Contact && (e.A == ge.Ball || e.B == ge.Ball) && math.Abs(e.T-ge.T) <= 3*fdt {
			return "contact"
		}
	}
	return "elsewhere"
}

// print writes the cushion breakdown.
func (b *RailBreakdown) print(w io.Writer) {
	if b == nil {
		return
	}
	fmt.Fprintf(w, "cushion hits by cause, breaks left out (first cause that applies, on the true motion):\n")
	fmt.Fprintf(w, "  %-10s %5s %6s %7s %5s %6s %7s  %s\n", "cause", "rail", "missed", "recall", "jaw", "missed", "recall", "missed as")
	for _, c := range b.Missed {
		if c.Rail+c.Jaw == 0 {
			continue
		}
		var as []string
		for k := range c.MissedAs {
			as = append(as, k)
		}
		sort.Slice(as, func(i, j int) bool { return causeIndex(howMissed, as[i]) < causeIndex(howMissed, as[j]) })
		s := ""
		for _, k := range as {
			s += fmt.Sprintf(" %s %d", k, c.MissedAs[k])
		}
		fmt.Fprintf(w, "  %-10s %5d %6d %6.1f%% %5d %6d %6.1f%% %s\n", c.Cause, c.Rail, c.RailMissed, ratio(c.Rail-c.RailMissed, c.Rail),
			c.Jaw, c.JawMissed, ratio(c.Jaw-c.JawMissed, c.Jaw), s)
	}
	fmt.Fprintf(w, "  rail recall leaving out the faint hits (the ball within %.0f mm of the cushion from %.2f s before the hit to %.2f s after): %.2f%% (%d of %d)\n",
		faintMM, faintTime, faintTime, 100*b.Observable, b.ObservableFound, b.ObservableTrue)
	fmt.Fprintf(w, "  rail_jaw recall leaving out the faint hits and those gone a frame after the hit: %.2f%% (%d of %d)\n",
		100*b.ObservableJaw, b.ObservableJawFound, b.ObservableJawTrue)
	fmt.Fprintf(w, "  (%d found hits within %.0f mm of a true one of the other kind took its kind: the rail/rail_jaw line is 5 mm from a jaw point)\n", b.Relabelled, sideMM)
	fmt.Fprintf(w, "false cushion hits by cause:")
	for _, c := range b.False {
		if c.FalseRail+c.FalseJaw > 0 {
			fmt.Fprintf(w, " %s %d/%d;", c.Cause, c.FalseRail, c.FalseJaw)
		}
	}
	fmt.Fprintf(w, " (rail/rail_jaw)\n")
	bins := func(title string, bs []*RailBin) {
		fmt.Fprintf(w, "  %s", title)
		for _, x := range bs {
			fmt.Fprintf(w, " %s %d/%d %.1f%%;", x.Range, x.True-x.Missed, x.True, ratio(x.True-x.Missed, x.True))
		}
		fmt.Fprintln(w)
	}
	fmt.Fprintf(w, "rail recall (found/true):\n")
	bins("by speed into the cushion:", b.Speed)
	bins("by angle from its normal: ", b.Angle)
}

func ratio(a, b int) float64 {
	if b == 0 {
		return 100
	}
	return 100 * float64(a) / float64(b)
}
