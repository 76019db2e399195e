// Package calibration maps between image pixels and the table frame of the
// shot-log contract (millimetres, origin at the head-left cushion-nose corner).
//
// A calibration is a plane homography fixed by the four cushion-nose corners of the
// playing surface as seen in the image, plus two optional refinements:
//
//   - parallax: the corners are at cushion-nose height (NoseHeightMM above the
//     cloth) and a ball's centre is BallR above it; with the camera's height and its
//     position over the table, a detected ball centre is projected onto the plane at
//     ball-centre height along the camera ray, exactly for a pinhole camera;
//   - radial lens distortion (k1, k2 about a centre, in units of a focal length).
//
// The file format is YAML; see File. Manual calibrations give only the corners;
// automatic ones (and the simulator's true ones) add the rest.
package calibration

import (
	"bytes"
	"errors"
	"fmt"
	"math"
	"os"
	"strings"

	"gopkg.in/yaml.v3"

	"github.com/cueref/cueref/table"
)

// DefaultNoseHeight is the height of the cushion nose above the cloth: 63.5 % of the
// ball diameter (WPA: 62.5–64.5 %).
const DefaultNoseHeight = 0.635 * table.BallDiameter

// Corners are the four cushion-nose corners of the playing surface in pixels.
type Corners struct {
	HeadLeft  [2]float64 `yaml:"head_left"`
	HeadRight [2]float64 `yaml:"head_right"`
	FootRight [2]float64 `yaml:"foot_right"`
	FootLeft  [2]float64 `yaml:"foot_left"`
}

// Distortion is a radial lens model: a point at normalized radius r from Center
// (pixels divided by Focal) is seen at r·(1 + K1·r² + K2·r⁴).
type Distortion struct {
	K1     float64    `yaml:"k1"`
	K2     float64    `yaml:"k2,omitempty"`
	Center [2]float64 `yaml:"center"`
	Focal  float64    `yaml:"focal_px"`
}

// File is the calibration file.
type File struct {
	Table          string      `yaml:"table,omitempty"`   // 7ft | 8ft | 9ft
	SizeMM         []float64   `yaml:"size_mm,omitempty"` // or an explicit [L, W]
	BallDiameterMM float64     `yaml:"ball_diameter_mm,omitempty"`
	ImageSize      [2]int      `yaml:"image_size"`
	CornersPx      Corners     `yaml:"corners_px"`
	CameraHeightMM float64     `yaml:"camera_height_mm,omitempty"` // above the cloth
	CameraMM       *[2]float64 `yaml:"camera_mm,omitempty"`        // the camera's position over the table frame; default: under the image centre
	NoseHeightMM   float64     `yaml:"nose_height_mm,omitempty"`   // default DefaultNoseHeight
	Distortion     *Distortion `yaml:"distortion,omitempty"`
	// Fitted extras (automatic calibration); informative for the detector.
	BallRadiusPx float64               `yaml:"ball_radius_px,omitempty"`
	ClothBGR     *[3]float64           `yaml:"cloth_bgr,omitempty"`
	PocketsPx    map[string][2]float64 `yaml:"pockets_px,omitempty"`
	Source       string                `yaml:"source,omitempty"` // how it was made: manual, auto, sim
}

// Calibration is a validated, ready-to-use mapping.
type Calibration struct {
	File  File
	Table table.Table

	h, hinv Homography // table mm on the nose plane ↔ undistorted px
	cam     table.Point
	camH    float64 // camera height above the cloth, mm; 0: no parallax
	noseH   float64
}

// Parse reads a calibration file. Errors name the key and line.
func Parse(data []byte) (*Calibration, error) {
	var f File
	dec := yaml.NewDecoder(bytes.NewReader(data))
	dec.KnownFields(true)
	if err := dec.Decode(&f); err != nil {
		return nil, fmt.Errorf("calibration: %s", strings.TrimPrefix(err.Error(), "yaml: "))
	}
	return New(f)
}

// Load reads and parses a calibration file.
func Load(path string) (*Calibration, error) {
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, fmt.Errorf("calibration: %w", err)
	}
	c, err := Parse(data)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	return c, nil
}

