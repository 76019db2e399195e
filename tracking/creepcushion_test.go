package tracking

import "testing"

// 14.1 pot (bench seed 47, rendered, shot 42): after the pot the cue ball
// comes off the foot cushion by the foot-right corner at 140 mm/s and rolls
// on into the right cushion, stopping at 317.95 s. Its reads stall by the
// corner (the same place read again and again, 15 mm behind it) and it is
// taken for at rest at 316.73 s; seen moving again 0.15 s later, it began a
// "shot" that hit the right cushion and went 74 mm, ruled a no-contact foul,
// unflagged (creepon.go). The truth has one stroke in the fixture, at
// 312.746 s: the one shot told must be that one.
func TestCreepOnCushionNoShotRendered(t *testing.T) {
	fs := loadRendered(t, "testdata/creepcushion-141-s47-rendered.json.gz")
	// The strokes, and whether the cue ball still rolls when the tracker
	// told it at rest.
	strokes := truthCueStrokes(fs)
	at1673, at1688 := truthCueAt(fs, 316.73), truthCueAt(fs, 316.88)
	if len(strokes) != 1 || strokes[0] < 312.7 || strokes[0] > 312.8 {
		t.Fatalf("testdata: cue ball strokes at %v; want one, at about 312.75 s", strokes)
	}
	if d := at1673.Dist(at1688); d < 10 {
		t.Fatalf("testdata: the cue ball goes %.1f mm from 316.73 s to 316.88 s; want it rolling on (10 mm or more)", d)
	}
	// The balls in play: those on the table (the tracker of the whole game
	// knows the others were pocketed before).
	var balls []int
	for _, x := range fs[0].Truth {
		if x[3] == 1 {
			balls = append(balls, int(x[0]))
		}
	}
	shots := renderedShotsOf(t, fs, Config{Table: tab9, FPS: 60, Balls: balls})
	if len(shots) != 1 {
		for _, s := range shots {
			t.Logf("told: shot struck at %.3f s with %d events", *s.Start, len(s.Events))
		}
		t.Fatalf("got %d shots told; want 1, struck at %.3f s", len(shots), strokes[0])
	}
	if d := *shots[0].Start - strokes[0]; d < -0.05 || d > 0.05 {
		t.Errorf("shot struck at %.3f s; want %.3f s", *shots[0].Start, strokes[0])
	}
}
