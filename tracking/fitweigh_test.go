package tracking

import (
	"math"
	"testing"

	"github.com/cueref/cueref/shot"
)

// TestWeighFit: a fit as sharp as the estimates, or sharper, sets the time; a
// much looser one moves the estimates' time towards its own by the ratio of
// the variances; with no estimate at all the fit's time stands.
func TestWeighFit(t *testing.T) {
	for _, c := range []struct {
		name           string
		tc, sd, t0, s0 float64
		want           float64
	}{
		{"sharper fit", 1.010, 0.001, 1.000, 0.002, 1.010},
		{"as sharp", 1.010, 0.002, 1.000, 0.002, 1.010},
		{"within fitLoose", 1.010, 0.0039, 1.000, 0.002, 1.010},
		{"ten times looser", 1.010, 0.020, 1.000, 0.002, 1.000 + 0.010/101},
		{"no estimate", 1.010, 0.020, 1.000, math.Inf(1), 1.010},
	} {
		if got := weighFit(c.tc, c.sd, c.t0, c.s0); math.Abs(got-c.want) > 1e-9 {
			t.Errorf("%s: got %.6f, want %.6f", c.name, got, c.want)
		}
	}
}

// contactTimeCase is a contact of a rendered fixture (the detector's view of a
// bench shot) with the simulator's time of it (the bench's truth, s).
type contactTimeCase struct {
	name    string
	file    string
	stroke  float64 // the shot's stroke (truth)
	a, b    int     // the balls
	truth   float64 // the contact (truth)
	maxErr  float64 // ms
	was, is float64 // ms off before and with the fix (for the failure message)
}

// checkContactTimes runs the tracker over each case's fixture and checks the
// contact of its balls nearest the true time against it.
func checkContactTimes(t *testing.T, cases []contactTimeCase) {
	t.Helper()
	balls := make([]int, 16)
	for i := range balls {
		balls[i] = i
	}
	for _, c := range cases {
		fs := loadRendered(t, c.file)
		var got *shot.Shot
		for _, s := range renderedShotsOf(t, fs, Config{Table: tab9, FPS: 60, Balls: balls}) {
			if math.Abs(*s.Start-c.stroke) < 0.05 {
				got = s
			}
		}
		if got == nil {
			t.Errorf("%s: no shot struck at %.3f s", c.name, c.stroke)
			continue
		}
		best := math.Inf(1)
		for _, e := range absEvents(got) {
			if e.Kind == shot.Contact && (e.A == c.a && e.B == c.b || e.A == c.b && e.B == c.a) && math.Abs(e.T-c.truth) < math.Abs(best) {
				best = e.T - c.truth
			}
		}
		if math.IsInf(best, 1) || math.Abs(best) > 0.05 {
			t.Errorf("%s: no contact %d-%d told within 50 ms of %.4f s; events:%s", c.name, c.a, c.b, c.truth, fmtEvents(absEvents(got)))
			continue
		}
		if math.Abs(1000*best) > c.maxErr {
			t.Errorf("%s: contact %d-%d timed %+.1f ms off the truth, want within %.1f ms (%.1f before the fix, %.1f with it)", c.name, c.a, c.b, 1000*best, c.maxErr, c.was, c.is)
		}
	}
}

// TestLooseStrokeFitRendered: the cue ball's first contact soon after the
// stroke with a ball resting against a cushion, the cue ball driven into the
// cushion 2–4 ms later (bench seeds 9 and 6, 9-ball, rendered). Its way in is
// two or three detections and the struck ball's way out none (pocketed) or
// one: the stroke fit's time had a standard error of 16–23 ms and replaced
// the estimates' (approach, ± 2–7 ms). Cause fixed: a fit much looser than the
// estimates is weighed with them (weighFit), not taken as it is.
func TestLooseStrokeFitRendered(t *testing.T) {
	checkContactTimes(t, []contactTimeCase{
		{name: "seed 9 9-ball shot 12 (struck ball pocketed)", file: "testdata/loosestroke-9ball-s9-rendered.json.gz",
			stroke: 101.5272, a: 0, b: 7, truth: 101.5673, maxErr: 6, was: 8.8, is: 4.8},
		{name: "seed 6 9-ball shot 32", file: "testdata/loosestroke-9ball-s6-rendered.json.gz",
			stroke: 233.4321, a: 0, b: 8, truth: 233.5693, maxErr: 2, was: 4.5, is: 0.3},
	})
}
