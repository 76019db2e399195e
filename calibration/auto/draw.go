package auto

import (
	"fmt"
	"image"
	"image/color"
	"math"

	"gocv.io/x/gocv"

	"github.com/cueref/cueref/calibration"
	"github.com/cueref/cueref/table"
)

// Draw paints a calibration over img for a person to check: a 100 mm grid on the
// cloth, the cushion-nose lines, the pocket mouths, the head string and the spots.
// r may be nil (a calibration read from a file); with it, the fitted edge points
// are drawn too.
func Draw(img *gocv.Mat, c *calibration.Calibration, r *Result) {
	t := c.Table
	pt := func(p table.Point, z float64) image.Point {
		q := c.ToImage(p, z)
		return image.Pt(int(math.Round(q[0])), int(math.Round(q[1])))
	}
	grid := color.RGBA{255, 255, 255, 0}
	for x := 100.0; x < t.L; x += 100 {
		gocv.Line(img, pt(table.Point{X: x}, 0), pt(table.Point{X: x, Y: t.W}, 0), grid, 1)
	}
	for y := 100.0; y < t.W; y += 100 {
		gocv.Line(img, pt(table.Point{Y: y}, 0), pt(table.Point{X: t.L, Y: y}, 0), grid, 1)
	}
	if r != nil {
		for _, p := range r.EdgePoints {
			gocv.Circle(img, image.Pt(int(p[0]), int(p[1])), 0, color.RGBA{255, 255, 0, 0}, 1)
		}
	}
	nz := c.NoseHeight()
	nose := color.RGBA{0, 0, 255, 0}
	cs := []table.Point{{}, {Y: t.W}, {X: t.L, Y: t.W}, {X: t.L}}
	for i := range cs {
		gocv.Line(img, pt(cs[i], nz), pt(cs[(i+1)%4], nz), nose, 1)
	}
	hs := color.RGBA{255, 0, 255, 0}
	gocv.Line(img, pt(table.Point{X: t.HeadString()}, 0), pt(table.Point{X: t.HeadString(), Y: t.W}, 0), hs, 1)
	for _, s := range []table.Point{t.HeadSpot(), t.CenterSpot(), t.FootSpot()} {
		gocv.Circle(img, pt(s, 0), 4, hs, 2)
	}
	for _, p := range t.Pockets() {
		gocv.Line(img, pt(p.Jaws[0], nz), pt(p.Jaws[1], nz), color.RGBA{0, 255, 0, 0}, 2)
		gocv.PutText(img, string(p.ID), pt(p.Center.Add(p.In.Scale(60)), nz), gocv.FontHersheySimplex, 0.45, color.RGBA{0, 255, 0, 0}, 1)
	}
	gocv.PutText(img, fmt.Sprintf("%s  ball r %.1f px", t.Name, c.BallRadiusPx(t.CenterSpot())), image.Pt(10, 20), gocv.FontHersheySimplex, 0.6, color.RGBA{255, 255, 255, 0}, 2)
}
