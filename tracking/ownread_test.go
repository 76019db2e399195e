package tracking

import (
	"math"
	"strings"
	"testing"

	"github.com/cueref/cueref/shot"
	"github.com/cueref/cueref/table"
)

// truthOf returns where the fixture's truth has ball b at frame f, and whether
// it is on the bed there.
func truthOf(f *renderedFrame, b int) (table.Point, bool) {
	for _, x := range f.Truth {
		if int(x[0]) == b {
			return table.Point{X: x[1], Y: x[2]}, x[3] == 1
		}
	}
	return table.Point{}, false
}

// TestCueReadElsewhereAtRack runs the tracker on the detector's view of a
// 10-ball re-rack and the break after it (seed 8, 10ball shots 27-28). Between
// two frames the balls are racked and the cue ball, at rest by the foot spot,
// is put in the kitchen for the break (rules 1.6, 1.7). Its track took, as a
// jump from rest, an unread solid racked 81 mm from where it stood while the
// cue ball, read as such in the kitchen, got a new track that was named by
// elimination: a stroke was told at the re-rack, the real one was not seen,
// and the break was taken for a stroke from outside the kitchen
// (cue_ball_outside_kitchen, flagged, on a legal break). No shot may be told
// struck between the re-rack and the break; the break must be, its stroke
// seen, with the cue ball where the truth puts it.
func TestCueReadElsewhereAtRack(t *testing.T) {
	fs := loadRendered(t, "testdata/rackhand-10ball-s8-rendered.json.gz")
	// The truth: the frame the cue ball shows in the kitchen, and the stroke
	// (the last frame before it leaves its place there).
	placed, stroke := -1, -1
	var at table.Point
	for i := range fs {
		p, _ := truthOf(&fs[i], 0)
		switch {
		case placed < 0 && tab9.InKitchen(p):
			placed, at = i, p
		case placed >= 0 && p.Dist(at) > 2:
			stroke = i - 1
		}
		if stroke >= 0 {
			break
		}
	}
	if placed < 1 || stroke < 0 {
		t.Fatalf("testdata: cue ball put in the kitchen at frame %d, struck at frame %d; want both", placed, stroke)
	}
	if p, _ := truthOf(&fs[placed-1], 0); p.Dist(at) < 500 {
		t.Fatalf("testdata: cue ball %.0f mm from the kitchen spot the frame before; want it moved there by hand", p.Dist(at))
	}
	shots := renderedShots(t, fs)
	var brk *shot.Shot
	for _, s := range shots {
		switch {
		case math.Abs(*s.Start-fs[stroke].T) < 0.05:
			brk = s
		case *s.Start > fs[placed].T-0.1 && *s.Start < fs[stroke].T:
			t.Errorf("shot told struck at %.4f s, between the re-rack (%.4f s) and the break (%.4f s):%s", *s.Start, fs[placed].T, fs[stroke].T, fmtEvents(s.Events))
		}
	}
	if brk == nil {
		t.Fatalf("no shot struck at %.4f s; got %d shots", fs[stroke].T, len(shots))
	}
	p, ok := brk.Before[0]
	if !ok || p.P().Dist(at) > 10 {
		t.Errorf("break: cue ball before the stroke at %v (told %v), want within 10 mm of %v", p, ok, at)
	}
	if brk.Review != nil && strings.HasPrefix(brk.Review.Reason, "no stroke seen") {
		t.Errorf("break flagged: %q, want its stroke seen", brk.Review.Reason)
	}
}
