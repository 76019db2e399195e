package tracking

import (
	"testing"

	"github.com/cueref/cueref/table"
)

// TestCreepBackNoRail: rendered 9-ball, seed 74, shot 9 (see creepback.go).
// The black 8 crept to rest 12 mm off the left cushion, some of its reads
// pulled 5-7 mm towards the cushion's shade; a creep into the cushion at
// 26 mm/s was read in them, and a hit told at 86.7763 s that it never made.
// No cushion hit of the 8 may be told then.
func TestCreepBackNoRail(t *testing.T) {
	const stroke = 83.5212
	s := renderedShot(t, "testdata/creepback-9ball-s74-rendered.json.gz", 9, stroke)
	wantNoRail(t, s, 8, table.Left, 86.6, 86.9)
}
