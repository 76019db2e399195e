package render_test

import (
	"errors"
	"fmt"
	"io"

	"gocv.io/x/gocv"

	"github.com/cueref/cueref/sim"
	"github.com/cueref/cueref/sim/render"
	"github.com/cueref/cueref/table"
)

// Render one still of a layout and check where the calibration puts the cue ball.
func ExampleRenderStill() {
	layout := map[int]table.Point{0: {X: 635, Y: 635}, 9: {X: 1905, Y: 635}}
	cfg := render.DefaultConfig()
	cfg.Seed = 1
	img, cal, truth, err := render.RenderStill(layout, cfg)
	if err != nil {
		fmt.Println(err)
		return
	}
	defer img.Close()
	px := cal.BallToImage(layout[0])
	fmt.Printf("%dx%d, %d balls, cue ball at the calibration's pixel: %v\n",
		img.Cols(), img.Rows(), len(truth), truth[0].Px == px)
	// Output: 1280x720, 2 balls, cue ball at the calibration's pixel: true
}

// Stream a simulated match as frames with their ground truth.
func ExampleNewVideo() {
	m, err := sim.PlayMatch(sim.MatchConfig{Game: "9ball", Racks: 1, Seed: 7, Table: table.MustNew("9ft"),
		Players: [2]string{"Anna", "Boris"}, MaxShots: 1})
	if err != nil {
		fmt.Println(err)
		return
	}
	cfg := render.DefaultConfig()
	cfg.Size = [2]int{640, 480}
	cfg.FPS = 30
	v, err := render.NewVideo(m, cfg)
	if err != nil {
		fmt.Println(err)
		return
	}
	defer v.Close()
	frame := gocv.NewMat()
	defer frame.Close()
	n := 0
	for {
		truth, err := v.Next(&frame)
		if errors.Is(err, io.EOF) {
			break
		}
		if err != nil {
			fmt.Println(err)
			return
		}
		_ = truth.Balls // every ball's true position, pixel, visibility
		n++
	}
	fmt.Println(n == v.Frames(), frame.Cols(), frame.Rows())
	// Output: true 640 480
}
