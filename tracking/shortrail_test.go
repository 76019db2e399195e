package tracking

import (
	"testing"

	"github.com/cueref/cueref/shot"
	"github.com/cueref/cueref/table"
)

// TestNoRailShortOfCushion runs the tracker on the detector's view of an
// 8-ball shot (bench seed 67, rendered, shot 43): the cue ball sends the green
// 6, resting 33 mm off the head cushion, along it towards the head-left
// pocket. The detector read the 6 11 mm nearer the cushion for two frames
// (its shaded half), and 29 mm off it again the frame after. The path in, run
// on into the gap, met the cushion, and a head-cushion hit was told that no
// ball could have made: from 22 mm off at 590 mm/s, to the cushion and 29 mm
// back in 17 ms. The truth has no cushion hit in the shot (the 6 drifts
// nearer the cushion only as it nears the pocket); the pocket must still be
// told.
func TestNoRailShortOfCushion(t *testing.T) {
	fs := loadRendered(t, "testdata/shortrail-8ball-s67-rendered.json.gz")
	for _, f := range fs {
		for _, x := range f.Truth {
			if int(x[0]) == 6 && f.T < 342.9 && tab9.RailDistance(table.Point{X: x[1], Y: x[2]}, table.Head) < 20 {
				t.Fatalf("testdata: ball 6 comes within 20 mm of the head cushion at %.4f s", f.T)
			}
		}
	}
	s := shotStruckAt(t, fs, 342.33)
	pocketed := false
	for _, e := range s.Events {
		switch {
		case e.Kind == shot.RailHit && e.Ball == 6:
			t.Errorf("rail of ball 6 told at %.4f s (%s cushion); want none: it ran along the head cushion 30 mm off it", *s.Start+e.T, e.Rail)
		case e.Kind == shot.Pocketed && e.Ball == 6:
			pocketed = true
		}
	}
	if !pocketed {
		t.Errorf("ball 6 not told pocketed; events: %v", s.Events)
	}
}
