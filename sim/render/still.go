package render

import (
	"fmt"
	"math"
	"math/rand"

	"gocv.io/x/gocv"

	"github.com/cueref/cueref/calibration"
	"github.com/cueref/cueref/table"
)

// randomOrient returns a uniformly random rotation (row-major, body → table).
func randomOrient(rng *rand.Rand) [9]float64 {
	// A random unit quaternion (Shoemake).
	u1, u2, u3 := rng.Float64(), rng.Float64()*2*math.Pi, rng.Float64()*2*math.Pi
	a, b := math.Sqrt(1-u1), math.Sqrt(u1)
	w, x, y, z := a*math.Sin(u2), a*math.Cos(u2), b*math.Sin(u3), b*math.Cos(u3)
	return [9]float64{
		1 - 2*(y*y+z*z), 2 * (x*y - w*z), 2 * (x*z + w*y),
		2 * (x*y + w*z), 1 - 2*(x*x+z*z), 2 * (y*z - w*x),
		2 * (x*z - w*y), 2 * (y*z + w*x), 1 - 2*(x*x+y*y),
	}
}

// mulOrient returns a·b for row-major 3×3 matrices.
func mulOrient(a, b [9]float64) [9]float64 {
	var c [9]float64
	for i := 0; i < 3; i++ {
		for j := 0; j < 3; j++ {
			c[i*3+j] = a[i*3]*b[j] + a[i*3+1]*b[3+j] + a[i*3+2]*b[6+j]
		}
	}
	return c
}

// checkLayout validates a layout against table t.
func checkLayout(layout map[int]table.Point, t table.Table) error {
	for n, p := range layout {
		if n < 0 || n > 15 {
			return fmt.Errorf("render: layout: ball %d is not 0–15", n)
		}
		if math.IsNaN(p.X) || math.IsNaN(p.Y) || math.IsInf(p.X, 0) || math.IsInf(p.Y, 0) {
			return fmt.Errorf("render: layout: ball %d: position is not a number", n)
		}
		if p.X < -t.BallR || p.Y < -t.BallR || p.X > t.L+t.BallR || p.Y > t.W+t.BallR {
			return fmt.Errorf("render: layout: ball %d at %v is off the %gx%g mm bed", n, p, t.L, t.W)
		}
	}
	return nil
}

// RenderStill renders one frame of the balls at rest at the given positions (mm).
// With cfg.Occluders the shooter is down on the cue ball, aiming at the object
// ball nearest to it. It returns the frame (the caller closes it), the camera's
// true calibration and the balls' ground truth. Motion blur and the frame rate
// play no part.
func RenderStill(layout map[int]table.Point, cfg Config) (gocv.Mat, *calibration.Calibration, []TruthBall, error) {
	return RenderStillTurned(layout, nil, cfg)
}

// RenderStillTurned is RenderStill with the balls in turn turned as given:
// each a rotation (row-major, body → table) whose third column is the
// direction of a stripe's axis on the table (z up, towards the camera) and
// whose first column that of a ball's number circle. The identity shows a
// stripe pole-on, its white cap up and its band round its outline. The
// other balls are turned at random, as by RenderStill.
func RenderStillTurned(layout map[int]table.Point, turn map[int][9]float64, cfg Config) (gocv.Mat, *calibration.Calibration, []TruthBall, error) {
	cfg, err := cfg.withDefaults()
	if err != nil {
		return gocv.Mat{}, nil, nil, err
	}
	t := cfg.Table
	if t.L == 0 {
		t = table.MustNew("9ft")
	}
	if err := checkLayout(layout, t); err != nil {
		return gocv.Mat{}, nil, nil, err
	}
	r, err := newRenderer(t, cfg)
	if err != nil {
		return gocv.Mat{}, nil, nil, err
	}
	defer r.Close()
	rng := rand.New(rand.NewSource(cfg.Seed ^ 0x57111))
	var balls []ballSample
	for n := 0; n <= 15; n++ {
		p, ok := layout[n]
		if !ok {
			continue
		}
		o := randomOrient(rng)
		if to, ok := turn[n]; ok {
			o = to
		}
		balls = append(balls, ballSample{ball: n, pos: p, z: t.BallR, orient: o, onBed: true})
	}
	spec := &frameSpec{samples: [][]ballSample{balls}, at: balls}
	if cue, ok := layout[0]; ok && cfg.Occluders {
		dir := table.Point{X: 1}
		best := math.Inf(1)
		for n, p := range layout {
			if d := p.Dist(cue); n != 0 && d < best && d > 0 {
				best, dir = d, p.Sub(cue).Scale(1/d)
			}
		}
		spec.rigs = []pose{{cue: cue, dir: dir, gap: 35}}
		spec.player = newPlayer(rng)
	}
	dst := gocv.NewMat()
	truth, err := r.draw(&dst, spec, nil)
	if err != nil {
		dst.Close()
		return gocv.Mat{}, nil, nil, err
	}
	return dst, r.cal, truth, nil
}
