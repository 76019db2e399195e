package tracking

import "testing"

// 8-ball pot (bench seed 49, rendered, after shot 35): the 8 crawls by the
// head-right corner's mouth next to the resting cue ball, its reads stalled,
// and is taken for at rest at 270.40 s; read at its true place 0.19 s later,
// it began a shot struck "through" it at 270.59 s, the cue ball never moving,
// ruled legal (creepnext.go). The truth has two strokes in the fixture, at
// 266.83 s (shot 35) and 273.58 s (shot 36): the shots told must be those two.
func TestCreepNextNoShotRendered(t *testing.T) {
	fs := loadRendered(t, "testdata/creepnext-8ball-s49-rendered.json.gz")
	strokes := truthCueStrokes(fs)
	if len(strokes) != 2 || strokes[0] > 266.9 || strokes[1] < 273.5 {
		t.Fatalf("testdata: cue ball strokes at %v; want two, at about 266.83 s and 273.58 s", strokes)
	}
	// The 8 still rolls after the tracker's rest of it, and the cue ball
	// stays put from 270.4 s to the next stroke.
	at, _ := truthAt(fs, 8, 270.5)
	end, _ := truthAt(fs, 8, 273.0)
	if at.Dist(end) < 20 {
		t.Fatalf("testdata: the 8 goes %.1f mm after 270.5 s; want it still rolling then", at.Dist(end))
	}
	c0, _ := truthAt(fs, 0, 270.4)
	c1, _ := truthAt(fs, 0, 273.5)
	if c0.Dist(c1) > 2 {
		t.Fatalf("testdata: the cue ball moves %.1f mm between 270.4 s and 273.5 s; want it at rest", c0.Dist(c1))
	}
	shots := renderedShotsOf(t, fs, Config{Table: tab9, FPS: 60, Balls: gameBalls(15)})
	wantShotsAt(t, shots, strokes)
}
