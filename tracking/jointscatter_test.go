package tracking

import (
	"strings"
	"testing"
)

// TestJointScatter: a joint fit is kept while its χ² lies within jointFitK
// standard deviations (√(2·dof)) of its degrees of freedom, and not beyond.
func TestJointScatter(t *testing.T) {
	for _, c := range []struct {
		chi, dof float64
		keep     bool
	}{
		{30, 32, true},
		{32 + 3*8 - 0.1, 32, true}, // √(2·32) = 8
		{32 + 3*8 + 0.1, 32, false},
		{500, 50, false},
		{5, 0, true}, // no degrees of freedom: nothing to test by
	} {
		why := jointScatter(c.chi, c.dof)
		if got := why == ""; got != c.keep {
			t.Errorf("χ² %.1f for %.0f degrees of freedom: kept %v, want %v (%s)", c.chi, c.dof, got, c.keep, why)
		}
		if !c.keep && !strings.Contains(why, "scatter") {
			t.Errorf("χ² %.1f for %.0f degrees of freedom: why %q does not say the reads scatter", c.chi, c.dof, why)
		}
	}
}

// TestJointScatterRendered: contacts of the cue ball with a ball at rest
// (bench seeds 3 and 6, 8-ball, rendered) whose joint fit's reads scattered
// far more than their noise (χ² 133 for 82 and 906 for 98 degrees of
// freedom) and moved the estimates combined, 0.2 and 0.4 ms off, to 3.8 and
// 4.9 ms off. Cause fixed: such a fit is not kept (jointScatter).
func TestJointScatterRendered(t *testing.T) {
	checkContactTimes(t, []contactTimeCase{
		{name: "seed 3 8-ball shot 28", file: "testdata/jointscatter-8ball-s3-rendered.json.gz",
			stroke: 213.9718, a: 0, b: 1, truth: 215.3808, maxErr: 2, was: -3.8, is: 0.2},
		{name: "seed 6 8-ball shot 9", file: "testdata/jointscatter-8ball-s6-rendered.json.gz",
			stroke: 72.8928, a: 0, b: 4, truth: 75.8296, maxErr: 2, was: 4.9, is: 0.4},
	})
}

// TestJointSharpRendered: rendered seed 74, 10-ball shot 32: the cue ball at
// 4 m/s met the 3 at rest. The estimates combined timed it 0.02 ms off; the
// joint fit, held at ± 0.08 ms, moved it 4 ms off. Such a fit is not kept
// (jointSharpest).
func TestJointSharpRendered(t *testing.T) {
	checkContactTimes(t, []contactTimeCase{
		{name: "seed 74 10-ball shot 32", file: "testdata/jointsharp-10ball-s74-rendered.json.gz",
			stroke: 263.0732, a: 0, b: 3, truth: 263.3450, maxErr: 2, was: 4.0, is: 0.0},
	})
}
