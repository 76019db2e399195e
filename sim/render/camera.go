package render

import (
	"fmt"
	"math"
	"math/rand"

	"github.com/cueref/cueref/calibration"
	"github.com/cueref/cueref/table"
)

// Camera is the simulated overhead camera: a pinhole at Pos looking down, turned
// by Yaw about the vertical and tilted by TiltX, TiltY, with focal length Focal
// and principal point Principal in pixels, and optional radial distortion K1, K2
// (in the calibration package's model, normalised by Focal about Principal).
type Camera struct {
	Pos          [3]float64 // mm in the table frame; Pos[2] is the height above the cloth
	Yaw          float64    // radians
	TiltX, TiltY float64    // radians
	Focal        float64    // pixels
	Principal    [2]float64 // pixels
	Size         [2]int
	K1, K2       float64

	ax, ay, az [3]float64 // image x, image y and viewing axes in the table frame
}

// Geometry of the furniture around the playing surface, mm.
const (
	cushionWidth = 50.0  // nose to the back of the cushion
	railWidth    = 115.0 // wood, from the cushion's back to the outer edge
	railHeight   = 44.0  // rail top above the cloth
	floorDepth   = 780.0 // floor below the cloth
	diamondInset = 93.7  // sights: 3 11/16 in from the nose (WPA)
)

// newCamera draws a camera over t for an image of the given size: 1.8–2.5 m above
// the cloth, a little off centre, yawed and tilted by up to a few degrees, with a
// focal length that frames the rails.
func newCamera(t table.Table, size [2]int, distortion bool, rng *rand.Rand) *Camera {
	u := func(a, b float64) float64 { return a + (b-a)*rng.Float64() }
	c := &Camera{Size: size}
	c.Pos = [3]float64{t.L/2 + u(-70, 70), t.W/2 + u(-50, 50), u(1800, 2500)}
	c.Yaw = u(-1.5, 1.5) * math.Pi / 180
	c.TiltX = u(-2.5, 2.5) * math.Pi / 180
	c.TiltY = u(-2.5, 2.5) * math.Pi / 180
	c.Principal = [2]float64{float64(size[0])/2 + u(-6, 6), float64(size[1])/2 + u(-6, 6)}
	if distortion {
		c.K1 = u(-0.13, -0.04)
		c.K2 = u(0, 0.02)
	}
	c.axes()
	// Fit the focal length so that the outer edge of the rails fills the frame
	// with a margin between −3 % (the rails cut, as a camera set close often
	// does) and 2 % of the width.
	margin := u(-0.03, 0.02) * float64(size[0])
	out := cushionWidth + railWidth
	f := math.Inf(1)
	x0, y0, x1, y1 := -out, -out, t.L+out, t.W+out
	for i := 0; i <= 16; i++ {
		a := float64(i) / 16
		for _, p := range [][2]float64{{x0 + (x1-x0)*a, y0}, {x0 + (x1-x0)*a, y1}, {x0, y0 + (y1-y0)*a}, {x1, y0 + (y1-y0)*a}} {
			x, y := c.normalized(p[0], p[1], railHeight)
			// The distortion, in units of the focal length, does not depend on it.
			r2 := x*x + y*y
			k := 1 + c.K1*r2 + c.K2*r2*r2
			for i, v := range [2]float64{x * k, y * k} {
				lo, hi := margin, float64(size[i])-margin
				if v > 0 {
					f = math.Min(f, (hi-c.Principal[i])/v)
				} else if v < 0 {
					f = math.Min(f, (lo-c.Principal[i])/v)
				}
			}
		}
	}
	c.Focal = f
	return c
}

