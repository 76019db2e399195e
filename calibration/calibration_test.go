package calibration

import (
	"math"
	"strings"
	"testing"

	"github.com/cueref/cueref/table"
)

// pinhole is an independent camera model: position, a rotation (yaw about the
// vertical, a small tilt), a focal length and a principal point.
type pinhole struct {
	pos    [3]float64 // mm, table frame, z up from the cloth
	yaw    float64
	tilt   float64
	f      float64
	cx, cy float64
}

// project maps a 3-D point to pixels.
func (p pinhole) project(x, y, z float64) [2]float64 {
	dx, dy, dz := x-p.pos[0], y-p.pos[1], z-p.pos[2]
	// Rotate about z by yaw, then about the camera x axis by tilt.
	cy, sy := math.Cos(p.yaw), math.Sin(p.yaw)
	rx, ry := cy*dx+sy*dy, -sy*dx+cy*dy
	ct, st := math.Cos(p.tilt), math.Sin(p.tilt)
	ry2 := ct*ry - st*dz
	rz := st*ry + ct*dz
	// The camera looks down (−z): depth is −rz.
	return [2]float64{p.cx + p.f*rx/(-rz), p.cy + p.f*ry2/(-rz)}
}

func TestPinholeRoundTrip(t *testing.T) {
	tb := table.MustNew("9ft")
	cam := pinhole{pos: [3]float64{1300, 610, 2000}, yaw: 0.02, tilt: 0.03, f: 500, cx: 640, cy: 360}
	nose := DefaultNoseHeight
	pc := func(x, y float64) [2]float64 { return cam.project(x, y, nose) }
	f := File{
		Table: "9ft", ImageSize: [2]int{1280, 720},
		CornersPx: Corners{
			HeadLeft: pc(0, 0), HeadRight: pc(0, tb.W), FootRight: pc(tb.L, tb.W), FootLeft: pc(tb.L, 0),
		},
		CameraHeightMM: cam.pos[2],
		CameraMM:       &[2]float64{cam.pos[0], cam.pos[1]},
	}
	c, err := New(f)
	if err != nil {
		t.Fatal(err)
	}
	var worst, worstNoParallax float64
	flat := f
	flat.CameraHeightMM = 0
	flat.CameraMM = nil
	cf, err := New(flat)
	if err != nil {
		t.Fatal(err)
	}
	for x := 30.0; x < tb.L; x += 250 {
		for y := 30.0; y < tb.W; y += 200 {
			px := cam.project(x, y, tb.BallR)
			got := c.BallToTable(px)
			worst = math.Max(worst, got.Dist(table.Point{X: x, Y: y}))
			worstNoParallax = math.Max(worstNoParallax, cf.BallToTable(px).Dist(table.Point{X: x, Y: y}))
			back := c.BallToImage(table.Point{X: x, Y: y})
			if d := math.Hypot(back[0]-px[0], back[1]-px[1]); d > 1e-6 {
				t.Fatalf("ToImage(%v,%v) = %v, want %v", x, y, back, px)
			}
		}
	}
	if worst > 0.01 {
		t.Errorf("worst error with parallax: got %.4f mm, want < 0.01", worst)
	}
	// Without the correction a ball near a corner is misplaced by several mm, so the
	// correction is doing something.
	if worstNoParallax < 2 {
		t.Errorf("worst error without parallax: got %.2f mm, want > 2 (test camera too flat?)", worstNoParallax)
	}
}

func TestDistortionRoundTrip(t *testing.T) {
	f := File{Table: "8ft", ImageSize: [2]int{1920, 1080},
		CornersPx:  Corners{HeadLeft: [2]float64{200, 100}, HeadRight: [2]float64{200, 980}, FootRight: [2]float64{1720, 990}, FootLeft: [2]float64{1710, 95}},
		Distortion: &Distortion{K1: -0.08, K2: 0.01, Center: [2]float64{960, 540}, Focal: 1400}}
	c, err := New(f)
	if err != nil {
		t.Fatal(err)
	}
	for _, p := range []table.Point{{X: 30, Y: 30}, {X: 1168, Y: 584}, {X: 2300, Y: 1140}} {
		px := c.BallToImage(p)
		if got := c.BallToTable(px); got.Dist(p) > 1e-6 {
			t.Errorf("round trip of %v: got %v", p, got)
		}
	}
	// The corners themselves map back to the table corners (at nose height).
	got := c.ToTable(f.CornersPx.FootRight, DefaultNoseHeight)
	if got.Dist(table.Point{X: 2337, Y: 1168}) > 1e-6 {
		t.Errorf("foot_right corner maps to %v, want (2337, 1168)", got)
	}
}

func TestParseErrors(t *testing.T) {
	tests := []struct {
		name, yaml, want string
	}{
		{"typo names key and line", "table: 9ft\nimage_size: [1280, 720]\ncorner_px:\n  head_left: [1, 2]\n", "line 3: field corner_px not found"},
		{"missing corner", "table: 9ft\nimage_size: [1280, 720]\ncorners_px:\n  head_left: [100, 100]\n  head_right: [100, 600]\n  foot_right: [1200, 600]\n", "corners_px.foot_left: missing"},
		{"bad table", "table: 10ft\nimage_size: [1280, 720]\n", `unknown size "10ft"`},
		{"no image size", "table: 9ft\n", "image_size: missing"},
		{"crossed corners", "table: 9ft\nimage_size: [1280, 720]\ncorners_px:\n  head_left: [100, 100]\n  head_right: [1200, 600]\n  foot_right: [100, 600]\n  foot_left: [1200, 100]\n", "convex"},
		{"wrong type", "table: 9ft\nimage_size: wide\n", "line 2"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := Parse([]byte(tt.yaml))
			if err == nil || !strings.Contains(err.Error(), tt.want) {
				t.Errorf("Parse: got error %v, want one containing %q", err, tt.want)
			}
		})
	}
}

func TestMarshalRoundTrip(t *testing.T) {
	in := "table: 7ft\nimage_size: [1280, 720]\ncorners_px:\n  head_left: [100, 100]\n  head_right: [100, 600]\n  foot_right: [1180, 610]\n  foot_left: [1190, 90]\ncamera_height_mm: 1800\n"
	c, err := Parse([]byte(in))
	if err != nil {
		t.Fatal(err)
	}
	out, err := c.Marshal()
	if err != nil {
		t.Fatal(err)
	}
	c2, err := Parse(out)
	if err != nil {
		t.Fatalf("re-parse of\n%s\n: %v", out, err)
	}
	p := table.Point{X: 500, Y: 400}
	if a, b := c.BallToImage(p), c2.BallToImage(p); a != b {
		t.Errorf("after a round trip: got %v, want %v", b, a)
	}
}
