package vision

import (
	"fmt"
	"image"
	"image/color"
	"math"

	"gocv.io/x/gocv"
)

var classColor = map[Class]color.RGBA{
	Cue: {255, 255, 255, 0}, Eight: {255, 0, 255, 0}, Solid: {0, 255, 0, 0}, Stripe: {255, 255, 0, 0}, Unknown: {255, 0, 0, 0},
}

// Draw paints detections over a frame: a circle of the ball's radius coloured by
// class (cue white, eight magenta, solid green, stripe cyan, unknown blue), the
// number when known, and a cross for a motion streak.
func Draw(img *gocv.Mat, dets []Detection) {
	for _, d := range dets {
		c := classColor[d.Class]
		p := image.Pt(int(math.Round(d.Px[0])), int(math.Round(d.Px[1])))
		gocv.Circle(img, p, int(math.Round(d.RPx))+1, c, 1)
		label := d.Class.String()[:1]
		if d.Ball >= 0 {
			label = fmt.Sprint(d.Ball)
		}
		if d.Moving {
			gocv.Line(img, p.Add(image.Pt(-4, -4)), p.Add(image.Pt(4, 4)), c, 1)
			gocv.Line(img, p.Add(image.Pt(-4, 4)), p.Add(image.Pt(4, -4)), c, 1)
		}
		gocv.PutText(img, label, p.Add(image.Pt(int(d.RPx)+2, -int(d.RPx))), gocv.FontHersheySimplex, 0.4, c, 1)
	}
}
