package simbench

import (
	"testing"

	"github.com/cueref/cueref/sim/render"
	"github.com/cueref/cueref/table"
	"github.com/cueref/cueref/vision"
)

// TestClothColouredBallRolling renders the break of the bench's 9-ball match
// of seed 68 (match seed 1068, renderer seed 69, two racks), where the green
// 6 rolls across the green cloth at 2.3–3.4 m/s, and detects its frames in
// order with one detector. Blurred, the 6 was only scraps of foreground: it
// was missed in 8 of the 15 frames checked and read 9–34 mm off in 5 more,
// readings that give the tracker false cushion hits and contacts. It must
// now be read as the 6 within 8 mm in each (frames 114–131 but for the
// three about its rebound from the foot cushion, 120–122, within 30 mm of
// it, where its faint blob joins the cushion's and is not used), and no
// other ball read as the 6.
func TestClothColouredBallRolling(t *testing.T) {
	if testing.Short() {
		t.Skip("plays and renders a match; skipped with -short")
	}
	const ball = 6
	v := benchVideo(t, "9ball", 2, 1068, 69)
	defer v.Close()
	detectInOrder(t, v, 112, 131, func(f int, ft render.FrameTruth, dets []vision.Detection) {
		if f < 114 || f >= 120 && f <= 122 {
			return // the frames before, for the detector to see it move; the rebound
		}
		var at [2]float64
		found := false
		for _, tb := range ft.Balls {
			if tb.Ball != ball {
				continue
			}
			found = true
			if tb.Speed < 2000 || tb.Visible < 1 {
				t.Fatalf("frame %d: ball %d moves at %.0f mm/s, %.0f%% visible: the match has changed", f, ball, tb.Speed, 100*tb.Visible)
			}
			best, bestE := -1, 1e9
			for i, x := range dets {
				if e := x.At.Dist(tb.At); e < bestE {
					best, bestE = i, e
				}
			}
			at = [2]float64{tb.At.X, tb.At.Y}
			switch {
			case best < 0 || bestE > 40:
				t.Errorf("frame %d: ball %d moving at %.1f,%.1f: not found", f, ball, at[0], at[1])
			case bestE > 8 || dets[best].Ball != ball:
				x := dets[best]
				t.Errorf("frame %d: ball %d moving at %.1f,%.1f: got ball %d at %.1f,%.1f, %.1f mm off; want the %d within 8 mm",
					f, ball, at[0], at[1], x.Ball, x.At.X, x.At.Y, bestE, ball)
			}
		}
		if !found {
			t.Fatalf("frame %d: ball %d is not in the frame's truth", f, ball)
		}
		for _, x := range dets {
			if x.Ball == ball && x.At.Dist(table.Point{X: at[0], Y: at[1]}) > 40 {
				t.Errorf("frame %d: a second 6 at %.1f,%.1f (the 6 is at %.1f,%.1f)", f, x.At.X, x.At.Y, at[0], at[1])
			}
		}
	})
}
