package tracking

import (
	"math"
	"math/rand"
	"testing"

	"github.com/cueref/cueref/shot"
	"github.com/cueref/cueref/table"
)

// TestStillScattered: a ball at rest near a cushion whose detections scatter
// ±12 mm every frame (a green ball on the green cloth, as in the rendered
// 8-ball match of seed 3, shot 16) did not move at the stroke: no `moving`
// event (it was a balls_moving foul, unflagged). A ball truly rolling slowly at
// the stroke is still told.
func TestStillScattered(t *testing.T) {
	P := func(x, y float64) table.Point { return table.Point{X: x, Y: y} }
	strike, roll := strikeAndRoll(t)
	const at = 2.0
	for _, c := range []struct {
		name    string
		pieces  []piece
		scatter bool
		moving  bool
	}{
		{"at rest, scattered", []piece{{mo: strike, at: at}}, true, false},
		{"rolling, and a ball scattered", []piece{{mo: strike, at: at}, {mo: roll, at: at - 1.5, names: map[int]int{0: 5}}}, true, true},
	} {
		for seed := int64(1); seed <= 4; seed++ {
			// Ball 6 at rest, found anywhere within ±12 mm, a few mm off its
			// true place, every frame.
			rng := rand.New(rand.NewSource(seed))
			still := func(t float64) []Obs {
				p := P(1493+24*(rng.Float64()-0.5), 120+24*(rng.Float64()-0.5))
				return []Obs{{Ball: 6, At: p, Confidence: 0.7, Class: ClassSolid}}
			}
			shots, _ := simShots(t, simFrames(seed, at+5, c.pieces, still, nil), 0, 1, 5, 6)
			var s *shot.Shot
			for _, x := range shots {
				if math.Abs(*x.Start-at) < 0.05 {
					s = x
				}
			}
			if s == nil {
				t.Fatalf("%s, seed %d: no shot at %.2f among %d", c.name, seed, at, len(shots))
			}
			var moving []int
			for _, e := range s.Events {
				if e.Kind == shot.Moving {
					moving = append(moving, e.Ball)
				}
			}
			want := []int(nil)
			if c.moving {
				want = []int{5}
			}
			if len(moving) != len(want) || len(want) > 0 && moving[0] != want[0] {
				t.Errorf("%s, seed %d: moving balls %v, want %v; events %s", c.name, seed, moving, want, fmtEvents(s.Events))
			}
		}
	}
}
