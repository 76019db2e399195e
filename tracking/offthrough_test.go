package tracking

import (
	"testing"

	"github.com/cueref/cueref/shot"
)

// Rendered 9-ball (bench seed 67, shot 31, struck at 265.91 s): the 2, hit at
// 2 m/s, is thrown up and crosses the foot cushion in the air (the truth has
// it off the bed from 266.52 s and past the cushion's nose at 266.58 s, with
// no cushion hit). The tracker told a hit of the foot cushion 5 ms before it
// told the 2 off the table: the crossing, not a hit (offthrough.go). The shot
// must have the 2 off the table, and no cushion hit of it.
func TestOffTableNoRailThrough(t *testing.T) {
	fs := loadRendered(t, "testdata/offthrough-9ball-s67-rendered.json.gz")
	airborne := false
	for _, f := range fs {
		for _, x := range f.Truth {
			if int(x[0]) == 2 && x[3] == 0 && x[1] > 2540 {
				airborne = true // past the foot cushion's nose, off the bed
			}
		}
	}
	if !airborne {
		t.Fatal("testdata: ball 2 never crosses the foot cushion off the bed")
	}
	s := shotStruckAt(t, fs, 265.91)
	off := false
	for _, e := range s.Events {
		switch {
		case e.Kind == shot.OffTable && e.Ball == 2:
			off = true
		case e.Kind == shot.RailHit && e.Ball == 2:
			t.Errorf("rail of ball 2 told at %.4f s (%s cushion); want none: it went over the cushion in the air", *s.Start+e.T, e.Rail)
		}
	}
	if !off {
		t.Errorf("ball 2 not told off the table; events: %v", s.Events)
	}
}
