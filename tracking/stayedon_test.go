package tracking

import (
	"testing"

	"github.com/cueref/cueref/shot"
)

// TestStayedOnRendered runs the tracker on the detector's view of shots in
// which a moving ball was lost by a cushion and stayed on the table: none
// may be told off it, and the first contact must be the true one.
func TestStayedOnRendered(t *testing.T) {
	for _, tt := range []struct {
		name, file   string
		balls, first int
		stroke       float64
	}{
		// Bench seed 34, 9-ball shot 31: the cue ball, struck at 0.7 m/s
		// from 84 mm away, pots the 3 in the head-right corner and rolls
		// on into the head cushion, where the detector loses it 0.03 s
		// after the contact until it rests 20 mm from where it was lost.
		// A hit that slow throws no ball off the table (offrail.go).
		{"slow-hit", "testdata/slowthrow-9ball-s34-rendered.json.gz", 9, 3, 230.9666},
		// Bench seed 34, 10-ball shot 30: ball 6, green on the green
		// cloth, rolls at 0.1 m/s into the right cushion, read one frame
		// in two up to 20 mm off its way, and not at all once it rests
		// 4 mm off the cushion. Its reads' scatter fitted two at a time
		// made it "1.4 m/s into the cushion" as it was lost (crawledInto).
		{"crawl", "testdata/crawlrail-10ball-s34-rendered.json.gz", 10, 6, 230.0369},
		// Bench seed 37, 8-ball shot 25: the 10, met by the cue ball 860 mm
		// from the left cushion, runs into it at 2.5 m/s, is lost there
		// and read back off it on a new track; its own track took a stray
		// read 370 mm on. A ball that rolled that far on the bed since its
		// hit was not in the air (thrownNear).
		{"rolled-far", "testdata/rolledfar-8ball-s37-rendered.json.gz", 15, 1, 193.8890},
	} {
		t.Run(tt.name, func(t *testing.T) {
			s := renderedShot(t, tt.file, tt.balls, tt.stroke)
			for _, e := range s.Events {
				if e.Kind == shot.OffTable {
					t.Errorf("got %s of ball %d at %.3f s; want none (it stayed on the table)", e.Kind, e.Ball, e.T)
				}
			}
			wantStrokeFirst(t, s, tt.stroke, tt.first)
		})
	}
}
