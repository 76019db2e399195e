package tracking

import (
	"math"
	"testing"

	"github.com/cueref/cueref/shot"
	"github.com/cueref/cueref/table"
)

// TestRestSnapRendered runs the tracker on the detector's view of a 10-ball
// shot (cueref bench --racks 2 --seed 2, 10-ball shot 19, struck at 172.28 s).
// Ball 6 rests 13 mm off the left cushion until ball 1 strikes it at about
// 175.0 s; until then the detector's centre for it lands, every few frames
// and in runs of up to five, on the cushion line, 14 mm nearer the cushion.
// Cause fixed: those runs started the ball, and it was told hitting the left
// cushion five times (the bench's false hits "elsewhere"), and to have been
// moving at the stroke. The truth keeps ball 6 clear of every cushion: no
// cushion hit of it may be told, no review asked, and the contact of ball 1
// with it (a real start by the cushion) must still be told within the bench's
// 30 ms of the frame where they come nearest (and a frame).
func TestRestSnapRendered(t *testing.T) {
	fs := loadRendered(t, "testdata/restsnap-10ball-s2-rendered.json.gz")
	gap := math.Inf(1)
	met, apart := 0.0, math.Inf(1) // the frame where ball 1 comes nearest ball 6 (truth)
	for _, f := range fs {
		var p1, p6 table.Point
		has := 0
		for _, x := range f.Truth {
			p := table.Point{X: x[1], Y: x[2]}
			switch x[0] {
			case 6:
				_, g := tab9.NearestRail(p)
				gap = math.Min(gap, g)
				p6, has = p, has+1
			case 1:
				p1, has = p, has+1
			}
		}
		if d := p1.Dist(p6); has == 2 && d < apart {
			met, apart = f.T, d
		}
	}
	if gap < 5 || apart > 2*tab9.BallR+5 {
		t.Fatalf("testdata: ball 6 comes within %.1f mm of a cushion, ball 1 within %.1f mm of it; want it clear of the cushions and met", gap, apart)
	}
	got := shotStruckAt(t, fs, 172.2794)
	contact := false
	for _, e := range absEvents(got) {
		if e.Kind == shot.RailHit && e.Ball == 6 {
			t.Errorf("%.4f s: ball 6 told hitting the %s cushion, want none (truth)", e.T, e.Rail)
		}
		if e.Kind == shot.Contact && e.A+e.B == 7 && (e.A == 6 || e.B == 6) && math.Abs(e.T-met) < 0.03+1.0/60 {
			contact = true
		}
	}
	if !contact {
		t.Errorf("no contact 1-6 within 30 ms and a frame of %.4f s; events:%s", met, fmtEvents(absEvents(got)))
	}
	if got.Review != nil {
		t.Errorf("review %q, want none", got.Review.Reason)
	}
}
