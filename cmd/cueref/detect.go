package main

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"math"
	"path/filepath"
	"strings"

	"gocv.io/x/gocv"

	"github.com/cueref/cueref/calibration"
	"github.com/cueref/cueref/calibration/auto"
	"github.com/cueref/cueref/vision"
)

func init() {
	register(command{name: "detect", summary: "find the balls in images and print them as JSON", run: runDetect})
}

type detectBall struct {
	Ball       int        `json:"ball"`
	Class      string     `json:"class"`
	At         [2]float64 `json:"at"`
	Px         [2]float64 `json:"px"`
	RPx        float64    `json:"r_px"`
	Confidence float64    `json:"confidence"`
	Moving     bool       `json:"moving,omitempty"`
}

type detectResult struct {
	Image string       `json:"image"`
	Balls []detectBall `json:"balls"`
}

func round(v float64, k float64) float64 { return math.Round(v*k) / k }

func runDetect(ctx context.Context, args []string, stdin io.Reader, stdout, stderr io.Writer) error {
	fs := newFlagSet("detect", stderr)
	calib := fs.String("calib", "", `calibration file, or "auto" to calibrate from each image itself`)
	draw := fs.String("draw", "", "write the frame with the detections drawn to this PNG (with several images: name_<image>.png)")
	size := fs.String("table", "9ft", `table size for --calib auto`)
	if err := parseFlags(fs, args); err != nil {
		return err
	}
	if *calib == "" {
		return fmt.Errorf("%w: --calib is required (a file or \"auto\")", errUsage)
	}
	if fs.NArg() == 0 {
		return fmt.Errorf("%w: no images given", errUsage)
	}
	var fixed *calibration.Calibration
	if *calib != "auto" {
		c, err := calibration.Load(*calib)
		if err != nil {
			return err
		}
		fixed = c
	}
	enc := json.NewEncoder(stdout)
	var dets []vision.Detection
	for _, name := range fs.Args() {
		if err := ctx.Err(); err != nil {
			return err
		}
		img := gocv.IMRead(name, gocv.IMReadColor)
		if img.Empty() {
			img.Close()
			return fmt.Errorf("cannot read image %s", name)
		}
		err := func() error {
			defer img.Close()
			c := fixed
			if c == nil {
				var err error
				if c, err = auto.Calibrate(img, auto.Options{Table: *size}); err != nil {
					return fmt.Errorf("%s: %w", name, err)
				}
			}
			d, err := vision.NewDetector(c, vision.Options{})
			if err != nil {
				return fmt.Errorf("%s: %w", name, err)
			}
			defer d.Close()
			dets, err = d.Detect(img, dets)
			if err != nil {
				return fmt.Errorf("%s: %w", name, err)
			}
			res := detectResult{Image: name, Balls: []detectBall{}}
			for _, x := range dets {
				res.Balls = append(res.Balls, detectBall{Ball: x.Ball, Class: x.Class.String(),
					At: [2]float64{round(x.At.X, 10), round(x.At.Y, 10)}, Px: [2]float64{round(x.Px[0], 100), round(x.Px[1], 100)},
					RPx: round(x.RPx, 100), Confidence: round(x.Confidence, 1000), Moving: x.Moving})
			}
			if err := enc.Encode(res); err != nil {
				return err
			}
			if *draw != "" {
				out := *draw
				if fs.NArg() > 1 {
					ext := filepath.Ext(out)
					out = strings.TrimSuffix(out, ext) + "_" + strings.TrimSuffix(filepath.Base(name), filepath.Ext(name)) + ext
				}
				vision.Draw(&img, dets)
				if !gocv.IMWrite(out, img) {
					return fmt.Errorf("cannot write %s", out)
				}
			}
			return nil
		}()
		if err != nil {
			return err
		}
	}
	return nil
}
