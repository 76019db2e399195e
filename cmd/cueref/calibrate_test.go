package main

import (
	"bytes"
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/cueref/cueref/calibration"
)

const testFrame = "../../vision/testdata/padova/game1_clip1/frame_first.png"

func TestCalibrateCommand(t *testing.T) {
	dir := t.TempDir()
	out := filepath.Join(dir, "calibration.yaml")
	var stdout, stderr bytes.Buffer
	if code := runMain(context.Background(), []string{"calibrate", "--source", testFrame, "--out", out, "--table", "9ft"}, nil, &stdout, &stderr); code != 0 {
		t.Fatalf("exit status: got %d, want 0; stderr: %s", code, stderr.String())
	}
	c, err := calibration.Load(out)
	if err != nil {
		t.Fatalf("the written calibration does not load: %v", err)
	}
	if got := c.Table.Name; got != "9ft" {
		t.Errorf("table: got %q, want 9ft", got)
	}
	if _, err := os.Stat(filepath.Join(dir, "calibration.png")); err != nil {
		t.Errorf("calibration.png: %v", err)
	}
	for _, tc := range []struct {
		args []string
		code int
		want string
	}{
		{[]string{"calibrate"}, 2, "--source is required"},
		{[]string{"calibrate", "--source", "nope.png"}, 1, "cannot read image"},
		{[]string{"calibrate", "--source", testFrame, "--table", "6ft", "--out", out}, 1, "unknown size"},
	} {
		stderr.Reset()
		if code := runMain(context.Background(), tc.args, nil, &stdout, &stderr); code != tc.code || !strings.Contains(stderr.String(), tc.want) {
			t.Errorf("%v: got status %d, stderr %q; want %d and %q", tc.args, code, stderr.String(), tc.code, tc.want)
		}
	}
}

func TestDetectCommand(t *testing.T) {
	dir := t.TempDir()
	draw := filepath.Join(dir, "out.png")
	calib := "../../vision/testdata/padova/game1_clip1/calibration.yaml"
	for _, c := range []string{calib, "auto"} {
		var stdout, stderr bytes.Buffer
		if code := runMain(context.Background(), []string{"detect", "--calib", c, "--draw", draw, testFrame}, nil, &stdout, &stderr); code != 0 {
			t.Fatalf("--calib %s: exit status %d; stderr: %s", c, code, stderr.String())
		}
		var res detectResult
		if err := json.Unmarshal(stdout.Bytes(), &res); err != nil {
			t.Fatalf("--calib %s: output is not one JSON object: %v\n%s", c, err, stdout.String())
		}
		// The frame has 15 labelled balls (testdata/padova/.../frame_first_bbox.txt).
		if len(res.Balls) != 15 || res.Image != testFrame {
			t.Errorf("--calib %s: got %d balls for %q, want 15 for %q", c, len(res.Balls), res.Image, testFrame)
		}
		if _, err := os.Stat(draw); err != nil {
			t.Errorf("--draw: %v", err)
		}
	}
	var stdout, stderr bytes.Buffer
	if code := runMain(context.Background(), []string{"detect", testFrame}, nil, &stdout, &stderr); code != 2 {
		t.Errorf("no --calib: got status %d, want 2", code)
	}
}
