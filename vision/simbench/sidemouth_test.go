package simbench

import (
	"fmt"
	"math"
	"testing"

	"github.com/cueref/cueref/sim/render"
	"github.com/cueref/cueref/table"
)

// TestBallInSidePocketMouth renders a ball of each class (cue, solid, stripe,
// eight) at rest in each side pocket's mouth on each cloth: on the shelf past
// the mouth's line, on it, and in front of it. The bed's view ended short of
// the side pockets' holes, whose dark edge casts most of a ring's votes there,
// and the colour mask stopped short of the mouth's line, with a band in front
// of it in no mask at all: in the bench such balls were missed in half the
// frames (the cue ball) to all of them (a stripe on the shelf, the cue ball
// 10–20 mm in front), and the tracker called them pocketed. Each must be
// found (a detection within a ball's radius), within 15 mm, and all within
// 4 mm on average; nothing else may be found. The bed's view still puts some
// balls in front of a mouth, whose middles its mask cuts off, up to 13 mm off
// (the mouth's own view, which adds only what the bed's view missed, puts
// them within 2 mm, but by the jaws puts others further off than the bed's
// view). The eight over the black hole is not asked for: it shows no
// ring nor colour against it.
func TestBallInSidePocketMouth(t *testing.T) {
	tab := table.MustNew("9ft")
	// Each still has a ball in each side pocket's mouth, depth mm past the
	// mouth's line (the side shelf is 12 mm deep); the pairs swap pockets.
	stills := []struct {
		balls [2]int // in SL (y = 0), in SR (y = W)
		depth float64
	}{{[2]int{0, 3}, 0}, {[2]int{3, 0}, 8}, {[2]int{11, 8}, -15}, {[2]int{8, 11}, 4},
		// The cue ball in front of the mouth: its middle fell in a band
		// between the bed's mask and the mouth's and it fell apart.
		{[2]int{0, 11}, -12}, {[2]int{11, 0}, -20}, {[2]int{0, 3}, -28}}
	var sum float64
	n := 0
	for _, cloth := range render.ClothNames {
		for _, st := range stills {
			t.Run(fmt.Sprintf("%s/%d-%d/%+.0fmm", cloth, st.balls[0], st.balls[1], st.depth), func(t *testing.T) {
				at := [2]table.Point{{X: tab.L / 2, Y: -st.depth}, {X: tab.L / 2, Y: tab.W + st.depth}}
				layout := map[int]table.Point{st.balls[0]: at[0], st.balls[1]: at[1]}
				dets, _ := detectStill(t, layout, cloth, 1, false)
				for side, ball := range st.balls {
					if ball == 8 {
						continue
					}
					best := math.Inf(1)
					for _, x := range dets {
						best = min(best, x.At.Dist(at[side]))
					}
					t.Logf("ball %d at %v: %.1f mm off", ball, at[side], best)
					switch {
					case best > tab.BallR:
						t.Errorf("ball %d at %v: got the nearest detection %.1f mm off (%d found), want one within a radius", ball, at[side], best, len(dets))
					case best > 15:
						t.Errorf("ball %d at %v: got the nearest detection %.1f mm off, want within 15 mm", ball, at[side], best)
					}
					sum += min(best, tab.BallR)
					n++
				}
				for _, x := range dets {
					if x.At.Dist(at[0]) > tab.BallR && x.At.Dist(at[1]) > tab.BallR {
						t.Errorf("got a %v detection at %v, want none but the two balls", x.Class, x.At)
					}
				}
			})
		}
	}
	if mean := sum / float64(n); mean > 4 {
		t.Errorf("got the balls %.1f mm off on average, want within 4 mm", mean)
	} else {
		t.Logf("%d balls %.1f mm off on average", n, mean)
	}
}

// TestEmptySidePocketMouth renders the bed with the cue ball on the centre
// spot on each cloth: now that the detector looks into the side pockets'
// mouths, their holes, shade and jaws must not be taken for balls.
func TestEmptySidePocketMouth(t *testing.T) {
	tab := table.MustNew("9ft")
	for _, cloth := range render.ClothNames {
		t.Run(cloth, func(t *testing.T) {
			dets, _ := detectStill(t, map[int]table.Point{0: tab.CenterSpot()}, cloth, 1, false)
			for _, id := range []table.PocketID{table.SL, table.SR} {
				pk := tab.Pocket(id)
				for _, x := range dets {
					if d := x.At.Dist(pk.Center); d < 4*tab.BallR {
						t.Errorf("pocket %s: got a %v detection at %v, %.0f mm from the mouth's centre, want none within %.0f mm", id, x.Class, x.At, d, 4*tab.BallR)
					}
				}
			}
			if len(dets) != 1 {
				t.Errorf("got %d detections, want 1 (the cue ball)", len(dets))
			}
		})
	}
}
