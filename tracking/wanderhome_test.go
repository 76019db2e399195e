package tracking

import (
	"strings"
	"testing"

	"github.com/cueref/cueref/shot"
	"github.com/cueref/cueref/table"
)

// TestArmWanderHome runs the tracker on the detector's view of two shots of
// the rendered bench (seed 15, held out until then) in which the shooter's arm
// and cue lay over a ball at rest behind the cue ball: the ball's track
// followed the arm away from its place between shots and came back to it
// after the stroke. Both legal shots were ruled "touched_ball" (rule 1.19)
// and asked as "may have been moving at the stroke". The ball never moved:
// the shot has no touch of it, does not ask, and has it at its place at the
// stroke (wanderhome.go).
func TestArmWanderHome(t *testing.T) {
	for _, tc := range []struct {
		name   string
		file   string
		balls  int
		ball   int
		stroke float64
	}{
		// 10-ball shot 42: ball 7 at (825, 1203) followed the arm 460 mm.
		{"10ball-s15-shot42", "testdata/armwander-10ball-s15-rendered.json.gz", 10, 7, 323.2911},
		// 14.1 shot 32: ball 4 at (1751, 1170) followed it 130 mm.
		{"14.1-s15-shot32", "testdata/armwander-14.1-s15-rendered.json.gz", 15, 4, 252.6875},
	} {
		t.Run(tc.name, func(t *testing.T) {
			fs := loadRendered(t, tc.file)
			rest := truthRest(t, fs, tc.ball)
			got := shotAt(t, fs, Config{Table: tab9, FPS: 60, Balls: gameBalls(tc.balls)}, tc.stroke)
			wantNeverMoved(t, got, tc.ball, rest)
		})
	}
}

// wantNeverMoved fails the test unless shot got has ball b at rest at its
// place rest at the stroke, no touch or moving event of it, and no review
// about it moving.
func wantNeverMoved(t *testing.T, got *shot.Shot, b int, rest table.Point) {
	t.Helper()
	for _, e := range got.Events {
		if e.Ball == b && (e.Kind == shot.Touch || e.Kind == shot.Moving) {
			t.Errorf("got a %s of ball %d at %.3f s; want none (it never moved); events:%s", e.Kind, b, e.T, fmtEvents(absEvents(got)))
		}
	}
	if got.Review != nil && strings.Contains(got.Review.Reason, "moving at the stroke") {
		t.Errorf("review %q; want none about ball %d moving", got.Review.Reason, b)
	}
	if p, ok := got.Before[b]; !ok || p.P().Dist(rest) > 10 {
		t.Errorf("ball %d at the stroke at %v (%v); want it at its place %v", b, p, ok, rest)
	}
}
