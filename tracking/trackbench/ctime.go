package trackbench

import (
	"fmt"
	"io"
	"math"
	"sort"
	"strings"

	"github.com/cueref/cueref/shot"
	"github.com/cueref/cueref/sim"
)

// The contact-time error broken down by situation (from the simulator's
// truth alone): which situations make up the worst 5 % of the contacts timed.

// CtimeSituation is one situation a timed contact may be in: how many timed
// contacts were in it, how many of them are among the worst 5 %, and the
// error's p50 and p95 within it (ms).
type CtimeSituation struct {
	Name  string  `json:"name"`
	N     int     `json:"n"`
	Worst int     `json:"worst"` // of the worst 5 % (error > the p95)
	P50   float64 `json:"p50_ms"`
	P95   float64 `json:"p95_ms"`
	First int     `json:"worst_first"` // worst ones for which it is the first situation that applies
}

// Time windows of the situations (s).
const (
	ctimeNearIn  = 0.15  // the moving ball's last event before the contact
	ctimeNearOut = 0.135 // the next event of either ball after it
)

// ctimeRec is one timed contact's error and situations.
type ctimeRec struct {
	err  float64
	sits []string
	what string // game, shot, time, balls and error, for the report
}

// ctimeSituations lists the situations of true contact e (times from the
// stroke), in the order the first that applies is taken.
func ctimeSituations(mo *sim.Motion, truth []shot.Event, e shot.Event) []string {
	va, _ := mo.Ball(e.A, e.T-1e-4)
	vb, _ := mo.Ball(e.B, e.T-1e-4)
	mv, st := e.A, e.B
	pm, ps := va, vb
	if vb.Vel.Len() > va.Vel.Len() {
		mv, st, pm, ps = e.B, e.A, vb, va
	}
	var s []string
	if ps.Vel.Len() >= restSpeed {
		s = append(s, "both moving")
	}
	cluster := false
	prevMv, nextSt, nextMv := math.Inf(-1), math.Inf(1), math.Inf(1)
	for _, o := range truth {
		if o.T == e.T && o.Kind == shot.Contact && o.A == e.A && o.B == e.B {
			continue
		}
		has := func(b int) bool {
			for _, x := range ballsOf(o) {
				if x == b {
					return true
				}
			}
			return false
		}
		if o.Kind == shot.Contact && (has(mv) || has(st)) && math.Abs(o.T-e.T) < clusterWindow {
			cluster = true
		}
		if has(mv) && o.T < e.T {
			prevMv = math.Max(prevMv, o.T)
		}
		if has(mv) && o.T > e.T {
			nextMv = math.Min(nextMv, o.T)
		}
		if has(st) && o.T > e.T {
			nextSt = math.Min(nextSt, o.T)
		}
	}
	if cluster {
		s = append(s, "other contact < 5 ms")
	}
	if nextSt-e.T < 0.1 {
		s = append(s, "struck ball's next event < 0.1 s")
	} else if nextSt-e.T < 0.2 {
		s = append(s, "struck ball's next event 0.1–0.2 s")
	}
	if e.T-prevMv < ctimeNearIn {
		if e.T < ctimeNearIn {
			s = append(s, "< 0.15 s after the stroke")
		} else {
			s = append(s, "mover's last event < 0.15 s before")
		}
	}
	if nextMv-e.T < ctimeNearOut {
		s = append(s, "mover's next event < 0.135 s")
	}
	pa, _ := mo.Ball(st, e.T+1e-4)
	if ps.Vel.Len() < restSpeed && pm.Vel.Len() > 0 {
		n := pa.Vel
		if n.Len() > 0 {
			cut := math.Acos(math.Min(1, math.Abs(n.Dot(pm.Vel))/(n.Len()*pm.Vel.Len()))) * 180 / math.Pi
			if cut >= 60 {
				s = append(s, "cut ≥ 60°")
			}
		}
	}
	if pm.Vel.Len() >= 3000 {
		s = append(s, "incoming ≥ 3 m/s")
	}
	if len(s) == 0 {
		s = append(s, "none of these")
	}
	return s
}

// ctimeFinish sets the report's breakdown from the timed contacts.
func (r *run) ctimeFinish() {
	if len(r.cRecs) == 0 {
		return
	}
	var all []float64
	for _, c := range r.cRecs {
		all = append(all, c.err)
	}
	p95 := pct(all, 0.95)
	by := map[string][]float64{}
	worst := map[string]int{}
	first := map[string]int{}
	for _, c := range r.cRecs {
		for i, s := range c.sits {
			by[s] = append(by[s], c.err)
			if c.err > p95 {
				if i == 0 && len(r.rep.ContactErrWorst) < maxExamples {
					r.rep.ContactErrWorst = append(r.rep.ContactErrWorst, c.what+" ("+strings.Join(c.sits, "; ")+")")
				}
				worst[s]++
				if i == 0 {
					first[s]++
				}
			}
		}
	}
	var out []CtimeSituation
	for s, e := range by {
		out = append(out, CtimeSituation{Name: s, N: len(e), Worst: worst[s], First: first[s], P50: pct(e, 0.5), P95: pct(e, 0.95)})
	}
	sort.Slice(out, func(a, b int) bool {
		if out[a].Worst != out[b].Worst {
			return out[a].Worst > out[b].Worst
		}
		return out[a].Name < out[b].Name
	})
	r.rep.ContactErrBy = out
}

// printCtime writes the breakdown.
func printCtime(w io.Writer, rep *Report) {
	if len(rep.ContactErrBy) == 0 {
		return
	}
	fmt.Fprintf(w, "contact time error by situation (truth; situations overlap; worst = above the p95):\n")
	fmt.Fprintf(w, "  %-38s %5s %6s %6s %8s %8s\n", "situation", "n", "worst", "first", "p50 ms", "p95 ms")
	for _, s := range rep.ContactErrBy {
		fmt.Fprintf(w, "  %-38s %5d %6d %6d %8.2f %8.2f\n", s.Name, s.N, s.Worst, s.First, s.P50, s.P95)
	}
}
