package source

import (
	"context"
	"errors"
	"image"
	"image/color"
	"io"
	"log/slog"
	"os"
	"path/filepath"
	"sync"
	"testing"
	"time"

	"gocv.io/x/gocv"

	"github.com/cueref/cueref/internal/matleak"
)

// writeVideo writes n frames of an MJPG AVI whose frame i has a bright square at
// x = 10·i, so a reader can tell the frames apart.
func writeVideo(t *testing.T, path string, n int, fps float64) {
	t.Helper()
	w, err := gocv.VideoWriterFile(path, "MJPG", fps, 160, 120, true)
	if err != nil {
		t.Fatalf("VideoWriterFile: %v", err)
	}
	img := gocv.NewMatWithSize(120, 160, gocv.MatTypeCV8UC3)
	defer img.Close()
	for i := 0; i < n; i++ {
		img.SetTo(gocv.NewScalar(40, 90, 30, 0))
		gocv.Rectangle(&img, image.Rect(10*i, 50, 10*i+10, 60), color.RGBA{255, 255, 255, 0}, -1)
		if err := w.Write(img); err != nil {
			t.Fatal(err)
		}
	}
	w.Close()
}

// square returns the x of the bright square in a frame.
func square(m gocv.Mat) int {
	for x := 0; x < m.Cols(); x++ {
		if m.GetVecbAt(55, x)[0] > 200 {
			return x
		}
	}
	return -1
}

func TestKind(t *testing.T) {
	tests := map[string]string{
		"/dev/video0": "device", "0": "device", "rtsp://cam/1": "url", "http://x/y.mjpg": "url",
		"gst:libcamerasrc ! videoconvert ! appsink": "gstreamer", "libcamerasrc ! appsink": "gstreamer",
		"sim:9ball": "sim", "match.mp4": "file", "99": "file",
	}
	for spec, want := range tests {
		if got := Kind(spec); got != want {
			t.Errorf("Kind(%q) = %q, want %q", spec, got, want)
		}
	}
}

func TestFileLoopAndTime(t *testing.T) {
	base := matleak.Count()
	path := filepath.Join(t.TempDir(), "v.avi")
	writeVideo(t, path, 5, 50)
	src, err := Open(path, Options{Loop: true})
	if err != nil {
		t.Fatal(err)
	}
	defer src.Close()
	if info := src.Info(); info.Width != 160 || info.Height != 120 || info.FPS != 50 || info.Live {
		t.Errorf("Info() = %+v, want 160x120 at 50 fps, not live", info)
	}
	m := gocv.NewMat()
	defer m.Close()
	for i := 0; i < 12; i++ {
		meta, err := src.Read(context.Background(), &m)
		if err != nil {
			t.Fatalf("frame %d: %v", i, err)
		}
		if want := float64(i) / 50; meta.Seq != uint64(i) || meta.T != want {
			t.Errorf("frame %d: seq %d t %v, want t %v", i, meta.Seq, meta.T, want)
		}
		if got, want := square(m), 10*(i%5); got != want {
			t.Errorf("frame %d: square at x=%d, want %d (looping)", i, got, want)
		}
	}
	m.Close()
	src.Close()
	if n := matleak.Count(); n != base {
		t.Errorf("Mat leak: %d Mats open, want %d", n, base)
	}
}

func TestFileEOFAndPace(t *testing.T) {
	path := filepath.Join(t.TempDir(), "v.avi")
	writeVideo(t, path, 6, 30)
	src, err := Open(path, Options{Pace: true})
	if err != nil {
		t.Fatal(err)
	}
	defer src.Close()
	m := gocv.NewMat()
	defer m.Close()
	start := time.Now()
	n := 0
	for {
		_, err := src.Read(context.Background(), &m)
		if err == io.EOF {
			break
		}
		if err != nil {
			t.Fatal(err)
		}
		n++
	}
	if n != 6 {
		t.Errorf("read %d frames, want 6", n)
	}
	// Paced: frame 5 is due at 5/30 s after frame 0.
	if el := time.Since(start); el < 160*time.Millisecond {
		t.Errorf("6 paced frames at 30 fps took %v, want ≥ 166 ms", el)
	}
}

func TestOpenErrors(t *testing.T) {
	for _, spec := range []string{"/no/such/file.avi", "/dev/video63", "sim:9ball"} {
		if src, err := Open(spec, Options{}); err == nil {
			src.Close()
			t.Errorf("Open(%q): no error", spec)
		}
	}
}

// A camera that is missing at start, then appears, then vanishes mid-stream and
// comes back: the supervisor reports lost/ok and recovers each time.
func TestSupervisorRecovers(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "cam.avi")
	var mu sync.Mutex
	var statuses []Status
	s := &Supervisor{
		Open:       func() (Source, error) { return Open(path, Options{}) },
		MinBackoff: 5 * time.Millisecond, MaxBackoff: 20 * time.Millisecond,
		OnStatus: func(st Status) { mu.Lock(); statuses = append(statuses, st); mu.Unlock() },
		Log:      slog.New(slog.NewTextHandler(io.Discard, nil)),
	}
	defer s.Close()
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	// The file appears after a while.
	go func() {
		time.Sleep(60 * time.Millisecond)
		tmp := filepath.Join(dir, "tmp.avi")
		writeVideo(t, tmp, 3, 30)
		os.Rename(tmp, path)
	}()
	m := gocv.NewMat()
	defer m.Close()
	if _, err := s.Read(ctx, &m); err != nil {
		t.Fatalf("first read: %v", err)
	}
	st := s.Status()
	if !st.OK {
		t.Errorf("after recovery: status %+v, want OK", st)
	}
	mu.Lock()
	if len(statuses) < 2 || statuses[0].OK || !statuses[len(statuses)-1].OK {
		t.Errorf("status changes %+v, want lost then ok", statuses)
	}
	mu.Unlock()
	// A read error mid-stream (a failing source) makes it reopen.
	failing := &flaky{fail: 2}
	s2 := &Supervisor{Open: func() (Source, error) { failing.opens++; return failing, nil }, MinBackoff: time.Millisecond, Log: s.Log}
	if _, err := s2.Read(ctx, &m); err != nil {
		t.Fatalf("flaky read: %v", err)
	}
	if failing.opens != 3 || s2.Status().Restarts != 2 || !s2.Status().OK {
		t.Errorf("flaky source: %d opens, status %+v; want 3 opens, 2 restarts, ok", failing.opens, s2.Status())
	}
	// Context cancellation ends a supervisor that cannot open.
	s3 := &Supervisor{Open: func() (Source, error) { return nil, errors.New("gone") }, MinBackoff: time.Millisecond, Log: s.Log}
	c3, cancel3 := context.WithTimeout(context.Background(), 30*time.Millisecond)
	defer cancel3()
	if _, err := s3.Read(c3, &m); !errors.Is(err, context.DeadlineExceeded) {
		t.Errorf("read with no camera: got %v, want the context's error", err)
	}
	if st := s3.Status(); st.OK || st.Err != "gone" || st.Retries < 2 {
		t.Errorf("status with no camera: %+v", st)
	}
}

// flaky fails its first reads, counting how often it was (re)opened.
type flaky struct{ fail, opens, reads int }

func (f *flaky) Read(ctx context.Context, dst *gocv.Mat) (Meta, error) {
	f.reads++
	if f.reads <= f.fail {
		return Meta{}, ErrNoFrame
	}
	return Meta{Seq: 0}, nil
}
func (f *flaky) Info() Info   { return Info{Name: "flaky", Live: true} }
func (f *flaky) Close() error { return nil }
