package tracking

import (
	"encoding/json"
	"math"
	"math/rand"
	"os"
	"sort"
	"testing"

	"github.com/cueref/cueref/shot"
	"github.com/cueref/cueref/sim"
	"github.com/cueref/cueref/table"
)

// strokeCase is a simulated first contact of the cue ball soon after the
// stroke (at 0): the cue ball's detections from a few frames before the
// stroke, the struck ball's after it left q1, and the true contact time.
type strokeCase struct {
	mv, obj []sample
	q0, q1  table.Point
	tc      float64
}

// seenSamples is camSamples with the detections at rest kept.
func seenSamples(mo *sim.Motion, b int, fps, t0, t1 float64, rng *rand.Rand) []sample {
	dt := 1 / fps
	e := dt / 2
	var out []sample
	for t := t0; t < t1; t += dt {
		at := func(t float64) sim.BallState {
			s, _ := mo.Ball(b, math.Max(0, t))
			return s
		}
		a, m, c := at(t-e/2), at(t), at(t+e/2)
		sg := 1 + c.Pos.Dist(a.Pos)/e/1000
		p := a.Pos.Add(c.Pos).Add(m.Pos.Scale(2)).Scale(0.25)
		out = append(out, sample{t, p.Add(table.Point{X: rng.NormFloat64() * sg, Y: rng.NormFloat64() * sg})})
	}
	return out
}

// strokeCases simulates n first contacts at fps with the cue ball at 1 m/s or
// more and the object ball 0–100 mm from it (frozen to a few frames away),
// full to thin, with draw, follow and a little side; frames at a random phase.
func strokeCases(t *testing.T, fps float64, n int, seed int64) []strokeCase {
	t.Helper()
	rng := rand.New(rand.NewSource(seed))
	R := tab9.BallR
	q0 := table.Point{X: 400, Y: 635}
	dt := 1 / fps
	var out []strokeCase
	for tries := 0; len(out) < n; tries++ {
		if tries > 20*n {
			t.Fatalf("only %d of %d contacts simulated", len(out), n)
		}
		gap := rng.Float64() * 100
		off := (rng.Float64()*2 - 1) * 1.6 * R
		along := math.Sqrt(math.Max(0, (2*R+gap)*(2*R+gap)-off*off))
		if along < 2*R*0.3 {
			continue
		}
		q1 := q0.Add(table.Point{X: along, Y: off})
		if q1.Dist(q0) < 2*R+0.05 {
			continue
		}
		st := sim.Stroke{Speed: 1.0 + rng.Float64()*2.5, Follow: (rng.Float64()*2 - 1) * 0.45, Side: (rng.Float64()*2 - 1) * 0.2}
		if math.Hypot(st.Follow, st.Side) > 0.5 {
			continue
		}
		mo, err := sim.Simulate(tab9, sim.DefaultParams(), sim.Layout{0: q0, 1: q1}, st, nil)
		if err != nil {
			t.Fatal(err)
		}
		ev := mo.Events()
		ci := -1
		for i, e := range ev {
			if e.Kind == shot.Contact {
				ci = i
				break
			}
		}
		if ci < 0 || ev[ci].T > 0.15 {
			continue
		}
		tc := ev[ci].T
		if s, _ := mo.Ball(0, tc-1e-5); s.Vel.Len() < 1000 {
			continue
		}
		next := func(b int) float64 {
			for _, e := range ev[ci+1:] {
				if e.Kind == shot.Contact && (e.A == b || e.B == b) || e.Kind == shot.RailHit && e.Ball == b {
					return e.T
				}
			}
			return math.Inf(1)
		}
		ph := rng.Float64()*dt - 4*dt
		c := strokeCase{q0: q0, q1: q1, tc: tc}
		for _, s := range seenSamples(mo, 0, fps, ph, tc+0.3, rng) {
			if s.t < next(0)-dt/2 {
				c.mv = append(c.mv, s)
			}
		}
		for _, s := range seenSamples(mo, 1, fps, ph, tc+0.3, rng) {
			if s.t > tc && s.p.Dist(q1) > 0 && s.t < next(1)-dt/2 {
				c.obj = append(c.obj, s)
			}
		}
		out = append(out, c)
	}
	return out
}

