package tracking

import (
	"math"
	"testing"
)

// TestCameBack: a ball met next to a cushion goes to it and comes back
// through its rest point before the tracker sees it leave (cameBack).
//
//   - Camera model seed 1, 8-ball shot 359: the cue ball met the 7, 22 mm off
//     the foot cushion, at 2428.2041 s; the 7, read once on its way out and
//     missed at the cushion, was not seen to leave. Its way back was taken
//     for a start from rest 76 ms after the contact and paired with the cue
//     ball, passing 3 mm away: a second contact that never was.
//   - Rendered seed 74, 10-ball shot 3: the cue ball met the 2, 16 mm off the
//     head cushion, at 32.6787 s, and the 2 came back through its rest point
//     into the cue ball at 32.7430 s. That second contact is told.
//
// Each shot must hold the pair's true contacts, and no other, from 20 ms
// before the first to 0.3 s after it, each within tol of the truth (the first is timed 3.4 ms early in the first fixture,
// whose tracker starts between the shots, and 4.6 ms early in the whole match:
// the 7's way out is two reads long before the cushion).
func TestCameBack(t *testing.T) {
	for _, tc := range []struct {
		fixture string
		balls   int
		stroke  float64
		ball    int
		truth   []float64
		tol     float64
	}{
		{"testdata/cameback-8ball-s1-norender.json.gz", 15, 2427.0983, 7, []float64{2428.2041}, 0.005},
		{"testdata/rekissback-10ball-s74-rendered.json.gz", 10, 29.9440, 2, []float64{32.6787, 32.7430}, 0.008},
	} {
		s := renderedShot(t, tc.fixture, tc.balls, tc.stroke)
		got := contactTimes(s, 0, tc.ball, tc.truth[0]+0.15, 0.17)
		ok := len(got) == len(tc.truth)
		for i := 0; ok && i < len(got); i++ {
			ok = math.Abs(got[i]-tc.truth[i]) <= tc.tol
		}
		if !ok {
			t.Errorf("%s: got contacts of the cue ball and the %d at %v s; want %v (within %g ms)", tc.fixture, tc.ball, got, tc.truth, 1000*tc.tol)
		}
	}
}
