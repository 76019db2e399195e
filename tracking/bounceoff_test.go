package tracking

import (
	"math"
	"testing"

	"github.com/cueref/cueref/shot"
	"github.com/cueref/cueref/table"
)

// TestBouncedOffRendered runs the tracker on the detector's view of an 8-ball
// shot (cueref bench --racks 2 --seed 2, 8-ball shot 37, struck at 284.65 s):
// the cue ball drives ball 15, resting 15 mm off the head cushion (the detector
// reads it 8 mm off), into that cushion and straight back out. Ball 15's start
// is found late, where its way out passes its rest point, and paired with the
// cue ball's path after the contact, whose speed along the line of centres is
// too low for frozenRailHits to time a hit: no cushion was told and the shot
// was called no_rail. The head-cushion hit of ball 15 must be told once, after
// the shot's first contact and within the bench's 50 ms of the truth (the
// frame where the truth has the ball nearest the cushion).
func TestBouncedOffRendered(t *testing.T) {
	fs := loadRendered(t, "testdata/cuepocket-rail-8ball-s2-rendered.json.gz")
	hit, best := 0.0, math.Inf(1)
	for _, f := range fs {
		for _, x := range f.Truth {
			if g := tab9.RailDistance(table.Point{X: x[1], Y: x[2]}, table.Head); x[0] == 15 && x[3] == 1 && f.T > 284.65 && g < best {
				hit, best = f.T, g
			}
		}
	}
	if best > 1 {
		t.Fatalf("testdata: ball 15 comes within %.1f mm of the head cushion in the truth, want it touching", best)
	}
	got := shotStruckAt(t, fs, 284.65)
	first := math.Inf(1)
	var near []shot.Event
	for _, e := range absEvents(got) {
		if e.Kind == shot.Contact {
			first = math.Min(first, e.T)
		}
		if e.Kind == shot.RailHit && e.Ball == 15 && e.Rail == string(table.Head) && math.Abs(e.T-hit) < 0.3 {
			near = append(near, e)
		}
	}
	if len(near) != 1 || math.Abs(near[0].T-hit) > 0.05 || near[0].T < first {
		t.Errorf("ball 15's head cushion hits within 0.3 s of %.4f s: %s; want one within 50 ms, after the first contact (%.4f s); events:%s", hit, fmtEvents(near), first, fmtEvents(absEvents(got)))
	}
}
