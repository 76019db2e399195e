package tracking

import (
	"math"
	"strings"
	"testing"

	"github.com/cueref/cueref/shot"
	"github.com/cueref/cueref/table"
)

// TestMouthRestRendered runs the tracker on the detector's view of an 8-ball
// shot (bench seed 5, rendered): ball 15, called in the left side pocket,
// strikes the pocket's jaw at 76.60 s, creeps into the mouth at about
// 60 mm/s and stops on the shelf at (1264.8, −10.1), 2 mm short of the hole
// (truth): it is not pocketed. The detector loses it 3 mm past the mouth line
// at 76.93 s and never sees it there again. It was told pocketed, unflagged,
// and the called pot kept the shooter at the table. The camera cannot tell
// whether it dropped; the shot must not pocket the 15 without asking a person.
func TestMouthRestRendered(t *testing.T) {
	fs := loadRendered(t, "testdata/mouthrest-8ball-s5-rendered.json.gz")
	// The fixture is the shot the test is about: the 15 on the bed at the
	// end, past the side pocket's mouth line.
	last := fs[len(fs)-1]
	on := false
	for _, x := range last.Truth {
		if int(x[0]) == 15 && x[3] == 1 && x[2] < 0 && x[1] > 1205 && x[1] < 1335 {
			on = true
		}
	}
	if !on {
		t.Fatalf("testdata: ball 15 not resting in the left side pocket's mouth at %.2f s", last.T)
	}
	got := shotStruckAt(t, fs, 73.0167)
	pocketed := false
	for _, e := range got.Events {
		if e.Kind == shot.Pocketed && e.Ball == 15 {
			pocketed = true
		}
	}
	flagged := got.Review != nil && strings.Contains(got.Review.Reason, "ball 15")
	if pocketed && !flagged {
		reason := "none"
		if got.Review != nil {
			reason = got.Review.Reason
		}
		t.Errorf("shot struck at 73.02: ball 15 pocketed, review %q; want it on the table, or the pocket flagged for review naming ball 15; events:%s",
			reason, fmtEvents(absEvents(got)))
	}
}

// TestShortOfHole checks which pocketed balls may rest on a pocket's shelf:
// last seen short of the hole by more than a frame's travel and the position
// error, and too slow to be sure of rolling there.
func TestShortOfHole(t *testing.T) {
	k, err := New(Config{Table: tab9, FPS: 60})
	if err != nil {
		t.Fatal(err)
	}
	sl := k.tab.Pocket(table.SL)
	c, r := hole(sl)
	// Points on the line from the pocket's centre into its hole, gap mm short
	// of the hole's edge; velocities straight in.
	at := func(gap float64) table.Point { return c.Sub(sl.In.Scale(r + gap)) }
	for _, tc := range []struct {
		name  string
		gap   float64 // mm short of the hole
		speed float64 // mm/s, into the pocket
		want  bool
	}{
		{"slow, a centimetre short", 12, 100, true},
		{"crawling, four centimetres short", 40, 50, true},
		{"slow, a frame's travel short", 2, 100, false},
		{"over the hole", -5, 100, false},
		{"fast, a centimetre short", 12, 400, false},
		{"at rest by the mouth, hit in", 12, 0, false},
	} {
		k.tracks = []track{{used: true, gone: true, ball: 15}}
		g := &k.tracks[0]
		g.last = sample{t: 10, p: at(tc.gap)}
		g.fit = path{t0: 10, a: g.last.p, b: sl.In.Scale(tc.speed), n: 10, lo: 9.8, hi: 10}
		if got := k.shortOfHole(0, table.SL); got != tc.want {
			t.Errorf("%s: shortOfHole = %v, want %v", tc.name, got, tc.want)
		}
	}
}

