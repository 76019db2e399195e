package tracking

import (
	"testing"

	"github.com/cueref/cueref/shot"
)

// TestSparseTrackRollsIntoNoPocket: rendered 14.1, seed 67, shot 33 (see
// seenshare.go). A track named 10, on no ball (the 10 was pocketed before),
// was read in a quarter of the frames as it "rolled" at 1.3 m/s and was lost
// 536 mm short of the side pocket: no pocket of the 10 may be told.
func TestSparseTrackRollsIntoNoPocket(t *testing.T) {
	wantNothingOf(t, "testdata/sparseroll-14.1-s67-rendered.json.gz", 10)
}

// TestSparseTrackGoneNoOffTable: rendered 8-ball, seed 66, shot 10 (see
// seenshare.go). A track named 10, on no ball, was read in 3 of 25 frames as
// it crossed the bed at 2 m/s and was lost there: no off_table of the 10.
func TestSparseTrackGoneNoOffTable(t *testing.T) {
	wantNothingOf(t, "testdata/sparseoff-8ball-s66-rendered.json.gz", 10)
}

// wantNothingOf fails the test if the tracker tells a pocket or off_table of
// ball b over the rendered frames in file. It stops
// the test first unless the truth has no ball b on the table.
func wantNothingOf(t *testing.T, file string, b int) {
	t.Helper()
	fs := loadRendered(t, file)
	for _, f := range fs {
		for _, x := range f.Truth {
			if int(x[0]) == b {
				t.Fatalf("testdata: ball %d on the table at %.4f s; want it off the table throughout", b, f.T)
			}
		}
	}
	eachRenderedOutput(t, fs, Config{Table: tab9, FPS: 60, Balls: gameBalls(15)}, func(ft float64, o Output) {
		if (o.Kind == OutEvent || o.Kind == OutProvisional) && (o.Event.Kind == shot.Pocketed || o.Event.Kind == shot.OffTable) && o.Event.Ball == b {
			t.Errorf("%.4f: %s of the %d at %.4f s told; the %d is not on the table", ft, o.Event.Kind, b, o.T, b)
		}
	})
}