// TestStrokeContact times simulated first contacts within 0.15 s of the
// stroke, the object ball 0–100 mm from the cue ball, by the stroke fit
// (strokeContact), at 60 and 120 fps, against the simulator's contact
// times, with the stroke told up to a frame off. The 95th percentile of the
// error must be within maxP95 and below that of the struck ball's own
// estimate (restStart, which timed them before), the median signed error
// within 0.2 ms.
func TestStrokeContact(t *testing.T) {
	noise := func(v float64) float64 { return 1.0 + v/1000 }
	for _, c := range []struct {
		fps    float64
		maxP95 float64 // ms
	}{
		{60, 1.5},
		{120, 1.2},
	} {
		cs := strokeCases(t, c.fps, 200, 3)
		dt := 1 / c.fps
		skip := dt/4 + 0.05*dt
		var errs, signed, rest []float64
		failed := 0
		for i, x := range cs {
			rng := rand.New(rand.NewSource(int64(i)))
			ts0 := (rng.Float64()*2 - 1) * dt
			t0 := x.tc + (rng.Float64()-0.5)*0.004
			if o, _, ok := restStart(x.q1, x.obj[:min(len(x.obj), restOut)], t0, dt, skip, noise(1000), slideDecel); ok {
				rest = append(rest, 1000*math.Abs(o-x.tc))
			} else {
				rest = append(rest, math.Inf(1))
			}
			tc, _, _, why := strokeContact(x.mv, x.obj, x.q0, x.q1, 2*tab9.BallR, ts0, t0, dt, skip, dt/2, slideDecel, noise, true)
			if why != "" {
				failed++
				continue
			}
			errs = append(errs, 1000*math.Abs(tc-x.tc))
			signed = append(signed, 1000*(tc-x.tc))
		}
		if failed > len(cs)/20 {
			t.Errorf("%.0f fps: no time for %d of %d contacts, want ≤ 5 %%", c.fps, failed, len(cs))
		}
		sort.Float64s(errs)
		sort.Float64s(signed)
		sort.Float64s(rest)
		p95, bias, r95 := errs[len(errs)*95/100], signed[len(signed)/2], rest[len(rest)*95/100]
		t.Logf("%.0f fps: p50 %.2f ms, p95 %.2f ms, median signed %+.2f ms (%d timed); restStart p95 %.2f ms", c.fps, errs[len(errs)/2], p95, bias, len(errs), r95)
		if p95 > c.maxP95 || p95 >= r95 || math.Abs(bias) > 0.2 {
			t.Errorf("%.0f fps: p95 %.2f ms (restStart %.2f), median signed %+.2f ms; want ≤ %.1f ms and below restStart's, within ±0.2 ms",
				c.fps, p95, r95, bias, c.maxP95)
		}
	}
}

// BenchmarkStrokeContact is the cost of one stroke fit (it runs at most once
// a shot, at its end).
func BenchmarkStrokeContact(b *testing.B) {
	t := &testing.T{}
	cs := strokeCases(t, 60, 20, 4)
	noise := func(v float64) float64 { return 1.0 + v/1000 }
	dt := 1 / 60.0
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		x := &cs[i%len(cs)]
		strokeContact(x.mv, x.obj, x.q0, x.q1, 2*tab9.BallR, 0, x.tc+0.001, dt, dt/4+0.05*dt, dt/2, slideDecel, noise, true)
	}
}

// TestStrokeNotFarBefore: camera model at 30 fps, seed 28, 14.1 shot 132, a
// safety. The cue ball rested 3 mm from the 11; the stroke fit, given the
// reads the bench run gave it (testdata), put the stroke 0.41 s before the
// one told, and the shot, timed then, matched no stroke played. A fit that
// moves the stroke more than strokeShift frames back is not kept. (A
// fixture cut from the match does not repeat the fit: it depends on the
// tracker's state long before.)
func TestStrokeNotFarBefore(t *testing.T) {
	b, err := os.ReadFile("testdata/strokeshift-14.1-30fps-s28-fit.json")
	if err != nil {
		t.Fatal(err)
	}
	type S struct{ T, X, Y float64 }
	var in struct {
		Mv, Obj                          []S
		Q0, Q1                           [2]float64
		D, Ts0, T0, Dt, Skip, Exp, Slide float64
		Sigma, SigmaMoving               float64
		Line                             bool
	}
	if err := json.Unmarshal(b, &in); err != nil {
		t.Fatal(err)
	}
	conv := func(ss []S) []sample {
		var r []sample
		for _, x := range ss {
			r = append(r, sample{x.T, table.Point{X: x.X, Y: x.Y}})
		}
		return r
	}
	noise := func(v float64) float64 { return in.Sigma + (in.SigmaMoving-in.Sigma)*v/1000 }
	tc, _, ts, why := strokeContact(conv(in.Mv), conv(in.Obj), table.Point{X: in.Q0[0], Y: in.Q0[1]}, table.Point{X: in.Q1[0], Y: in.Q1[1]}, in.D, in.Ts0, in.T0, in.Dt, in.Skip, in.Exp, in.Slide, noise, in.Line)
	if why == "" && in.Ts0-ts > strokeShift*in.Dt {
		t.Errorf("stroke found at %.4f s (contact %.4f s), %.0f ms before the one told at %.4f s; want the fit not kept", ts, tc, 1000*(in.Ts0-ts), in.Ts0)
	}
}
