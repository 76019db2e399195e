package tracking

import (
	"testing"

	"github.com/cueref/cueref/shot"
	"github.com/cueref/cueref/table"
)

// TestOffTableAfterSwap: camera model at 30 fps, seed 37, 9-ball shot 159, a
// break. The 4 and the 5 swapped tracks where they met; the track carrying
// the 5 went off the table. When the 5's number went back to the track on
// the table, the off_table was withdrawn and the 4 lost from the record: the
// break was ruled legal, unasked (see gonetake.go). The record must have the
// 4 in the rack at its place, told off the table, and not after the break.
func TestOffTableAfterSwap(t *testing.T) {
	s := fixtureShot30(t, "testdata/swapoff-9ball-30fps-s37-norender.json.gz", 9, 1087.3129, 0.05)
	want := table.Point{X: 2004.23, Y: 577.65}
	if p, ok := s.Before[4]; !ok || p.P().Dist(want) > 10 {
		t.Errorf("the 4 at the stroke: got %v (on the table %v); want it at %v", s.Before[4], ok, want)
	}
	if _, ok := s.After[4]; ok {
		t.Errorf("the 4 is on the table after the break in the record; want it gone")
	}
	off := false
	for _, e := range s.Events {
		off = off || e.Kind == shot.OffTable && e.Ball == 4
	}
	if !off {
		t.Errorf("no off_table of the 4 told; want one")
	}
}
