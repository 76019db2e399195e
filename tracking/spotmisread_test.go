package tracking

import (
	"testing"

	"github.com/cueref/cueref/shot"
)

// TestSpotMisreadRendered: rendered bench seed 48, 10-ball shots 43 and 44
// (spotmisread.go). The 8 went down the foot left corner in shot 43; the
// shooter then hid the cue ball, at rest at (2495, 428), and it was read
// again 1.4 mm from its rest as the 8 (0.97): the 8 came back there, a shot
// was told at 351.36 s where none was played, and another at 353.62 s on
// ball 9; shot 44 (stroke at 353.41 s, first contact 9, a pot) was not
// tracked. Truth: one shot after shot 43 in the fixture, shot 44, the cue
// ball first on the 9.
func TestSpotMisreadRendered(t *testing.T) {
	fs := loadRendered(t, "testdata/spotmisread-10ball-s48-rendered.json.gz")
	var after []*shot.Shot
	for _, s := range renderedShotsOf(t, fs, Config{Table: tab9, FPS: 60, Balls: gameBalls(10)}) {
		if *s.Start > 349 {
			after = append(after, s)
		}
	}
	s := onlyShot(t, after, "shot 44, struck at 353.41 s")
	wantStrokeFirst(t, s, 353.4129, 9)
}
