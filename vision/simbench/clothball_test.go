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

// TestClothStripeAtRestCentre renders frames of the bench's 8-ball match of
// seed 77 (two racks) where the green 14 rests in the open, 169 mm off the
// right cushion, its band turned up and its white cap to one side: the
// outline fit took the cap's edge for the ball's, and the 14 was read 7–12
// mm off its centre for a minute, reads the tracker took for motion. It must
// be read within 4 mm.
func TestClothStripeAtRestCentre(t *testing.T) {
	checkRestReads(t, "8ball", 2, 77, 77, 14, []int{18885, 19035, 19335, 20385}, 4)
}

// TestRackedClothBallFound renders frames of the bench's 14.1 match of seed
// 70 (match seed 3070, renderer seed 73, two racks) before the break, the
// green 6 in the rack: most of its disc read as the cloth's colour (0.46),
// its outline not quite whole (0.94), it was taken for a fold of the cloth
// and missed for 50 s. It must be found within 10 mm.
func TestRackedClothBallFound(t *testing.T) {
	checkRestReads(t, "14.1", 2, 3070, 73, 6, []int{183, 1000, 2500}, 10)
}

// checkRestReads renders frames of a bench match (see benchFramesRacks) where
// ball rests, and checks that a detection lies within mm of it in each.
func checkRestReads(t *testing.T, game string, racks int, seed, rseed int64, ball int, frames []int, mm float64) {
	t.Helper()
	dets, truth := benchFramesRacks(t, game, racks, seed, rseed, frames)
	for i, f := range frames {
		tb := trueBall(t, truth[i], ball)
		best := 1e9
		for _, x := range dets[i] {
			best = min(best, x.At.Dist(tb.At))
		}
		if best > mm {
			t.Errorf("frame %d: ball %d at rest at %.0f,%.0f read %.1f mm off; want at most %.0f", f, ball, tb.At.X, tb.At.Y, best, mm)
		}
	}
}
