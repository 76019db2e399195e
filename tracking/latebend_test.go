package tracking

import (
	"testing"

	"github.com/cueref/cueref/shot"
	"github.com/cueref/cueref/table"
)

// TestLateBendNoRail: rendered 10-ball, seed 74, shot 25 (see latebend.go).
// The 8 rolled along the right cushion 18 mm off it at 1.2 m/s; three reads
// in a row, pulled 4-7 mm towards the cushion's shade, bent its path into the
// cushion's tolerance, and a hit of the right cushion was told at 208.7564 s
// that the ball never made. No cushion hit of the 8 may be told then.
func TestLateBendNoRail(t *testing.T) {
	const stroke = 208.3936
	s := renderedShot(t, "testdata/latebend-10ball-s74-rendered.json.gz", 10, stroke)
	for _, e := range absEvents(s) {
		if e.Kind == shot.RailHit && e.Ball == 8 && e.Rail == string(table.Right) && e.T > 208.70 && e.T < 208.85 {
			t.Errorf("got a hit of the right cushion by the 8 at %.4f s; want none:%s", e.T, fmtEvents(absEvents(s)))
		}
	}
}
