package tracking

import (
	"math"
	"testing"

	"github.com/cueref/cueref/shot"
	"github.com/cueref/cueref/table"
)

// TestSideJawDiesTold runs the tracker on the detector's view of the default
// rendered bench's 9-ball shot 6 at 120 fps: the 2, struck at 370 mm/s,
// meets the right side pocket's jaw tip at 230 mm/s into the cushion at
// 50.2662 s (the simulator's log) and rolls on along the nose line across
// the opening, its way into the cushion gone. Its path shows no bounce; its
// distance to the line falls to nothing and stays there (onCushion, by a
// side pocket: sidejaw.go). The hit must be told within 50 ms (the bench's
// tolerance), once.
func TestSideJawDiesTold(t *testing.T) {
	const stroke = 49.7758
	fs := loadRendered(t, "testdata/sidejaw-9ball-120fps-rendered.json.gz")
	at := truthRailHit(t, fs, 2, table.Right, stroke+0.4, stroke+0.6)
	// Then it runs along the line across the opening, on the bed.
	wantOnBedInTruth(t, fs, 2)
	got := shotAt(t, fs, Config{Table: tab9, FPS: 120, Balls: gameBalls(9)}, stroke)
	wantRailTold(t, got, 2, table.Right, at, 0.05)
	n := 0
	for _, e := range absEvents(got) {
		if e.Kind == shot.RailHit && e.Ball == 2 && math.Abs(e.T-at) < 0.5 {
			n++
		}
	}
	if n != 1 {
		t.Errorf("%d cushion hits of the 2 told within 0.5 s of %.4f; want 1; events:%s", n, at, fmtEvents(absEvents(got)))
	}
}

// TestSideShadeNoRail runs the tracker on the detector's view of rendered
// 10-ball, seed 74, shot 18: the black 8, off the right cushion at 150.07 s,
// rolls along it at 180 mm/s, drifting off its nose line (2.5 mm off it at
// 150.5 s, 6 mm when it enters the right side pocket's opening), and stops in
// the opening 8 mm off the line. In the opening's shade it is read on the
// line and past it. It never meets the cushion again; no hit may be told
// after 150.5 s.
func TestSideShadeNoRail(t *testing.T) {
	const stroke = 145.8701
	fs := loadRendered(t, "testdata/sideshade-10ball-s74-rendered.json.gz")
	gap := math.Inf(1)
	for _, f := range fs {
		for _, x := range f.Truth {
			if int(x[0]) == 8 && f.T > 150.5 {
				gap = math.Min(gap, tab9.RailDistance(table.Point{X: x[1], Y: x[2]}, table.Right))
			}
		}
	}
	if gap < 2 {
		t.Fatalf("testdata: the 8 comes %.1f mm from the right cushion's line after 150.5 s (truth); want it off the line", gap)
	}
	got := shotAt(t, fs, Config{Table: tab9, FPS: 60, Balls: gameBalls(10)}, stroke)
	for _, e := range absEvents(got) {
		if e.Kind == shot.RailHit && e.Ball == 8 && e.T > 150.5 {
			t.Errorf("hit of the 8 on the %s cushion told at %.4f; want none after 150.5 s; events:%s", e.Rail, e.T, fmtEvents(absEvents(got)))
		}
	}
}
