package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"path/filepath"
	"strconv"
	"strings"

	"gocv.io/x/gocv"

	"github.com/cueref/cueref/calibration/auto"
)

func init() {
	register(command{name: "calibrate", summary: "find the table in a frame and write calibration.yaml (+ calibration.png to check)", run: runCalibrate})
}

func runCalibrate(ctx context.Context, args []string, stdin io.Reader, stdout, stderr io.Writer) error {
	fs := newFlagSet("calibrate", stderr)
	src := fs.String("source", "", "an image file, a video file (its first frame) or a V4L2 device (/dev/videoN or N)")
	out := fs.String("out", "calibration.yaml", "where to write the calibration; calibration.png goes next to it")
	size := fs.String("table", "9ft", "table size: 7ft, 8ft or 9ft")
	camH := fs.Float64("camera-height", 0, "camera height above the cloth in mm (0: no parallax correction)")
	if err := parseFlags(fs, args); err != nil {
		return err
	}
	if *src == "" {
		return fmt.Errorf("%w: --source is required", errUsage)
	}
	if fs.NArg() > 0 {
		return fmt.Errorf("%w: unexpected arguments %q", errUsage, fs.Args())
	}
	img, err := grabFrame(*src)
	if err != nil {
		return err
	}
	defer img.Close()
	r, err := auto.Find(img, auto.Options{Table: *size, CameraHeightMM: *camH})
	if err != nil {
		return err
	}
	r.Calibration.File.Source = "auto: " + filepath.Base(*src)
	if err := r.Calibration.Save(*out); err != nil {
		return err
	}
	png := filepath.Join(filepath.Dir(*out), "calibration.png")
	auto.Draw(&img, r.Calibration, r)
	if !gocv.IMWrite(png, img) {
		return fmt.Errorf("cannot write %s", png)
	}
	cp := r.Calibration.File.CornersPx
	fmt.Fprintf(stdout, "calibration: %s table, corners head_left %.1f,%.1f head_right %.1f,%.1f foot_right %.1f,%.1f foot_left %.1f,%.1f, ball radius %.1f px\n",
		r.Calibration.Table.Name, cp.HeadLeft[0], cp.HeadLeft[1], cp.HeadRight[0], cp.HeadRight[1], cp.FootRight[0], cp.FootRight[1], cp.FootLeft[0], cp.FootLeft[1], r.Calibration.File.BallRadiusPx)
	fmt.Fprintf(stdout, "wrote %s and %s (check the drawing)\n", *out, png)
	return nil
}

// grabFrame reads one BGR frame from an image file, a video file or a camera.
func grabFrame(src string) (gocv.Mat, error) {
	ext := strings.ToLower(filepath.Ext(src))
	switch ext {
	case ".png", ".jpg", ".jpeg", ".bmp", ".tif", ".tiff", ".webp", ".ppm":
		img := gocv.IMRead(src, gocv.IMReadColor)
		if img.Empty() {
			img.Close()
			return gocv.Mat{}, fmt.Errorf("cannot read image %s", src)
		}
		return img, nil
	}
	var vc *gocv.VideoCapture
	var err error
	if n, e := strconv.Atoi(strings.TrimPrefix(src, "/dev/video")); e == nil && (strings.HasPrefix(src, "/dev/video") || src == strconv.Itoa(n)) {
		vc, err = gocv.VideoCaptureDevice(n)
	} else {
		vc, err = gocv.VideoCaptureFile(src)
	}
	if err != nil {
		return gocv.Mat{}, fmt.Errorf("cannot open %s: %v", src, err)
	}
	defer vc.Close()
	img := gocv.NewMat()
	// A camera's first frames are often dark while it adjusts its exposure.
	tries := 1
	if !vc.IsOpened() {
		img.Close()
		return gocv.Mat{}, fmt.Errorf("cannot open %s", src)
	}
	if strings.HasPrefix(src, "/dev/video") || !strings.Contains(src, ".") {
		tries = 10
	}
	for i := 0; i < tries; i++ {
		if !vc.Read(&img) || img.Empty() {
			img.Close()
			return gocv.Mat{}, errors.New("cannot read a frame from " + src)
		}
	}
	return img, nil
}
