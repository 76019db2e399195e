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
	ghost := table.Point{X: 2328.69, Y: 1100.52}.Scale(2).Sub(six) // the cue ball's centre at the contact, as in the match
	d := ghost.Sub(cue)
	l := sim.Layout{0: cue, 6: six, 9: nine}
	s := sim.Stroke{Speed: 4.5, Angle: math.Atan2(d.Y, d.X)}
	told := 0
	for seed := int64(1); seed <= 30; seed++ {
		truth, got, _ := oneShot(t, l, s, 60, seed)
		if f := firstContact(truth); f != 6 {
			t.Fatalf("the simulator's first contact is with ball %d, want 6: %s", f, fmtEv(truth))
		}
		asked := got.Review != nil && strings.Contains(got.Review.Reason, "may be a near miss")
		switch firstContact(got.Events) {
		case 9:
			told++
			if !asked {
				t.Errorf("seed %d: the 9 told first, and no review: %s", seed, fmtEv(got.Events))
			}
		case 6:
			if asked {
				t.Errorf("seed %d: the 6 told first, review %q; want none", seed, got.Review.Reason)
			}
		}
	}
	t.Logf("the 9 told first in %d of 30 noise seeds", told)
}