// TestLostInMouthRendered runs the tracker on the detector's view of the
// game's last 8-ball shot (bench seed 5, rendered): the cue ball, struck at
// 193.1766 s, sends the 8 into the foot-right pocket, where it drops at
// 194.73 s (truth). The detector misplaces it in the jaws (its last
// detections run back, 35 mm behind it) and loses it at about 240 mm/s, 50 mm
// from the mouth's centre; its fitted path leads away from the pocket. It was
// taken for resting there, then lifted: the game-winning pot went untold. The
// shot must pocket the 8 in that pocket.
func TestLostInMouthRendered(t *testing.T) {
	fs := loadRendered(t, "testdata/mouthlost-8ball-s5-rendered.json.gz")
	wantGoneInTruth(t, fs, 8, 194.9, "pocketed at 194.73 s")
	got := shotStruckAt(t, fs, 193.1766)
	n := 0
	for _, e := range got.Events {
		if e.Kind == shot.Pocketed && e.Ball == 8 && e.Pocket == string(table.FR) {
			n++
		}
	}
	if n != 1 {
		t.Errorf("shot struck at 193.18: got %d pockets of ball 8 in FR, want 1; events:%s", n, fmtEvents(absEvents(got)))
	}
}

// TestStruckFromMouthRendered runs the tracker on the detector's view of two
// 8-ball shots (bench seed 5, rendered). In the first (struck at 179.1492 s)
// the cue ball ends at rest at (1302.8, 19.9), overlapping the left side
// pocket's mouth, where the detector does not see it: it was told pocketed.
// In the second it is struck from there at 184.7674 s (truth) and meets ball
// 2 at 184.8469 s; the detector sees it first at 184.7667, where it rested,
// and then on its way. No resting cue ball set off, and no shot was tracked
// at all. The second shot must be there, with the contact.
func TestStruckFromMouthRendered(t *testing.T) {
	fs := loadRendered(t, "testdata/mouthstruck-8ball-s5-rendered.json.gz")
	// The fixture is the shots the test is about: the cue ball on the bed by
	// the mouth between them.
	for _, f := range fs {
		if f.T < 183 || f.T > 184.7 {
			continue
		}
		on := false
		for _, x := range f.Truth {
			if int(x[0]) == 0 && x[3] == 1 && x[1] > 1270 && x[1] < 1335 && x[2] < 2*tab9.BallR {
				on = true
			}
		}
		if !on {
			t.Fatalf("testdata: cue ball not resting by the left side pocket's mouth at %.2f s", f.T)
		}
	}
	got := shotStruckAt(t, fs, 184.7674)
	n := 0
	for _, e := range absEvents(got) {
		if e.Kind == shot.Contact && e.A+e.B == 2 && (e.A == 0 || e.B == 0) && math.Abs(e.T-184.8469) < 0.03 {
			n++
		}
	}
	if n != 1 {
		t.Errorf("shot struck at 184.77: got %d contacts 0-2 near 184.85, want 1; events:%s", n, fmtEvents(absEvents(got)))
	}
}

// TestFacingAskRendered: rendered seed 22, 8-ball shot 50. The 8, called in
// the foot-right corner, went onto a jaw's facing at 419 mm/s and was lost
// 42 mm short of the hole; it rattled and came to rest in the mouth (the
// truth, checked here, has it on the bed at the end). Cause fixed: the
// mouth model took it for a sure drop, and a game over was called unasked.
// Either the 8 is not told pocketed, or the shot asks a person.
func TestFacingAskRendered(t *testing.T) {
	fs := loadRendered(t, "testdata/facingask-8ball-s22-rendered.json.gz")
	last := fs[len(fs)-1]
	on := false
	for _, x := range last.Truth {
		if int(x[0]) == 8 && x[3] == 1 {
			on = true
		}
	}
	if !on {
		t.Fatalf("testdata: ball 8 not on the bed in the truth at %.3f s; want it resting in the mouth", last.T)
	}
	s := shotAt(t, fs, Config{Table: tab9, FPS: 60, Balls: gameBalls(15)}, 378.0711)
	for _, e := range s.Events {
		if e.Kind == shot.Pocketed && e.Ball == 8 && s.Review == nil {
			t.Errorf("ball 8 told pocketed in %s and the shot does not ask; events:%s", e.Pocket, fmtEvents(s.Events))
		}
	}
}
