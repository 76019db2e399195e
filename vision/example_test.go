package vision_test

import (
	"fmt"

	"gocv.io/x/gocv"

	"github.com/cueref/cueref/calibration"
	"github.com/cueref/cueref/vision"
)

// Detect the balls of a labelled broadcast frame (15 balls: the cue ball, the
// eight, six solids and seven stripes) and count them by class.
func ExampleDetector_Detect() {
	c, err := calibration.Load("testdata/padova/game1_clip1/calibration.yaml")
	if err != nil {
		fmt.Println(err)
		return
	}
	d, err := vision.NewDetector(c, vision.Options{})
	if err != nil {
		fmt.Println(err)
		return
	}
	defer d.Close()
	frame := gocv.IMRead("testdata/padova/game1_clip1/frame_first.png", gocv.IMReadColor)
	defer frame.Close()
	dets, err := d.Detect(frame, nil)
	if err != nil {
		fmt.Println(err)
		return
	}
	n := map[vision.Class]int{}
	for _, b := range dets {
		n[b.Class]++
	}
	fmt.Printf("%d balls: %d cue, %d eight, %d solid, %d stripe\n", len(dets), n[vision.Cue], n[vision.Eight], n[vision.Solid], n[vision.Stripe])
	// Output: 15 balls: 1 cue, 1 eight, 6 solid, 7 stripe
}