// Marshal writes the file as YAML.
func (c *Calibration) Marshal() ([]byte, error) {
	var b bytes.Buffer
	b.WriteString("# cueref calibration: pixels ↔ table mm (see package calibration)\n")
	enc := yaml.NewEncoder(&b)
	enc.SetIndent(2)
	if err := enc.Encode(c.File); err != nil {
		return nil, fmt.Errorf("calibration: %w", err)
	}
	return b.Bytes(), enc.Close()
}

// Save writes the file to path.
func (c *Calibration) Save(path string) error {
	data, err := c.Marshal()
	if err != nil {
		return err
	}
	return os.WriteFile(path, data, 0o644)
}

// New validates f and builds the mapping.
func New(f File) (*Calibration, error) {
	var t table.Table
	switch {
	case len(f.SizeMM) > 0:
		if len(f.SizeMM) != 2 {
			return nil, errors.New("calibration: size_mm: want [length, width]")
		}
		t = table.Custom(f.SizeMM[0], f.SizeMM[1])
	case f.Table != "":
		var err error
		if t, err = table.New(f.Table); err != nil {
			return nil, fmt.Errorf("calibration: table: unknown size %q (want 7ft, 8ft, 9ft or size_mm)", f.Table)
		}
	default:
		return nil, errors.New("calibration: table: missing (7ft, 8ft, 9ft or size_mm: [L, W])")
	}
	if f.BallDiameterMM != 0 {
		if f.BallDiameterMM < 40 || f.BallDiameterMM > 70 {
			return nil, fmt.Errorf("calibration: ball_diameter_mm: %g is not a pool ball (40–70)", f.BallDiameterMM)
		}
		t.BallR = f.BallDiameterMM / 2
	}
	if err := t.Validate(); err != nil {
		return nil, fmt.Errorf("calibration: %w", err)
	}
	if f.ImageSize[0] <= 0 || f.ImageSize[1] <= 0 {
		return nil, errors.New("calibration: image_size: missing or not positive ([width, height])")
	}
	c := &Calibration{File: f, Table: t, noseH: DefaultNoseHeight}
	if f.NoseHeightMM != 0 {
		if f.NoseHeightMM < 0 || f.NoseHeightMM > 100 {
			return nil, fmt.Errorf("calibration: nose_height_mm: %g out of range 0–100", f.NoseHeightMM)
		}
		c.noseH = f.NoseHeightMM
	}
	if d := f.Distortion; d != nil {
		if !(d.Focal > 0) {
			return nil, errors.New("calibration: distortion.focal_px: must be positive")
		}
		if math.Abs(d.K1) > 2 || math.Abs(d.K2) > 2 {
			return nil, errors.New("calibration: distortion: |k1|, |k2| must be below 2")
		}
	}
	cp := f.CornersPx
	px := [][2]float64{cp.HeadLeft, cp.HeadRight, cp.FootRight, cp.FootLeft}
	names := []string{"head_left", "head_right", "foot_right", "foot_left"}
	for i, p := range px {
		if p == ([2]float64{}) {
			return nil, fmt.Errorf("calibration: corners_px.%s: missing", names[i])
		}
		if math.IsNaN(p[0]) || math.IsNaN(p[1]) {
			return nil, fmt.Errorf("calibration: corners_px.%s: not a number", names[i])
		}
		px[i] = c.undistort(p)
	}
	mm := [][2]float64{{0, 0}, {0, t.W}, {t.L, t.W}, {t.L, 0}}
	if !convexSameOrder(px) {
		return nil, errors.New("calibration: corners_px: the four corners do not form a convex quadrilateral in head_left, head_right, foot_right, foot_left order")
	}
	h, err := FitHomography(mm, px)
	if err != nil {
		return nil, err
	}
	hinv, err := h.Inverse()
	if err != nil {
		return nil, err
	}
	c.h, c.hinv = h, hinv
	if f.CameraHeightMM != 0 {
		if f.CameraHeightMM < 300 || f.CameraHeightMM > 10000 {
			return nil, fmt.Errorf("calibration: camera_height_mm: %g out of range 300–10000", f.CameraHeightMM)
		}
		c.camH = f.CameraHeightMM
		if f.CameraMM != nil {
			c.cam = table.Point{X: f.CameraMM[0], Y: f.CameraMM[1]}
		} else {
			x, y := hinv.Apply(float64(f.ImageSize[0])/2, float64(f.ImageSize[1])/2)
			c.cam = table.Point{X: x, Y: y}
		}
	}
	return c, nil
}

