package tracking

import (
	"testing"

	"github.com/cueref/cueref/shot"
)

// TestLoneReadAfterOffTable: cueref bench --racks 2 --seed 14, 9ball shot 43.
// Ball 8, frozen to the left cushion, is hit by the cue ball and jumps off
// the table over that cushion at about 2 m/s; the detector reads it twice as
// it leaves, then, 0.28 s later, one faint unnamed blob 0.42 m along the
// cushion, which its track took. Judged from that blob the ball was lost on
// the bed by the cushion, and the shot was called legal, unflagged. The ball
// went over the cushion where it was seen before the gap (offlone.go): it
// must be told off the table, and the shot asked of a person (a lone read
// cannot tell it from the black ball running on along the cushion).
func TestLoneReadAfterOffTable(t *testing.T) {
	fs := loadRendered(t, "testdata/offlone-9ball-s14-rendered.json.gz")
	// The truth: ball 8 leaves the bed in the window and does not come back.
	var off float64
	for i := range fs {
		if _, on := truthOf(&fs[i], 8); !on && off == 0 && fs[i].T > 343 {
			off = fs[i].T
		}
	}
	if off == 0 {
		t.Fatalf("testdata: ball 8 never leaves the bed; want it off the table by 343.2 s")
	}
	s := shotAt(t, fs, Config{Table: tab9, FPS: 60, Balls: gameBalls(9)}, 342.96)
	if s == nil {
		t.Fatalf("no shot struck at 342.96 s; want shot 43")
	}
	found := false
	for _, e := range s.Events {
		if e.Kind == shot.OffTable {
			if e.Ball != 8 {
				t.Errorf("ball %d told off the table, want ball 8:%s", e.Ball, fmtEvents(s.Events))
			}
			if at := *s.Start + e.T; at < off-0.1 || at > off+0.1 {
				t.Errorf("ball 8 told off the table at %.4f s, want within 0.1 s of %.4f (left the bed)", at, off)
			}
			found = true
		}
	}
	if !found {
		t.Errorf("got no off_table event, want ball 8 off the table (left the bed at %.4f s):%s", off, fmtEvents(s.Events))
	}
	if s.Review == nil {
		t.Errorf("got no review, want the shot asked of a person (ball 8 read once on the table after)")
	}
}
