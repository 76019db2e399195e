package trackbench

import (
	"math"
	"strings"
	"testing"

	"github.com/cueref/cueref/sim"
	"github.com/cueref/cueref/table"
)

// TestFastPastFrozenBall plays no-render seed 3's 10-ball shot 144: the cue
// ball, at about 4.4 m/s, passes 6.8 mm clear of the 9, frozen to the foot
// cushion, on its way to the 6. A bend the noise puts in its path there can
// be paired with the 9, which never moves: a wrong-ball-first foul (rule 3.8)
// where the shot was legal. Struck that fast, a ball by a cushion leaves its
// place, so a shot that tells the 9 first must go to a person (nearmiss.go,
// metHard); one that tells the 6 first must not be asked about the 9.
func TestFastPastFrozenBall(t *testing.T) {
	cue, nine, six := table.Point{X: 2466.67, Y: 248.34}, table.Point{X: 2510.12, Y: 401.06}, table.Point{X: 2351.28, Y: 1118.02}
	l := sim.Layout{0: cue, 6: six, 9: nine}
	s := strokeAt(cue, table.Point{X: 2328.69, Y: 1100.52}, six, 4.5)
	told := askedWhenWrongFirst(t, l, s, 30, 6, 9, "may be a near miss", true)
	t.Logf("the 9 told first in %d of 30 noise seeds", told)
}

// strokeAt is a stroke at speed (m/s) of the cue ball resting at cue that
// meets the ball at ball at contact point at, as in the match: aimed at the
// cue ball's centre then, the ghost ball.
func strokeAt(cue, at, ball table.Point, speed float64) sim.Stroke {
	d := at.Scale(2).Sub(ball).Sub(cue)
	return sim.Stroke{Speed: speed, Angle: math.Atan2(d.Y, d.X)}
}

// askedWhenWrongFirst plays stroke s from layout l with noise seeds 1 to
// seeds (oneShot), the simulator's first contact being with ball right: each
// shot that tells ball wrong first must be asked, for a reason holding
// reason ("" any), and, when quiet, each that tells right first must not be asked
// for it. It returns how many told wrong first.
func askedWhenWrongFirst(t *testing.T, l sim.Layout, s sim.Stroke, seeds int64, right, wrong int, reason string, quiet bool) int {
	t.Helper()
	told := 0
	for seed := int64(1); seed <= seeds; seed++ {
		truth, got, _ := oneShot(t, l, s, 60, seed)
		if f := firstContact(truth); f != right {
			t.Fatalf("the simulator's first contact is with ball %d, want %d: %s", f, right, fmtEv(truth))
		}
		asked := got.Review != nil && strings.Contains(got.Review.Reason, reason)
		switch firstContact(got.Events) {
		case wrong:
			told++
			if !asked {
				t.Errorf("seed %d: ball %d told first, and no review for %q: %s", seed, wrong, reason, fmtEv(got.Events))
			}
		case right:
			if quiet && asked {
				t.Errorf("seed %d: ball %d told first, review %q; want none", seed, right, got.Review.Reason)
			}
		}
	}
	return told
}