// axes builds the camera's axes: with no rotation image x runs along the table's
// x, image y along its y, and the camera looks down (−z).
func (c *Camera) axes() {
	ax := [3]float64{1, 0, 0}
	ay := [3]float64{0, 1, 0}
	az := [3]float64{0, 0, -1}
	rot := func(v [3]float64, axis [3]float64, a float64) [3]float64 {
		// Rodrigues.
		s, co := math.Sin(a), math.Cos(a)
		d := v[0]*axis[0] + v[1]*axis[1] + v[2]*axis[2]
		cr := [3]float64{axis[1]*v[2] - axis[2]*v[1], axis[2]*v[0] - axis[0]*v[2], axis[0]*v[1] - axis[1]*v[0]}
		var o [3]float64
		for i := range o {
			o[i] = v[i]*co + cr[i]*s + axis[i]*d*(1-co)
		}
		return o
	}
	z := [3]float64{0, 0, 1}
	ax, ay = rot(ax, z, c.Yaw), rot(ay, z, c.Yaw)
	// Tilt about the image x axis, then about the image y axis.
	a1 := ax
	ay, az = rot(ay, a1, c.TiltX), rot(az, a1, c.TiltX)
	a2 := ay
	ax, az = rot(ax, a2, c.TiltY), rot(az, a2, c.TiltY)
	c.ax, c.ay, c.az = ax, ay, az
}

// normalized returns the ideal image coordinates (before the focal length and the
// principal point) of a table-frame point at height z.
func (c *Camera) normalized(x, y, z float64) (float64, float64) {
	d := [3]float64{x - c.Pos[0], y - c.Pos[1], z - c.Pos[2]}
	dz := d[0]*c.az[0] + d[1]*c.az[1] + d[2]*c.az[2]
	return (d[0]*c.ax[0] + d[1]*c.ax[1] + d[2]*c.ax[2]) / dz, (d[0]*c.ay[0] + d[1]*c.ay[1] + d[2]*c.ay[2]) / dz
}

// Project returns the pixel where the camera sees the table-frame point (x, y) at
// height z above the cloth, lens distortion included.
func (c *Camera) Project(x, y, z float64) [2]float64 {
	nx, ny := c.normalized(x, y, z)
	// Undistorted pixel, then the calibration package's radial model.
	px := [2]float64{c.Principal[0] + c.Focal*nx, c.Principal[1] + c.Focal*ny}
	if c.K1 == 0 && c.K2 == 0 {
		return px
	}
	dx, dy := (px[0]-c.Principal[0])/c.Focal, (px[1]-c.Principal[1])/c.Focal
	r2 := dx*dx + dy*dy
	k := 1 + c.K1*r2 + c.K2*r2*r2
	return [2]float64{c.Principal[0] + c.Focal*dx*k, c.Principal[1] + c.Focal*dy*k}
}

// Calibration returns the camera's true calibration for table t: the cushion-nose
// corners as the camera sees them at calibration.DefaultNoseHeight, its height and
// position, and its distortion.
func (c *Camera) Calibration(t table.Table, cloth rgb) (*calibration.Calibration, error) {
	h := calibration.DefaultNoseHeight
	f := calibration.File{
		ImageSize: c.Size,
		CornersPx: calibration.Corners{
			HeadLeft:  c.Project(0, 0, h),
			HeadRight: c.Project(0, t.W, h),
			FootRight: c.Project(t.L, t.W, h),
			FootLeft:  c.Project(t.L, 0, h),
		},
		CameraHeightMM: c.Pos[2],
		CameraMM:       &[2]float64{c.Pos[0], c.Pos[1]},
		Source:         "sim",
	}
	if t.Name != "" && t.Name != "custom" {
		f.Table = t.Name
	} else {
		f.SizeMM = []float64{t.L, t.W}
	}
	if t.BallR != table.BallRadius {
		f.BallDiameterMM = 2 * t.BallR
	}
	if c.K1 != 0 || c.K2 != 0 {
		f.Distortion = &calibration.Distortion{K1: c.K1, K2: c.K2, Center: c.Principal, Focal: c.Focal}
	}
	cal, err := calibration.New(f)
	if err != nil {
		return nil, fmt.Errorf("render: camera calibration: %w", err)
	}
	// Informative extras for the detector.
	cal.File.BallRadiusPx = math.Round(cal.BallRadiusPx(t.CenterSpot())*100) / 100
	bgr := [3]float64{math.Round(cloth.b * 255), math.Round(cloth.g * 255), math.Round(cloth.r * 255)}
	cal.File.ClothBGR = &bgr
	cal.File.PocketsPx = map[string][2]float64{}
	for _, p := range t.Pockets() {
		q := cal.ToImage(p.Center, 0)
		cal.File.PocketsPx[string(p.ID)] = [2]float64{math.Round(q[0]*10) / 10, math.Round(q[1]*10) / 10}
	}
	return cal, nil
}
