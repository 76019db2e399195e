package tracking

import (
	"testing"

	"github.com/cueref/cueref/shot"
	"github.com/cueref/cueref/table"
)

// TestHoppingReadsNoTouch runs the tracker on the detector's view of a 14.1
// pot (bench seed 10, rendered, shot 17, held out until then): ball 6 rests
// by the HR corner all along, but the detector reads it at three places up to
// 17 mm apart, and splits a second "ball" off it now and then. A touch of
// ball 6 (rule 1.19) was told from one place to another, a foul on a legal
// pot. Ball 6 ends where it was at the stroke, and none of its detections
// strayed far: no touch of it may be told (touchhome.go).
func TestHoppingReadsNoTouch(t *testing.T) {
	fs := loadRendered(t, "testdata/hophome-14.1-s10-rendered.json.gz")
	const stroke = 128.4625
	var rest table.Point
	seen, moved := false, 0.0
	for _, f := range fs {
		for _, x := range f.Truth {
			if x[0] == 6 {
				p := table.Point{X: x[1], Y: x[2]}
				if !seen {
					rest, seen = p, true
				}
				moved = max(moved, p.Dist(rest))
			}
		}
	}
	if !seen || moved > 0.1 {
		t.Fatalf("testdata: ball 6 moves %.2f mm (seen %v); want it at rest throughout", moved, seen)
	}
	got := shotAt(t, fs, Config{Table: tab9, FPS: 60, Balls: gameBalls(15)}, stroke)
	for _, e := range got.Events {
		if e.Kind == shot.Touch && e.Ball == 6 {
			t.Errorf("got a touch of ball 6 at %.3f s; want none (it never moved); events:%s", e.T, fmtEvents(absEvents(got)))
		}
	}
}

// TestMouthCreepNoTouch runs the tracker on the detector's view of a 9-ball
// safety (bench seed 10, rendered, shot 14, held out until then): ball 7,
// driven into the HL corner, creeps about its mouth for a second after its
// last cushion; the detector reads it at rest there for 0.18 s and then 17 mm
// on, and a touch (rule 1.19) was told, an unflagged foul the truth does not
// have. A ball of the shot off again in a mouth this soon after it seemed to
// stop is not told touched; at most the shot asks a person (touchhome.go).
func TestMouthCreepNoTouch(t *testing.T) {
	fs := loadRendered(t, "testdata/mouthcreep-9ball-s10-rendered.json.gz")
	const stroke = 124.9227
	got := shotAt(t, fs, Config{Table: tab9, FPS: 60, Balls: gameBalls(9)}, stroke)
	for _, e := range got.Events {
		if e.Kind == shot.Touch && e.Ball == 7 {
			t.Errorf("got a touch of ball 7 at %.3f s; want none (the truth has it roll on in the HL mouth); events:%s", e.T, fmtEvents(absEvents(got)))
		}
	}
}
