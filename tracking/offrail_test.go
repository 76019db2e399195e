package tracking

import (
	"testing"

	"github.com/cueref/cueref/shot"
)

// TestLostByCushionStaysOnTable: cueref bench --racks 2 --seed 10, 10ball shot
// 18. The black ball runs at the right cushion at about 1 m/s, mostly along
// it, and comes to rest 6 mm off it; the detector loses it against the
// cushion 36 mm off it and does not read it again in the shot. It was told off
// the table (a ball lost within 2R of a cushion at over 500 mm/s): a ball
// leaves over a cushion only heading into it at jump speed (offrail.go), so
// no off_table event may be told of it.
func TestLostByCushionStaysOnTable(t *testing.T) {
	fs := loadRendered(t, "testdata/offrail-10ball-s10-rendered.json.gz")
	// The truth: ball 8 stays on the bed throughout, and is unread for a
	// second or more at the end of the shot.
	unseen, run := 0, 0
	for i := range fs {
		if _, on := truthOf(&fs[i], 8); !on {
			t.Fatalf("testdata: ball 8 off the bed at %.4f s; want it on the bed throughout", fs[i].T)
		}
		seen := false
		for _, o := range fs[i].Obs {
			seen = seen || int(o[0]) == 8
		}
		if run++; seen {
			run = 0
		}
		unseen = max(unseen, run)
	}
	if unseen < 60 {
		t.Fatalf("testdata: ball 8 unread at most %d frames in a row; want 60 or more", unseen)
	}
	shots := renderedShots(t, fs)
	if len(shots) == 0 {
		t.Fatalf("no shot tracked; want the shot in which ball 8 is lost")
	}
	for _, s := range shots {
		for _, e := range s.Events {
			if e.Kind == shot.OffTable {
				t.Errorf("ball %d told off the table at %.4f s, want no off_table event (ball 8 rests by the cushion):%s", e.Ball, e.T, fmtEvents(s.Events))
			}
		}
	}
}

// TestAlongIntoRendered: rendered seed 21, 9-ball shot 3. The cue ball,
// struck into the foot cushion, came back along the left cushion at
// 4.7 m/s and was lost 44 mm off it, heading for the head-left corner; it
// dropped there unseen 0.25 s later (the truth, checked here, has it off
// the bed by the end). Cause fixed: taken for resting where it was lost,
// its scratch went untold (the call missed cue_ball_pocketed), unflagged.
// It must be told pocketed in that corner, and the shot must ask.
func TestAlongIntoRendered(t *testing.T) {
	fs := loadRendered(t, "testdata/alonginto-9ball-s21-rendered.json.gz")
	last := fs[len(fs)-1]
	for _, x := range last.Truth {
		if int(x[0]) == 0 && x[3] == 1 {
			t.Fatalf("testdata: the cue ball on the bed in the truth at %.3f s; want it pocketed", last.T)
		}
	}
	s := shotStruckAt(t, fs, 29.8134)
	pocketed := false
	for _, e := range s.Events {
		if e.Kind == shot.Pocketed && e.Ball == 0 {
			pocketed = true
			if e.Pocket != "HL" {
				t.Errorf("cue ball pocketed in %s, want HL", e.Pocket)
			}
		}
	}
	if !pocketed {
		t.Errorf("cue ball not told pocketed; events:%s", fmtEvents(s.Events))
	}
	if s.Review == nil {
		t.Error("no review; want the shot to ask (the pocket was not seen)")
	}
}

// TestBothOff: rendered 8-ball, seed 68, shot 58. The cue ball met the 8 by
// the head cushion at 4.8 m/s and both flew off the table. The 8, struck
// from rest and gone at once, was told off the table (hitAndGone); the cue
// ball, lost going over the head cushion at 2.8 m/s, must be told off the
// table too (rule 1.16's cue_ball_off_table), not resting by the cushion:
// the hit that threw the 8 up could throw it (offAt).
func TestBothOff(t *testing.T) {
	const stroke = 463.6263
	s := renderedShot(t, "testdata/bothoff-8ball-s68-rendered.json.gz", 15, stroke)
	off := map[int]bool{}
	for _, e := range s.Events {
		if e.Kind == shot.OffTable {
			off[e.Ball] = true
		}
	}
	if !off[0] || !off[8] {
		t.Errorf("got off the table %v; want the cue ball and the 8; events:%s", off, fmtEvents(absEvents(s)))
	}
}
