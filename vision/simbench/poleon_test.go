package simbench

import (
	"fmt"
	"math"
	"testing"

	"github.com/cueref/cueref/sim/render"
	"github.com/cueref/cueref/table"
	"github.com/cueref/cueref/vision"
)

// turned is the rotation (row-major, body → table) of a ball whose stripe
// axis leans tilt from the vertical towards azimuth az, spun by spin about
// that axis (radians): Rz(az)·Ry(tilt)·Rz(spin).
func turned(tilt, az, spin float64) [9]float64 {
	rz := func(a float64) [9]float64 {
		c, s := math.Cos(a), math.Sin(a)
		return [9]float64{c, -s, 0, s, c, 0, 0, 0, 1}
	}
	ry := func(a float64) [9]float64 {
		c, s := math.Cos(a), math.Sin(a)
		return [9]float64{c, 0, s, 0, 1, 0, -s, 0, c}
	}
	mul := func(a, b [9]float64) [9]float64 {
		var c [9]float64
		for i := 0; i < 3; i++ {
			for j := 0; j < 3; j++ {
				c[i*3+j] = a[i*3]*b[j] + a[i*3+1]*b[3+j] + a[i*3+2]*b[6+j]
			}
		}
		return c
	}
	return mul(rz(az), mul(ry(tilt), rz(spin)))
}

// TestPoleOnStripeNotCue renders the cue ball and the seven stripes in the
// open, the stripes turned nearly pole-on (their white cap up, their band
// round their outline), on each cloth. Such a stripe was read as the cue
// ball: a green 14 on green cloth in every frame for 14 s on rendered seed 16
// (14.1, shots 42–45). No stripe may be read as the cue ball, and the cue
// ball must be.
func TestPoleOnStripeNotCue(t *testing.T) {
	tab := table.MustNew("9ft")
	spots := []table.Point{{X: 500, Y: 350}, {X: 900, Y: 350}, {X: 1300, Y: 350}, {X: 1700, Y: 350}, {X: 2100, Y: 350},
		{X: 700, Y: 900}, {X: 1100, Y: 900}, {X: 1500, Y: 900}, {X: 1900, Y: 900}}
	balls := []int{0, 9, 10, 11, 12, 13, 14, 15}
	cases := []struct {
		cloth       string
		tilt, az    float64 // the stripes' axis, degrees from the vertical and round it
		seed, shift int     // the scene, and where each ball lies (spots, turned by shift)
	}{
		{"green", 0, 90, 2, 2},
		{"green", 4, 270, 1, 8},
		{"green", 30, 90, 2, 30},
		{"blue", 4, 270, 1, 8},
		{"blue", 8, 0, 2, 9},
		{"red", 12, 270, 2, 16},
		{"red", 16, 270, 6, 20},
	}
	for _, tc := range cases {
		name := fmt.Sprintf("%s/tilt%.0f/az%.0f", tc.cloth, tc.tilt, tc.az)
		t.Run(name, func(t *testing.T) {
			layout := map[int]table.Point{}
			turn := map[int][9]float64{}
			for j, b := range balls {
				layout[b] = spots[(j+tc.shift)%len(spots)]
				az := tc.az + float64(j)*41
				turn[b] = turned(tc.tilt*math.Pi/180, az*math.Pi/180, (tc.az/3+float64(j)*67)*math.Pi/180)
			}
			cfg := render.DefaultConfig()
			cfg.Cloth = tc.cloth
			cfg.Occluders = false
			cfg.Seed = int64(tc.seed)
			cfg.Table = tab
			frame, cal, truth, err := render.RenderStillTurned(layout, turn, cfg)
			if err != nil {
				t.Fatal(err)
			}
			defer frame.Close()
			d, err := vision.NewDetector(cal, vision.Options{})
			if err != nil {
				t.Fatal(err)
			}
			defer d.Close()
			dets, err := d.Detect(frame, nil)
			if err != nil {
				t.Fatal(err)
			}
			for _, tb := range truth {
				best, bj := tab.BallR, -1
				for j, x := range dets {
					if e := x.At.Dist(tb.At); e < best {
						best, bj = e, j
					}
				}
				if bj < 0 {
					t.Errorf("ball %d not found", tb.Ball)
					continue
				}
				cue := dets[bj].Class == vision.Cue
				if tb.Ball == 0 && !cue {
					t.Errorf("the cue ball read as %v %d", dets[bj].Class, dets[bj].Ball)
				}
				if tb.Ball != 0 && cue {
					t.Errorf("stripe %d read as the cue ball", tb.Ball)
				}
			}
		})
	}
}
