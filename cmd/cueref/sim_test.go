package main

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"gocv.io/x/gocv"

	"github.com/cueref/cueref/calibration"
	"github.com/cueref/cueref/shot"
)

func TestSimWritesVideoAndTruth(t *testing.T) {
	dir := t.TempDir()
	var out, errb bytes.Buffer
	err := runSim(context.Background(), []string{"--game", "9ball", "--racks", "1", "--max-shots", "2", "--fps", "30",
		"--size", "640x480", "--seed", "7", "--cloth", "red", "--distortion", "--out", dir}, nil, &out, &errb)
	if err != nil {
		t.Fatalf("sim: %v (stderr %s)", err, errb.String())
	}
	cal, err := calibration.Load(filepath.Join(dir, "calibration.yaml"))
	if err != nil {
		t.Fatal(err)
	}
	if cal.File.ImageSize != [2]int{640, 480} || cal.File.Distortion == nil || !cal.Parallax() {
		t.Errorf("calibration: size %v, distortion %v, parallax %v; want 640x480 with both", cal.File.ImageSize, cal.File.Distortion, cal.Parallax())
	}
	// shots.jsonl: the game record and two shots, all valid records.
	sf, err := os.ReadFile(filepath.Join(dir, "shots.jsonl"))
	if err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(strings.TrimSpace(string(sf)), "\n")
	nShots := 0
	for i, l := range lines {
		rec, err := shot.Decode([]byte(l), i+1)
		if err != nil {
			t.Fatalf("shots.jsonl line %d: %v", i+1, err)
		}
		if _, ok := rec.(*shot.Shot); ok {
			nShots++
		}
	}
	if nShots != 2 {
		t.Errorf("shots.jsonl has %d shots, want 2", nShots)
	}
	// truth.jsonl: one line per frame, pixels where the calibration says.
	tf, err := os.Open(filepath.Join(dir, "truth.jsonl"))
	if err != nil {
		t.Fatal(err)
	}
	defer tf.Close()
	sc := bufio.NewScanner(tf)
	sc.Buffer(nil, 1<<20)
	frames := 0
	for sc.Scan() {
		var fr struct {
			Frame int     `json:"frame"`
			T     float64 `json:"t"`
			Balls []struct {
				Ball    int        `json:"ball"`
				At      [2]float64 `json:"at"`
				Px      [2]float64 `json:"px"`
				OnBed   bool       `json:"on_bed"`
				Visible float64    `json:"visible"`
			} `json:"balls"`
		}
		if err := json.Unmarshal(sc.Bytes(), &fr); err != nil {
			t.Fatalf("truth line %d: %v", frames+1, err)
		}
		if fr.Frame != frames || len(fr.Balls) == 0 {
			t.Fatalf("truth line %d: frame %d with %d balls", frames+1, fr.Frame, len(fr.Balls))
		}
		for _, b := range fr.Balls {
			if !b.OnBed {
				continue
			}
			q := cal.BallToImage(shot.Point(b.At).P())
			if d := (q[0]-b.Px[0])*(q[0]-b.Px[0]) + (q[1]-b.Px[1])*(q[1]-b.Px[1]); d > 0.02*0.02 {
				t.Fatalf("frame %d ball %d: px %v, calibration.yaml says %v", fr.Frame, b.Ball, b.Px, q)
			}
		}
		frames++
	}
	if err := sc.Err(); err != nil {
		t.Fatal(err)
	}
	// video.avi: MJPG that OpenCV reads back, as many frames as truth lines.
	vc, err := gocv.VideoCaptureFile(filepath.Join(dir, "video.avi"))
	if err != nil {
		t.Fatal(err)
	}
	defer vc.Close()
	img := gocv.NewMat()
	defer img.Close()
	n := 0
	for vc.Read(&img) && !img.Empty() {
		if img.Cols() != 640 || img.Rows() != 480 {
			t.Fatalf("video frame %d is %dx%d, want 640x480", n, img.Cols(), img.Rows())
		}
		n++
	}
	if n != frames || n == 0 {
		t.Errorf("video has %d frames, truth.jsonl %d lines", n, frames)
	}
	if !strings.Contains(out.String(), "2 shots") {
		t.Errorf("stdout %q does not report the 2 shots", out.String())
	}
}

func TestSimStill(t *testing.T) {
	dir := t.TempDir()
	layout := filepath.Join(dir, "layout.json")
	if err := os.WriteFile(layout, []byte(`{"0":[635,635],"9":[1905,635],"3":[1500,300]}`), 0o644); err != nil {
		t.Fatal(err)
	}
	var out, errb bytes.Buffer
	if err := runSim(context.Background(), []string{"--still", layout, "--out", dir, "--no-noise", "--cloth", "blue"}, nil, &out, &errb); err != nil {
		t.Fatalf("sim --still: %v", err)
	}
	img := gocv.IMRead(filepath.Join(dir, "still.png"), gocv.IMReadColor)
	defer img.Close()
	if img.Cols() != 1280 || img.Rows() != 720 {
		t.Errorf("still.png is %dx%d, want 1280x720", img.Cols(), img.Rows())
	}
	if _, err := calibration.Load(filepath.Join(dir, "calibration.yaml")); err != nil {
		t.Error(err)
	}
	tr, err := os.ReadFile(filepath.Join(dir, "truth.jsonl"))
	if err != nil {
		t.Fatal(err)
	}
	if c := strings.Count(string(tr), `"ball":`); c != 3 {
		t.Errorf("truth.jsonl has %d balls, want 3: %s", c, tr)
	}
}

func TestSimBadFlags(t *testing.T) {
	dir := t.TempDir()
	bad := filepath.Join(dir, "bad.json")
	os.WriteFile(bad, []byte(`{"16":[1,2]}`), 0o644)
	for _, args := range [][]string{
		{"--game", "9ball"}, // no --out
		{"--out", dir, "--size", "big"},
		{"--out", dir, "--table", "6ft"},
		{"--out", dir, "--players", "OnlyOne"},
		{"--out", dir, "--racks", "0"},
	} {
		err := runSim(context.Background(), args, nil, &bytes.Buffer{}, &bytes.Buffer{})
		if !errors.Is(err, errUsage) {
			t.Errorf("sim %q: got %v, want a usage error", args, err)
		}
	}
	if err := runSim(context.Background(), []string{"--out", dir, "--still", bad}, nil, &bytes.Buffer{}, &bytes.Buffer{}); err == nil {
		t.Errorf("sim --still with ball 16: got no error")
	}
	if err := runSim(context.Background(), []string{"--out", dir, "--cloth", "purple", "--still", bad}, nil, &bytes.Buffer{}, &bytes.Buffer{}); err == nil {
		t.Errorf("sim --cloth purple: got no error")
	}
}
