package tracking

import (
	"strings"
	"testing"

	"github.com/cueref/cueref/table"
)

// TestMetFrozenAsked runs the tracker on the detector's view of a 9-ball
// safety (rendered bench, seed 11, shot 45): ball 8 rests 0.8 mm off the foot
// cushion, frozen to it, and the detector has not seen it there for six shots;
// a false detection under its number, now and then, 1.3 m away on the open bed
// held its track. The cue ball drives ball 8 into the foot cushion and no
// other ball to a cushion: a frozen-ball foul (rule 1.31). The record had
// ball 8 resting where the false detection was, not frozen, and the foul went
// untold with no review. Either the record has ball 8 frozen to the foot
// cushion at the stroke, or the shot asks a person whether it was
// (frozenmet.go).
func TestMetFrozenAsked(t *testing.T) {
	fs := loadRendered(t, "testdata/metfrozen-9ball-s11-rendered.json.gz")
	const stroke = 342.386
	var p8 table.Point
	for _, f := range fs {
		if f.T > stroke {
			break
		}
		for _, x := range f.Truth {
			if x[0] == 8 {
				p8 = table.Point{X: x[1], Y: x[2]}
			}
		}
	}
	if g := tab9.RailDistance(p8, table.Foot); g > table.FrozenTolerance {
		t.Fatalf("testdata: ball 8 rests %.1f mm off the foot cushion at the stroke; want it frozen to it", g)
	}
	got := shotAt(t, fs, Config{Table: tab9, FPS: 60, Balls: gameBalls(9)}, stroke)
	i := firstOf(got)
	if i < 0 || got.Events[i].A+got.Events[i].B != 8 {
		t.Fatalf("first contact %d; want the cue ball's with ball 8 (truth); events:%s", i, fmtEvents(absEvents(got)))
	}
	if p, ok := got.Before[8]; ok && tab9.FrozenToRail(p.P()) {
		return // read frozen: the right call
	}
	if got.Review == nil || !strings.Contains(got.Review.Reason, "ball 8") || !strings.Contains(got.Review.Reason, "frozen or not") {
		t.Errorf("ball 8 before %v, review %+v; want it frozen to the foot cushion, or the shot asked whether it was", got.Before[8], got.Review)
	}
}
