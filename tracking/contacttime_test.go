package tracking

import (
	"math"
	"math/rand"
	"sort"
	"testing"

	"github.com/cueref/cueref/shot"
	"github.com/cueref/cueref/sim"
	"github.com/cueref/cueref/table"
)

// TestRestStart times the contact that sends a ball at rest off from its way
// out, on the simulator's motion sampled at 60 fps with 2.5 mm of noise: soft
// and firm, full and cut. The time found must be within three of its own
// standard errors of the truth, and those errors small.
func TestRestStart(t *testing.T) {
	P := func(x, y float64) table.Point { return table.Point{X: x, Y: y} }
	const fps, sigma = 60.0, 2.5
	dt := 1 / fps
	for _, c := range []struct {
		name  string
		speed float64 // cue, m/s
		off   float64 // mm the cue ball's line passes beside the object ball's centre
		maxSD float64 // ms
	}{
		{"full, soft", 0.7, 0, 5},
		{"full, firm", 2.5, 0, 1},
		{"half ball", 1.5, 28, 2},
		{"thin", 2.0, 45, 4},
	} {
		t.Run(c.name, func(t *testing.T) {
			cue, obj := P(700, 635), P(1400, 635+c.off)
			l := sim.Layout{0: cue, 1: obj}
			mo, err := sim.Simulate(tab9, sim.DefaultParams(), l, sim.Stroke{Speed: c.speed}, nil)
			if err != nil {
				t.Fatal(err)
			}
			tc := firstContactT(t, mo, "no contact in the simulation")
			for seed := int64(1); seed <= 5; seed++ {
				rng := rand.New(rand.NewSource(seed))
				// Frames at a random phase; the first one after the contact
				// on, twelve of them.
				f0 := tc + rng.Float64()*dt
				var out []sample
				for i := 0; i < 12; i++ {
					st, _ := mo.Ball(1, f0+float64(i)*dt)
					out = append(out, sample{t: f0 + float64(i)*dt, p: st.Pos.Add(P(rng.NormFloat64()*sigma, rng.NormFloat64()*sigma))})
				}
				guess := tc + (rng.Float64()-0.5)*dt
				got, sd, ok := restStart(obj, out, guess, dt, 0.5*dt, sigma, slideDecel)
				if !ok {
					t.Fatalf("seed %d: no estimate", seed)
				}
				if d := math.Abs(got - tc); d > 3*sd || 1000*sd > c.maxSD {
					t.Errorf("seed %d: contact at %.5f, found %.5f ± %.2f ms (off by %.2f ms); want within 3 sd and sd ≤ %.1f ms",
						seed, tc, got, 1000*sd, 1000*d, c.maxSD)
				}
			}
		})
	}
}

// camSamples are the detections of ball b at fps from t0 until t1 (times from
// the stroke), as the bench's camera gives them: the centre averaged over an
// exposure of half a frame, with noise of 1 mm and 1 mm more per m/s per axis.
// Frames where the ball is at rest are left out.
func camSamples(mo *sim.Motion, b int, fps, t0, t1 float64, rng *rand.Rand) []sample {
	dt := 1 / fps
	e := dt / 2
	var out []sample
	for t := t0; t < t1; t += dt {
		a, _ := mo.Ball(b, t-e/2)
		m, _ := mo.Ball(b, t)
		c, _ := mo.Ball(b, t+e/2)
		v := c.Pos.Dist(a.Pos) / e
		if v == 0 {
			continue
		}
		sg := 1 + v/1000
		p := a.Pos.Add(c.Pos).Add(m.Pos.Scale(2)).Scale(0.25)
		out = append(out, sample{t, p.Add(table.Point{X: rng.NormFloat64() * sg, Y: rng.NormFloat64() * sg})})
	}
	return out
}

