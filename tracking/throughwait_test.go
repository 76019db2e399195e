package tracking

import (
	"testing"

	"github.com/cueref/cueref/shot"
	"github.com/cueref/cueref/table"
)

// TestThroughWait: camera model at 30 fps, seed 30, 14.1 shot 324. The cue
// ball, 8 mm from the 14, stunned it into the 9; the stroke was told through
// the 14 1.4 s on. The 9's start and its way to the left cushion, 0.72 s after
// the stroke, belong to the shot, and the shot ends when the 9 stops, 5.3 s
// after the stroke, not when the 14 does.
func TestThroughWait(t *testing.T) {
	s := fixtureShot30(t, "testdata/throughwait-14.1-30fps-s30-norender.json.gz", 15, 2063.4883, 0.05)
	rail := false
	for _, e := range s.Events {
		if e.Kind == shot.RailHit && e.Ball == 9 && e.Rail == string(table.Left) {
			rail = true
		}
	}
	if !rail {
		t.Errorf("no hit of the left cushion by the 9 told:%s", fmtEvents(s.Events))
	}
	if stop := s.Events[len(s.Events)-1]; stop.Kind != shot.Stop || stop.T < 4.5 {
		t.Errorf("the shot ends with %s at %.3f s; want the stop 5.3 s after the stroke", stop.Kind, stop.T)
	}
	want := table.Point{X: 2070.42, Y: 511.75}
	if got := s.Before[9]; (table.Point{X: got[0], Y: got[1]}).Dist(want) > 5 {
		t.Errorf("ball 9 before the shot at %v; want it at rest at %v", got, want)
	}
}

// TestThroughWaitCluster: camera model at 30 fps, seed 11, 14.1 shot 270. The
// cue ball, 2.6 mm from the 6, stunned it into a cluster; the stroke was told
// through the 6 1.4 s on, when the cue ball had come to rest 8 mm from where
// it stood and the 11, met by the 6, had been timed 23 ms before it. The
// cue ball met the 6 first, and every ball stood at the stroke where it
// rested before it.
func TestThroughWaitCluster(t *testing.T) {
	s := fixtureShot30(t, "testdata/throughwait-14.1-30fps-s11-norender.json.gz", 15, 1760.3613, 0.05)
	if b := firstBall(s); b != 6 {
		t.Errorf("first contact %d; want the 6:%s", b, fmtEvents(s.Events))
	}
	for b, want := range map[int]table.Point{0: {X: 1954.44, Y: 601.89}, 6: {X: 1999.51, Y: 640.51}, 11: {X: 2055.61, Y: 665.24}} {
		if got := s.Before[b]; (table.Point{X: got[0], Y: got[1]}).Dist(want) > 4 {
			t.Errorf("ball %d before the shot at %v; want %v", b, got, want)
		}
	}
}

// TestThroughWaitRolled: the last shot's cue ball rolled into a ball and was
// told at rest a moment before that ball crept off it; the creep, next to the
// resting cue ball, was told a stroke through it 1.5 s on, a shot where none
// was played. No one strikes a cue ball that soon after it stops: no shot is
// told between the last shot and the next. Camera model at 30 fps: seed 4,
// 8-ball, 442.6 s (the cue ball at rest 7 ms after the 1 started), the next
// shot struck at 444.69 s; seed 33, 14.1, 16.8 s (83 ms before), the next
// struck at 18.77 s.
func TestThroughWaitRolled(t *testing.T) {
	for _, c := range []struct {
		fixture  string
		lo, next float64
	}{
		{"testdata/throughwait-8ball-30fps-s4-norender.json.gz", 440, 444.6918},
		{"testdata/throughwait-14.1-30fps-s33-norender.json.gz", 14, 18.7662},
	} {
		t.Run(c.fixture, func(t *testing.T) {
			shots := renderedShotsOf(t, loadRendered(t, c.fixture), Config{Table: tab9, FPS: 30, Balls: gameBalls(15)})
			wantNoShotBetween(t, shots, c.lo, c.next-0.1, "the cue ball rolled into a ball at the end of the last shot") // handplace_test.go
			shotNear(t, shots, c.next, 0.05)
		})
	}
}
