package tracking

import (
	"testing"

	"github.com/cueref/cueref/table"
)

// TestCueStayedRendered runs the tracker on the detector's view of a 14.1
// rack (bench seed 26, rendered, before shot 4): ball 11, nudged to rest
// 12 mm off the head cushion 16–23 mm from the resting cue ball, is read
// flipping 18 mm off the cushion and back. Each flip waited for the cue ball
// to start and, the cue ball seen still all the while, began a shot "struck
// through" the 11: three shots where none was played (asked, "first contact
// occluded"), the last of which swallowed the true stroke of shot 4. The
// only shot told must be shot 4, struck at 31.53 s, meeting the 7 first.
func TestCueStayedRendered(t *testing.T) {
	fs := loadRendered(t, "testdata/flipnext-14.1-s26-rendered.json.gz")
	cue := stillInTruthUntil(t, fs, 0, 31.5)
	var eleven table.Point // where the 11 comes to rest
	for _, x := range fs[len(fs)-1].Truth {
		if int(x[0]) == 11 {
			eleven = table.Point{X: x[1], Y: x[2]}
		}
	}
	if gap := cue.Dist(eleven) - 2*tab9.BallR; gap < noStrokeNudge {
		t.Fatalf("testdata: the cue ball and the 11 lie %.1f mm apart; want more than %d", gap, noStrokeNudge)
	}
	shots := renderedShotsOf(t, fs, Config{Table: tab9, FPS: 60, Balls: gameBalls(15)})
	s := onlyShot(t, shots, "struck at 31.532 s")
	wantStrokeFirst(t, s, 31.5317, 7)
}

// TestCueStayedAddressRendered runs the tracker on the detector's view of a
// 10-ball pot (bench seed 27, rendered, shot 23): ball 4 rests 3 mm off the
// head cushion, 19 mm from the cue ball, and is read hopping 15 mm off the
// cushion 0.07 s before the stroke, while the shooter's cue over the cue
// ball scatters its reads by up to 10 mm, away from the 4. The stroke was
// backdated to the 4's hop and the 4 told met first: a wrong-ball foul on a
// legal pot of the 1, unflagged. The shot must be struck at 187.515 s and
// meet the 1 first.
func TestCueStayedAddressRendered(t *testing.T) {
	fs := loadRendered(t, "testdata/stayfour-10ball-s27-rendered.json.gz")
	s := shotNear(t, renderedShotsOf(t, fs, Config{Table: tab9, FPS: 60, Balls: []int{0, 1, 2, 3, 4, 5, 6, 8, 9, 10}}), 187.5152, 0.2)
	wantStrokeFirst(t, s, 187.5152, 1)
}