func convexSameOrder(p [][2]float64) bool {
	sign := 0.0
	for i := 0; i < 4; i++ {
		a, b, c := p[i], p[(i+1)%4], p[(i+2)%4]
		cross := (b[0]-a[0])*(c[1]-b[1]) - (b[1]-a[1])*(c[0]-b[0])
		if cross == 0 {
			return false
		}
		if sign == 0 {
			sign = cross
		} else if (sign > 0) != (cross > 0) {
			return false
		}
	}
	return true
}

// Parallax reports whether the calibration corrects for parallax.
func (c *Calibration) Parallax() bool { return c.camH > 0 }

// scaleTo returns the factor that moves a table-frame point at height z to the
// nose plane along the camera ray (1 without parallax).
func (c *Calibration) scaleTo(z float64) float64 {
	if c.camH == 0 {
		return 1
	}
	return (c.camH - c.noseH) / (c.camH - z)
}

// ToImage returns the pixel where a point at (p, height z above the cloth) is seen.
func (c *Calibration) ToImage(p table.Point, z float64) [2]float64 {
	k := c.scaleTo(z)
	q := c.cam.Add(p.Sub(c.cam).Scale(k))
	u, v := c.h.Apply(q.X, q.Y)
	return c.distort([2]float64{u, v})
}

// ToTable returns the table-frame position of a point seen at px that lies at
// height z above the cloth. For a detected ball centre, z is the ball radius:
// use BallToTable.
func (c *Calibration) ToTable(px [2]float64, z float64) table.Point {
	u := c.undistort(px)
	x, y := c.hinv.Apply(u[0], u[1])
	q := table.Point{X: x, Y: y}
	k := c.scaleTo(z)
	return c.cam.Add(q.Sub(c.cam).Scale(1 / k))
}

// BallToTable maps a detected ball centre to the table frame (at ball-centre height).
func (c *Calibration) BallToTable(px [2]float64) table.Point { return c.ToTable(px, c.Table.BallR) }

// BallToImage maps a ball centre on the bed to pixels.
func (c *Calibration) BallToImage(p table.Point) [2]float64 { return c.ToImage(p, c.Table.BallR) }

// BallRadiusPx estimates the radius in pixels of a ball at p: the mean distance of
// four points on its equator from its centre's image.
func (c *Calibration) BallRadiusPx(p table.Point) float64 {
	r := c.Table.BallR
	ctr := c.BallToImage(p)
	var s float64
	for _, d := range []table.Point{{X: r}, {X: -r}, {Y: r}, {Y: -r}} {
		q := c.BallToImage(p.Add(d))
		s += math.Hypot(q[0]-ctr[0], q[1]-ctr[1])
	}
	return s / 4
}

// Homography returns the cloth-nose-plane homography (table mm → undistorted px).
func (c *Calibration) Homography() Homography { return c.h }

func (c *Calibration) distort(p [2]float64) [2]float64 {
	d := c.File.Distortion
	if d == nil || (d.K1 == 0 && d.K2 == 0) {
		return p
	}
	x, y := (p[0]-d.Center[0])/d.Focal, (p[1]-d.Center[1])/d.Focal
	r2 := x*x + y*y
	k := 1 + d.K1*r2 + d.K2*r2*r2
	return [2]float64{d.Center[0] + d.Focal*x*k, d.Center[1] + d.Focal*y*k}
}

func (c *Calibration) undistort(p [2]float64) [2]float64 {
	d := c.File.Distortion
	if d == nil || (d.K1 == 0 && d.K2 == 0) {
		return p
	}
	xd, yd := (p[0]-d.Center[0])/d.Focal, (p[1]-d.Center[1])/d.Focal
	x, y := xd, yd
	for i := 0; i < 20; i++ {
		r2 := x*x + y*y
		k := 1 + d.K1*r2 + d.K2*r2*r2
		x, y = xd/k, yd/k
	}
	return [2]float64{d.Center[0] + d.Focal*x, d.Center[1] + d.Focal*y}
}