// TestApproach times the contact of a moving cue ball with a ball at rest from
// the cue ball's way in (approach), against the simulator's contact time: full
// and cut, soft and firm, with draw and follow, struck from near and far, at 60
// and 120 fps. Over 60 noise draws a case's median error must stay within
// maxP50 and nine in ten times within three of the standard errors told; fed
// the detections after the contact too (a stun shot's cue ball sits at the
// contact point), it must leave them out.
func TestApproach(t *testing.T) {
	P := func(x, y float64) table.Point { return table.Point{X: x, Y: y} }
	noise := func(v float64) float64 { return 1.5 + v/1000 }
	for _, c := range []struct {
		name      string
		fps       float64
		speed     float64 // cue, m/s
		dist, off float64 // mm from the cue ball to the object ball, and across
		follow    float64
		withAfter bool // the detections after the contact are passed too
		maxP50    float64
	}{
		{"full, soft, far", 60, 1.0, 1200, 0, 0, false, 1.0},
		{"full, firm", 60, 2.0, 700, 0, 0, false, 1.3},
		{"rolls before the contact", 60, 1.2, 700, 0, 0, false, 1.3},
		{"half ball", 60, 2.0, 700, 28, 0, false, 1.3},
		{"thin", 60, 2.0, 700, 45, 0, false, 1.6},
		{"draw", 60, 2.0, 700, 0, -0.4, false, 1.3},
		{"follow", 60, 2.0, 700, 0, 0.4, false, 1.3},
		{"near", 60, 2.0, 300, 0, 0, false, 1.6},
		{"stun, detections after", 60, 2.0, 700, 0, -0.2, true, 1.3},
		{"full, firm, 120 fps", 120, 2.0, 700, 0, 0, false, 1.0},
		{"half ball, 120 fps", 120, 1.5, 1000, 28, 0, false, 1.0},
	} {
		t.Run(c.name, func(t *testing.T) {
			obj := P(500+c.dist, 635+c.off)
			mo, err := sim.Simulate(tab9, sim.DefaultParams(), sim.Layout{0: P(500, 635), 1: obj}, sim.Stroke{Speed: c.speed, Follow: c.follow}, nil)
			if err != nil {
				t.Fatal(err)
			}
			tc := firstContactT(t, mo, "no contact in the simulation")
			dt := 1 / c.fps
			var errs []float64
			covered := 0
			const draws = 60
			for seed := int64(1); seed <= draws; seed++ {
				rng := rand.New(rand.NewSource(seed))
				end := tc
				if c.withAfter {
					end = tc + 3*dt
				}
				in := camSamples(mo, 0, c.fps, rng.Float64()*dt, end, rng)
				guess := tc + (rng.Float64()-0.5)*0.004
				got, sd, ok := approach(in[max(0, len(in)-approachMax):], obj, 2*tab9.BallR, guess, 0, dt, 0.3*dt, noise)
				if !ok {
					t.Fatalf("seed %d: no estimate", seed)
				}
				d := math.Abs(got - tc)
				errs = append(errs, 1000*d)
				if d <= 3*sd {
					covered++
				}
			}
			sort.Float64s(errs)
			t.Logf("median error %.2f ms, %d of %d within 3 sd", errs[len(errs)/2], covered, draws)
			if p50 := errs[len(errs)/2]; p50 > c.maxP50 || covered < draws*9/10 {
				t.Errorf("median error %.2f ms, %d of %d within 3 sd; want ≤ %.1f ms and ≥ %d", p50, covered, draws, c.maxP50, draws*9/10)
			}
		})
	}
}

// TestFitKnee fits the simulator's exact path of a cue ball that slides, then
// rolls: with the knee at the time it rolls the model must fit to a fraction
// of a millimetre, and with a knee one frame off far worse.
func TestFitKnee(t *testing.T) {
	P := func(x, y float64) table.Point { return table.Point{X: x, Y: y} }
	mo, err := sim.Simulate(tab9, sim.DefaultParams(), sim.Layout{0: P(500, 635), 1: P(1200, 635)}, sim.Stroke{Speed: 1.2}, nil)
	if err != nil {
		t.Fatal(err)
	}
	// Centre ball: it slides off at v0 and rolls from 2·v0/(7·μg).
	st, _ := mo.Ball(0, 0)
	roll := 2 * st.Vel.Len() / (7 * slideDecel)
	var s []sample
	for tt := roll - 0.2; tt < roll+0.15; tt += 1.0 / 60 {
		b, _ := mo.Ball(0, tt)
		s = append(s, sample{tt, b.Pos})
	}
	for _, c := range []struct {
		name  string
		tk    float64
		maxSS float64 // mm²
		minSS float64
	}{
		{"knee where it is", roll, 0.5, 0},
		{"knee a frame early", roll - 1.0/60, math.Inf(1), 5},
		{"knee a frame late", roll + 1.0/60, math.Inf(1), 5},
	} {
		_, ss := fitKnee(s, fitLine(s), -slideDecel, -rollDecel, c.tk)
		if ss > c.maxSS || ss < c.minSS {
			t.Errorf("%s: residual %.2f mm², want in [%g, %g]", c.name, ss, c.minSS, c.maxSS)
		}
	}
}

// firstContactT is the time of the first contact in motion mo (the
// simulator's truth); it fails the test with msg when there is none.
func firstContactT(t *testing.T, mo *sim.Motion, msg string) float64 {
	t.Helper()
	for _, e := range mo.Events() {
		if e.Kind == shot.Contact {
			return e.T
		}
	}
	t.Fatal(msg)
	return 0
}
