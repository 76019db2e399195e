package tracking

import "testing"

// Rendered bench seed 36, 10-ball shot 5 (stroke at 38.5841 s): the cue ball
// meets the 6 first (a foul, the 4 the lowest), whose track, nameless since
// the 6 and the 4 swapped tracks at 28.18 s, was lifted at 40.5 s and the 6
// came back on its spot as a new track, named 6 at the shot's end. The first
// contact must be the 6's (see liftheir.go).
func TestLiftedNamelessHeir(t *testing.T) {
	fs := loadRendered(t, "testdata/lifted-heir-10ball-s36-rendered.json.gz")
	shots := renderedShotsOf(t, fs, Config{Table: tab9, FPS: 60, Balls: gameBalls(10)})
	s := shotNear(t, shots, 38.5841, 0.05)
	wantStrokeFirst(t, s, 38.5841, 6)
}
