package tracking

import (
	"math"
	"strings"
	"testing"

	"github.com/cueref/cueref/shot"
	"github.com/cueref/cueref/table"
)

// gameBalls returns the balls 0..n, as the bench sets Config.Balls.
func gameBalls(n int) []int {
	balls := make([]int, n+1)
	for i := range balls {
		balls[i] = i
	}
	return balls
}

// shotAt runs a tracker with cfg over rendered frames fs and returns the shot
// struck within 50 ms of stroke.
func shotAt(t *testing.T, fs []renderedFrame, cfg Config, stroke float64) *shot.Shot {
	t.Helper()
	for _, s := range renderedShotsOf(t, fs, cfg) {
		if math.Abs(*s.Start-stroke) < 0.05 {
			return s
		}
	}
	t.Fatalf("no shot struck at %.3f s", stroke)
	return nil
}

// TestThinPassAsked runs the tracker on the detector's view of a 9-ball
// safety (bench seed 10, rendered, shot 11, held out until then): the cue
// ball, at 0.8 m/s, cuts ball 6 so thinly that ball 6 moves 1.6 mm and the
// cue ball's path bends by less than its noise. No contact was told and the
// legal safety became an unflagged no_contact foul (rule 1.16). The camera
// cannot tell such a cut from a near miss: either the contact is told, or the
// shot asks a person (passdoubt.go).
func TestThinPassAsked(t *testing.T) {
	fs := loadRendered(t, "testdata/thinpass-9ball-s10-rendered.json.gz")
	const stroke = 95.517
	var first, last table.Point
	seen := false
	for _, f := range fs {
		for _, x := range f.Truth {
			if x[0] == 6 {
				if !seen {
					first, seen = table.Point{X: x[1], Y: x[2]}, true
				}
				last = table.Point{X: x[1], Y: x[2]}
			}
		}
	}
	if d := first.Dist(last); !seen || d < 0.5 || d > 5 {
		t.Fatalf("testdata: ball 6 moves %.1f mm in the shot (seen %v); want a thin cut of 0.5-5 mm", d, seen)
	}
	got := shotAt(t, fs, Config{Table: tab9, FPS: 60, Balls: gameBalls(9)}, stroke)
	if i := firstOf(got); i >= 0 {
		if e := got.Events[i]; e.A+e.B != 6 {
			t.Errorf("first contact of the cue ball with ball %d; want ball 6 (truth)", e.A+e.B)
		}
		return
	}
	if got.Review == nil || !strings.Contains(got.Review.Reason, "ball 6") {
		t.Errorf("no contact told and review %+v; want the shot asked about ball 6; events:%s", got.Review, fmtEvents(absEvents(got)))
	}
}
