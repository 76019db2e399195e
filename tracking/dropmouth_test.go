package tracking

import (
	"testing"

	"github.com/cueref/cueref/shot"
	"github.com/cueref/cueref/table"
)

// TestPendingIntoMouth: camera model at 30 fps, seed 6, 8-ball shot 89 (a
// pot of the 11 in the foot-left corner). The cue ball sent the 11, resting
// 85 mm from the corner, into it and met the 5, 173 mm away, 60 ms later.
// The 11 was read once off its place, 30 mm on and in the mouth, then
// dropped; its track, that read pending, took the cue ball's next read and
// later the 5's, 140 and 230 mm behind its rest point. The 5's track, left
// without reads, was told gone off the table (or, the votes crossing back,
// the 11 was): object_ball_off_table, unasked, where the pot was legal. A
// ball that left its place straight into a pocket's mouth dropped; a read
// behind its rest point is not its next (behindPending).
func TestPendingIntoMouth(t *testing.T) {
	const stroke = 607.0827
	s := fixtureShot30(t, "testdata/dropmouth-8ball-30fps-s6-norender.json.gz", 15, stroke, 0.05)
	if !pocketedIn(s, 11) {
		t.Errorf("the 11 is not told pocketed; want it in FL")
	}
	for _, e := range s.Events {
		if e.Kind == shot.OffTable {
			t.Errorf("ball %d told off the table; want none", e.Ball)
		}
	}
	want := table.Point{X: 2220.39, Y: 963.44} // the 5's rest after the shot
	if p, ok := s.After[5]; !ok || p.P().Dist(want) > 10 {
		t.Errorf("the 5 after the shot at %v (%v); want it at %v", p, ok, want)
	}
}
