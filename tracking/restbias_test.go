package tracking

import (
	"math"
	"math/rand"
	"sort"
	"testing"

	"github.com/cueref/cueref/shot"
	"github.com/cueref/cueref/table"
)

// TestJointRestBias times the contacts of TestJointContact at 60 fps with the
// struck ball's rest point read off its true place, as the detector reads a
// ball of the cloth's colour at rest (the green 6 on green cloth: 3-4 mm RMS
// on the rendered seeds 74 and 75), and read true. With the rest point free
// in the joint fit (restBiasVar) the 95th percentile of the error on the
// biased contacts must be under 2 ms and at most 80 % of that with the rest
// point held (1.73 and 3.34 ms when written). On the true ones the freedom
// costs: 1.43 ms against 0.92 held; it must stay within 1.5 ms.
func TestJointRestBias(t *testing.T) {
	noise := func(v float64) float64 { return 1.0 + v/1000 }
	const fps = 60
	dt := 1.0 / fps
	skip := dt/4 + 0.05*dt
	cs := jointCases(t, fps, 300, 3)
	p95 := func(e []float64) float64 {
		sort.Float64s(e)
		return e[len(e)*95/100]
	}
	const restBiasVar = defaultRestBias * defaultRestBias
	for _, off := range []float64{0, 3} {
		errs := map[float64][]float64{}
		for i, x := range cs {
			rng := rand.New(rand.NewSource(int64(i)))
			t0 := x.tc + (rng.Float64()-0.5)*0.004
			a := rng.Float64() * 2 * math.Pi
			q := x.q.Add(table.Point{X: off * math.Cos(a), Y: off * math.Sin(a)})
			for _, v := range []float64{0, restBiasVar} {
				tc, _, why := jointContact(x.mv, x.obj, q, 2*tab9.BallR, t0, dt, skip, dt/2, slideDecel, noise, true, v)
				if why != "" {
					t.Fatalf("rest point %.0f mm off, q variance %.0f mm², contact %d: no time: %s", off, v, i, why)
				}
				errs[v] = append(errs[v], 1000*math.Abs(tc-x.tc))
			}
		}
		held, free := p95(errs[0]), p95(errs[restBiasVar])
		t.Logf("rest point %.0f mm off: p95 %.2f ms held, %.2f ms free", off, held, free)
		switch {
		case off == 0 && free > 1.5:
			t.Errorf("rest point true: p95 %.2f ms with it free; want ≤ 1.5 ms", free)
		case off > 0 && (free > 2 || free > 0.8*held):
			t.Errorf("rest point %.0f mm off: p95 %.2f ms with it free, %.2f ms held; want ≤ 2 ms and ≤ 80 %% of held", off, free, held)
		}
	}
}

// contactAt returns the time of shot s's contact of balls a and b (absolute
// seconds), failing the test when none was told.
func contactAt(t *testing.T, s *shot.Shot, a, b int) float64 {
	t.Helper()
	for _, e := range s.Events {
		if e.Kind == shot.Contact && min(e.A, e.B) == min(a, b) && max(e.A, e.B) == max(a, b) {
			return *s.Start + e.T
		}
	}
	t.Fatalf("no contact of the %d and the %d told; events:%s", a, b, fmtEvents(absEvents(s)))
	return 0
}

// TestRestBiasContact: rendered 8-ball, seed 75, shot 32. The cue ball, at
// 1.1 m/s, met the maroon-striped 15 resting in the open at 254.2665 s. Its
// rest point, read 2-3 mm off its place, put the contact 4.3 ms early with
// the rest point held; the joint fit with it free (restBiasVar) must time it
// within 2 ms.
func TestRestBiasContact(t *testing.T) {
	const stroke, hit = 253.5123, 254.2665
	s := renderedShot(t, "testdata/restbias-8ball-s75-rendered.json.gz", 15, stroke)
	if got := contactAt(t, s, 0, 15); math.Abs(got-hit) > 0.002 {
		t.Errorf("contact 0-15 at %.4f s; want within 2 ms of %.4f s", got, hit)
	}
}

// TestRestFreeHeld: rendered 8-ball, seed 74, shot 11. The cue ball, at
// 0.28 m/s, met the 2 at rest at 93.7182 s: a slow contact, poorly timed
// either way. The joint fit with the rest point held puts it 29.3 ms early,
// ± 7.2 ms; with it free, 34.2 ms early, ± 14.6 ms, past the 30 ms within
// which the bench counts it the same contact (a missed contact and a false
// one). Past jointFreeSD the fit held stands (here the closing speed alone
// says so: freeRest): the contact must be timed within 30 ms.
func TestRestFreeHeld(t *testing.T) {
	const stroke, hit = 93.5236, 93.7182
	s := renderedShot(t, "testdata/restfree-8ball-s74-rendered.json.gz", 15, stroke)
	if got := contactAt(t, s, 0, 2); math.Abs(got-hit) > 0.030 {
		t.Errorf("contact 0-2 at %.4f s; want within 30 ms of %.4f s", got, hit)
	}
}
