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
	wantNoRail(t, s, 8, table.Right, 208.70, 208.85)
}

// wantNoRail fails the test if shot s tells a hit of rail by ball between t0
// and t1 (absolute seconds).
func wantNoRail(t *testing.T, s *shot.Shot, ball int, rail table.Rail, t0, t1 float64) {
	t.Helper()
	for _, e := range absEvents(s) {
		if e.Kind == shot.RailHit && e.Ball == ball && e.Rail == string(rail) && e.T > t0 && e.T < t1 {
			t.Errorf("got a hit of the %s cushion by the %d at %.4f s; want none:%s", rail, ball, e.T, fmtEvents(absEvents(s)))
		}
	}
}
