package tracking

import (
	"testing"

	"github.com/cueref/cueref/table"
)

// TestHopStartRendered: rendered 14.1 (sim seed 16, the current detector),
// 117.9–122.4 s. Ball 10 lies frozen to the cue ball 8 mm off the foot
// cushion; its reads hop 9 mm off its place and, now and then, merge with the
// cue ball's into one "moving" blob. The truth (checked here) has one stroke
// in the span, the cue ball's at 120.6726 s, driving ball 10 into the FL
// pocket. Cause fixed: ball 10's hops, next to the resting cue ball, began a
// shot in which nothing moved (ruled a no-contact foul) and pulled the true
// stroke 0.5 s early. Exactly one shot may be told, struck when the truth's
// cue ball first moves, with the cue ball's first contact on ball 10.
func TestHopStartRendered(t *testing.T) {
	fs := loadRendered(t, "testdata/frozenearly-14.1-s16-rendered.json.gz")
	// The true stroke: between the last frame the truth's cue ball is at its
	// first place and the next.
	var from table.Point
	before, after := -1.0, -1.0
	for i, f := range fs {
		for _, x := range f.Truth {
			if int(x[0]) != 0 {
				continue
			}
			p := table.Point{X: x[1], Y: x[2]}
			if i == 0 {
				from = p
			}
			if after < 0 && p.Dist(from) > 0.5 {
				after = f.T
			}
			if after < 0 {
				before = f.T
			}
		}
	}
	if before < 0 || after < 0 || before < 120 {
		t.Fatalf("testdata: the truth's cue ball moves first between %.4f and %.4f s, want one stroke after 120 s", before, after)
	}
	shots := renderedShots(t, fs)
	if len(shots) != 1 {
		for _, s := range shots {
			t.Logf("shot at %.4f:%s", *s.Start, fmtEvents(s.Events))
		}
		t.Fatalf("got %d shots, want 1 (one stroke in the span)", len(shots))
	}
	s := shots[0]
	if st := *s.Start; st < before-1.0/60 || st > after {
		t.Errorf("shot struck at %.4f s, want between %.4f and %.4f (the truth's stroke)", st, before-1.0/60, after)
	}
	if fi := firstOf(s); fi < 0 || s.Events[fi].A+s.Events[fi].B != 10 {
		t.Errorf("first contact of the cue ball not on ball 10; events:%s", fmtEvents(s.Events))
	}
}
