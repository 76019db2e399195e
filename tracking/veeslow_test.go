package tracking

import (
	"testing"

	"github.com/cueref/cueref/table"
)

// TestVeeKeepsSlowTiming: rendered 14.1, seed 3075, shot 43 (stroke at
// 314.1366 s). The 7 meets the right cushion at 188 mm/s into it, then
// leaves it at 55 mm/s and is read on the cushion line, 5-8 mm from where it
// is, in four frames 70-120 ms later. The hit, told late from the V those
// reads make, was retimed from its slow fall to the touch, and then back by
// the V to its vertex among the misreads, 97 ms late. It must be told within
// 50 ms of the truth.
func TestVeeKeepsSlowTiming(t *testing.T) {
	fs := loadRendered(t, "testdata/veeslow-14.1-s75-rendered.json.gz")
	const stroke = 314.1366
	at := truthRailHit(t, fs, 7, table.Right, stroke+2.9, stroke+3.2)
	got := shotAt(t, fs, Config{Table: tab9, FPS: 60, Balls: gameBalls(15)}, stroke)
	wantRailTold(t, got, 7, table.Right, at, 0.05)
}
