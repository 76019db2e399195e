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
	fs := loadRendered(t, "testdata/sparseroll-14.1-s67-rendered.json.gz")
	for _, f := range fs {
		for _, x := range f.Truth {
			if int(x[0]) == 10 {
				t.Fatalf("testdata: ball 10 on the table at %.4f s; want it off the table throughout", f.T)
			}
		}
	}
	eachRenderedOutput(t, fs, Config{Table: tab9, FPS: 60, Balls: gameBalls(15)}, func(ft float64, o Output) {
		if (o.Kind == OutEvent || o.Kind == OutProvisional) && o.Event.Kind == shot.Pocketed && o.Event.Ball == 10 {
			t.Errorf("%.4f: pocket of the 10 at %.4f s told; the 10 is not on the table", ft, o.T)
		}
	})
}
