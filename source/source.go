// Package source opens the referee's frame sources — a V4L2 camera, a video file
// (optionally looped and paced at its frame rate), an RTSP/HTTP stream, a GStreamer
// pipeline (libcamera on a Raspberry Pi) — behind one small interface, and keeps
// them alive: Supervisor reopens a source that fails, with backoff, and reports
// whether the camera is ok or lost.
package source

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"strconv"
	"strings"
	"time"

	"gocv.io/x/gocv"
)

// Meta describes one frame.
type Meta struct {
	Seq  uint64    // frame number from the source's start, from 0
	T    float64   // source time in seconds: the video's own time for a file, seconds since open for a live camera
	Wall time.Time // when the frame was read
}

// Info describes an open source.
type Info struct {
	Name   string
	Kind   string // device, file, url, gstreamer, sim
	FPS    float64
	Width  int
	Height int
	Live   bool // a camera or stream (frames arrive in real time)
}

// Source is a stream of BGR frames.
type Source interface {
	// Read fills dst with the next frame. It returns io.EOF at the end of a
	// finite source and another error when the source fails.
	Read(ctx context.Context, dst *gocv.Mat) (Meta, error)
	Info() Info
	Close() error
}

// Options tune how a spec is opened.
type Options struct {
	Loop bool    // files: start again at the end
	Pace bool    // files: deliver frames at the file's frame rate, not as fast as possible
	FPS  float64 // devices: requested frame rate (0: the device's default)
	// Width and Height request a capture size from devices (0: default).
	Width, Height int
}

// ErrNoFrame is returned when a live source gives no frame.
var ErrNoFrame = errors.New("source: no frame")

// Kind returns what kind of source a spec names:
//
//	/dev/video0, 0, 1 …          device (V4L2)
//	rtsp://…, http(s)://…        url
//	gst:PIPELINE or "… ! appsink" gstreamer
//	sim:GAME                     sim (opened by the caller, not by Open)
//	anything else                file
func Kind(spec string) string {
	switch {
	case strings.HasPrefix(spec, "sim:"):
		return "sim"
	case strings.HasPrefix(spec, "/dev/video"):
		return "device"
	case isIndex(spec):
		return "device"
	case strings.HasPrefix(spec, "rtsp://"), strings.HasPrefix(spec, "http://"), strings.HasPrefix(spec, "https://"):
		return "url"
	case strings.HasPrefix(spec, "gst:"), strings.Contains(spec, "appsink"):
		return "gstreamer"
	}
	return "file"
}

func isIndex(s string) bool {
	n, err := strconv.Atoi(s)
	return err == nil && n >= 0 && n < 64
}

// Open opens a device, file, URL or GStreamer source. sim: specs are opened by
// the caller (they need the simulator), so Open rejects them.
func Open(spec string, opts Options) (Source, error) {
	kind := Kind(spec)
	var (
		vc  *gocv.VideoCapture
		err error
	)
	switch kind {
	case "sim":
		return nil, fmt.Errorf("source: %q: sim sources are opened by the simulator", spec)
	case "device":
		idx := 0
		if strings.HasPrefix(spec, "/dev/video") {
			if _, serr := os.Stat(spec); serr != nil {
				return nil, fmt.Errorf("source: %s: %w", spec, serr)
			}
			idx, err = strconv.Atoi(strings.TrimPrefix(spec, "/dev/video"))
			if err != nil {
				return nil, fmt.Errorf("source: %q: not a /dev/videoN device", spec)
			}
		} else {
			idx, _ = strconv.Atoi(spec)
		}
		vc, err = gocv.OpenVideoCaptureWithAPI(idx, gocv.VideoCaptureV4L2)
	case "url":
		vc, err = gocv.OpenVideoCaptureWithAPI(spec, gocv.VideoCaptureFFmpeg)
	case "gstreamer":
		vc, err = gocv.OpenVideoCaptureWithAPI(strings.TrimPrefix(spec, "gst:"), gocv.VideoCaptureGstreamer)
	case "file":
		if _, serr := os.Stat(spec); serr != nil {
			return nil, fmt.Errorf("source: %w", serr)
		}
		vc, err = gocv.OpenVideoCaptureWithAPI(spec, gocv.VideoCaptureAny)
	}
	if err != nil {
		if vc != nil {
			vc.Close()
		}
		return nil, fmt.Errorf("source: open %s %q: %w", kind, spec, err)
	}
	if !vc.IsOpened() {
		vc.Close()
		return nil, fmt.Errorf("source: open %s %q: not opened", kind, spec)
	}
	if kind == "device" {
		if opts.Width > 0 && opts.Height > 0 {
			vc.Set(gocv.VideoCaptureFrameWidth, float64(opts.Width))
			vc.Set(gocv.VideoCaptureFrameHeight, float64(opts.Height))
		}
		if opts.FPS > 0 {
			vc.Set(gocv.VideoCaptureFPS, opts.FPS)
		}
	}
	c := &capture{
		vc:   vc,
		spec: spec,
		opts: opts,
		info: Info{
			Name: spec, Kind: kind,
			FPS:    vc.Get(gocv.VideoCaptureFPS),
			Width:  int(vc.Get(gocv.VideoCaptureFrameWidth)),
			Height: int(vc.Get(gocv.VideoCaptureFrameHeight)),
			Live:   kind != "file",
		},
		start: time.Now(),
	}
	if !(c.info.FPS > 0 && c.info.FPS < 1000) {
		c.info.FPS = 30
	}
	return c, nil
}

// capture is a source read through OpenCV's VideoCapture.
type capture struct {
	vc        *gocv.VideoCapture
	spec      string
	opts      Options
	info      Info
	seq       uint64
	start     time.Time
	paceStart time.Time // files: when frame 0 was delivered, for pacing
}

func (c *capture) Info() Info { return c.info }

func (c *capture) Close() error { return c.vc.Close() }

func (c *capture) Read(ctx context.Context, dst *gocv.Mat) (Meta, error) {
	if err := ctx.Err(); err != nil {
		return Meta{}, err
	}
	if !c.vc.Read(dst) || dst.Empty() {
		if c.info.Live {
			return Meta{}, fmt.Errorf("source: %s: %w", c.spec, ErrNoFrame)
		}
		if !c.opts.Loop || c.seq == 0 {
			return Meta{}, io.EOF
		}
		// Loop: rewind and read again.
		c.vc.Set(gocv.VideoCapturePosFrames, 0)
		if !c.vc.Read(dst) || dst.Empty() {
			return Meta{}, fmt.Errorf("source: %s: rewind failed", c.spec)
		}
	}
	now := time.Now()
	m := Meta{Seq: c.seq, Wall: now}
	if c.info.Live {
		m.T = now.Sub(c.start).Seconds()
	} else {
		// Frame-count time is exact (and keeps running across loops); the
		// container's timestamps are not always.
		m.T = float64(c.seq) / c.info.FPS
		if c.opts.Pace {
			if c.seq == 0 {
				c.paceStart = now
			}
			due := c.paceStart.Add(time.Duration(m.T * float64(time.Second)))
			if d := time.Until(due); d > 0 {
				t := time.NewTimer(d)
				select {
				case <-ctx.Done():
					t.Stop()
					return Meta{}, ctx.Err()
				case <-t.C:
				}
			}
			m.Wall = time.Now()
		}
	}
	c.seq++
	return m, nil
}
