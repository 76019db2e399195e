package tracking

import (
	"strings"
	"testing"

	"github.com/cueref/cueref/shot"
)

// handJudge is a HandJudge that says whether the cue ball is in hand, and
// asks every doubt.
type handJudge struct{ in bool }

func (handJudge) Alike(*shot.Shot, []*shot.Shot) bool { return false }

func (j handJudge) CueInHand(float64) (bool, bool) { return j.in, true }

// TestHoleDrop: camera model at 30 fps, seed 44, 9-ball shot 65, a push-out
// (see holedrop.go). The cue ball, left by the break over the head-left
// pocket's hole, dropped at the stroke before a frame showed it move. With a
// judge that says it was not in hand, the shot is told, asked about, the cue
// ball pocketed; with one that says it was in hand, or with no judge, it was
// taken up by hand and no shot is told.
func TestHoleDrop(t *testing.T) {
	const fixture, stroke = "testdata/holedrop-9ball-30fps-s44-norender.json.gz", 459.1816
	fs := loadRendered(t, fixture)
	for _, c := range []struct {
		name  string
		judge Judge
		shot  bool
	}{
		{"not in hand", handJudge{in: false}, true},
		{"in hand", handJudge{in: true}, false},
		{"no judge", nil, false},
	} {
		t.Run(c.name, func(t *testing.T) {
			shots := renderedShotsOf(t, fs, Config{Table: tab9, FPS: 30, Balls: gameBalls(9), Judge: c.judge})
			if !c.shot {
				for _, s := range shots {
					if *s.Start > stroke-1 {
						t.Errorf("got a shot struck at %.4f s; want none (the cue ball taken up by hand)", *s.Start)
					}
				}
				return
			}
			s := shotNear(t, shots, stroke, 0.05)
			pocketed := false
			for _, e := range s.Events {
				pocketed = pocketed || e.Kind == shot.Pocketed && e.Ball == 0 && e.Pocket == "HL"
			}
			if !pocketed {
				t.Errorf("events %v; want the cue ball pocketed in HL", s.Events)
			}
			if s.Review == nil || !strings.Contains(s.Review.Reason, "over the hole") {
				t.Errorf("review %+v; want one asking about the cue ball over the hole", s.Review)
			}
		})
	}
}

// TestStruckAway: camera model at 30 fps, seed 34, 9-ball shot 27 (see
// struckAway): the cue ball, read once 65 mm off its spot, jumped off the
// table. With a judge that says it was not in hand the shot is told, asked
// about, the cue ball off the table; with one that says it was in hand, no
// shot is told.
func TestStruckAway(t *testing.T) {
	const fixture, stroke = "testdata/struckaway-9ball-30fps-s34-norender.json.gz", 170.7737
	fs := loadRendered(t, fixture)
	for _, in := range []bool{false, true} {
		shots := renderedShotsOf(t, fs, Config{Table: tab9, FPS: 30, Balls: gameBalls(9), Judge: handJudge{in: in}})
		if in {
			for _, s := range shots {
				if *s.Start > stroke-1 {
					t.Errorf("in hand: got a shot struck at %.4f s; want none (the cue ball taken up by hand)", *s.Start)
				}
			}
			continue
		}
		s := shotNear(t, shots, stroke, 0.05)
		off := false
		for _, e := range s.Events {
			off = off || e.Kind == shot.OffTable && e.Ball == 0
		}
		if !off {
			t.Errorf("events %v; want the cue ball off the table", s.Events)
		}
		if s.Review == nil || !strings.Contains(s.Review.Reason, "read once off its spot") {
			t.Errorf("review %+v; want one asking about the cue ball gone from view", s.Review)
		}
	}
}

// TestStruckAwayOthersMoving: camera model at 30 fps, seed 79, 14.1 shot 84
// (see struckAway): the cue ball, lost for 0.3 s after a read off its spot
// as it drove the 3 away, is not taken for struck off the table: the 3's
// start shows the stroke, and the cue ball is not told off the table.
func TestStruckAwayOthersMoving(t *testing.T) {
	const stroke = 535.4235
	fs := loadRendered(t, "testdata/struckaway-14.1-30fps-s79-norender.json.gz")
	// Begun by missedStroke from the 3's start, the shot is timed late;
	// the bench matches strokes within 0.2 s.
	s := shotNear(t, renderedShotsOf(t, fs, Config{Table: tab9, FPS: 30, Balls: gameBalls(15), Judge: handJudge{}}), stroke, 0.2)
	for _, e := range s.Events {
		if e.Kind == shot.OffTable && e.Ball == 0 {
			t.Errorf("got the cue ball off the table at %.3f s; want it on the table (events %v)", e.T, s.Events)
		}
	}
}
