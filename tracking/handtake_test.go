package tracking

import (
	"fmt"
	"strings"
	"testing"

	"github.com/cueref/cueref/shot"
)

// TestHandTakeNoBall runs the tracker on the detector's view of rendered
// bench seed 31, 8-ball (handtake.go): two cuts joined, 70.5–77 s (shot 8,
// which pockets the 14 at 74.6 s, so that the tracker has it down) and
// 250–257.5 s (shot 31 and the pause before it). The shooter's bridge hand,
// read before shot 31 as a new ball and named 14, rested behind the cue ball
// and left as the arm drew back after the stroke. The truth has no ball 14
// on the table; the shot is a legal safety: no touch, no off_table of the
// 14, no question about it.
func TestHandTakeNoBall(t *testing.T) {
	fs := loadRendered(t, "testdata/handtake-8ball-s31-rendered.json.gz")
	wantGoneInTruth(t, fs, 14, 250, "pocketed")
	got := shotAt(t, fs, Config{Table: tab9, FPS: 60, Balls: gameBalls(15)}, 253.1053)
	if p, ok := got.Before[14]; ok {
		t.Errorf("ball 14 on the table at the stroke at %v; want it gone (pocketed)", p)
	}
	for _, e := range got.Events {
		if e.Ball == 14 && (e.Kind == shot.Touch || e.Kind == shot.OffTable || e.Kind == shot.RailHit || e.Kind == shot.Moving) {
			t.Errorf("got a %s of ball 14 at %.3f s; want none; events:%s", e.Kind, e.T, fmtEvents(absEvents(got)))
		}
	}
	if got.Review != nil && (strings.HasPrefix(got.Review.Reason, fmt.Sprintf("ball %d ", 14)) || strings.Contains(got.Review.Reason, "off_table")) {
		t.Errorf("review %q; want none about ball 14", got.Review.Reason)
	}
}
