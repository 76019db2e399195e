// Package clips is cueref's instant replay. A Recorder keeps the last seconds
// of the camera in memory — each frame downscaled and JPEG-encoded, with its
// source time — and, for every foul and every shot the tracker flagged for
// review, writes a short clip of the shot (from a second before the stroke to a
// second after every ball stopped, as an MJPG AVI) and a still PNG of the
// deciding moment with the deciding events drawn on it. Old clips are pruned to
// a disk budget, oldest first.
//
// The frames come from the pipeline's detect stage through Tap, which never
// waits: it resizes the frame into a preallocated Mat and hands it to the
// recorder's own goroutine, or drops it (counted) when that goroutine is behind.
// The shots and rulings come from the referee: a Recorder is a referee.Output.
package clips

import (
	"context"
	"errors"
	"fmt"
	"image"
	"log/slog"
	"math"
	"os"
	"sync"
	"sync/atomic"
	"time"

	"gocv.io/x/gocv"

	"github.com/cueref/cueref/calibration"
	"github.com/cueref/cueref/shot"
)

// Defaults of Config.
const (
	DefaultSeconds = 20.0
	DefaultWidth   = 640
	DefaultDiskMB  = 500
	DefaultQuality = 80
	DefaultMargin  = 1.0
)

// Config sets up a Recorder.
type Config struct {
	// Dir is where clips and stills are written (created if missing).
	Dir string
	// Seconds of frames kept in memory (default 20). A shot longer than this,
	// less the margins, is cut at its start.
	Seconds float64
	// Width of the kept frames in pixels (default 640); narrower sources are
	// kept at their own size.
	Width int
	// DiskBytes is the budget of Dir's clips and stills (default 500 MiB).
	DiskBytes int64
	// Quality is the JPEG quality of the kept frames, 1–100 (default 80).
	Quality int
	// Margin is the time kept before the stroke and after the stop (default 1 s).
	Margin float64
	// FPS is the clip's frame rate; 0 measures it from the kept frames.
	FPS float64
	// Queue is how many frames may wait for the encoder (default 4); when they
	// all wait, Tap drops.
	Queue int
	// Calibration maps the table frame to the source's pixels, for the
	// still's drawing; it may also be set later with SetCalibration.
	Calibration *calibration.Calibration
	// Publish is called for each file written (the scoreboard's AddClip); nil: none.
	Publish func(name, path string, seq int) error
	Log     *slog.Logger
}

// Stats are running counts.
type Stats struct {
	Tapped  uint64 // frames offered to Tap
	Dropped uint64 // frames Tap dropped because the encoder was behind
	Encoded uint64 // frames encoded into the ring
	Kept    int    // frames in the ring now
	Clips   uint64 // clips written (each with its still)
	Skipped uint64 // clip requests not written (no frames, no start time, queue full, error)
	Pruned  uint64 // files removed to keep to the disk budget
}

// slot is one preallocated frame travelling from Tap to the encoder.
type slot struct {
	mat  gocv.Mat
	t    float64
	srcW int // the source frame's width, for scaling the calibration
}

// Recorder is the replay recorder. Create it with New, feed it with Tap, run
// it with Run, and Close it once Run has returned and Tap is no longer called.
type Recorder struct {
	cfg  Config
	log  *slog.Logger
	cal  atomic.Pointer[calibration.Calibration]
	ring ring

	slots []*slot
	free  chan *slot // slots Tap may fill
	queue chan *slot // filled slots waiting for the encoder
	jobs  chan job

	// pending is the last shot record the referee judged (referee goroutine only).
	pending *shot.Shot

	tapped, dropped, encoded, clips, skipped, pruned atomic.Uint64

	closeOnce sync.Once
	// beforeEncode, when set (tests), runs before each frame is encoded.
	beforeEncode func()
}

// New checks cfg and allocates the frame slots.
func New(cfg Config) (*Recorder, error) {
	if cfg.Dir == "" {
		return nil, errors.New("clips: Dir is required")
	}
	if cfg.Seconds == 0 {
		cfg.Seconds = DefaultSeconds
	}
	if cfg.Width == 0 {
		cfg.Width = DefaultWidth
	}
	if cfg.DiskBytes == 0 {
		cfg.DiskBytes = DefaultDiskMB << 20
	}
	if cfg.Quality == 0 {
		cfg.Quality = DefaultQuality
	}
	if cfg.Margin == 0 {
		cfg.Margin = DefaultMargin
	}
	if cfg.Queue <= 0 {
		cfg.Queue = 4
	}
	switch {
	case cfg.Seconds < 1 || math.IsNaN(cfg.Seconds) || cfg.Seconds > 600:
		return nil, fmt.Errorf("clips: Seconds %v is outside 1–600", cfg.Seconds)
	case cfg.Width < 64 || cfg.Width > 4096:
		return nil, fmt.Errorf("clips: Width %d is outside 64–4096", cfg.Width)
	case cfg.DiskBytes < 0:
		return nil, fmt.Errorf("clips: DiskBytes %d is negative", cfg.DiskBytes)
	case cfg.Quality < 1 || cfg.Quality > 100:
		return nil, fmt.Errorf("clips: Quality %d is outside 1–100", cfg.Quality)
	case cfg.Margin < 0 || cfg.Margin > 10:
		return nil, fmt.Errorf("clips: Margin %v is outside 0–10 s", cfg.Margin)
	case cfg.FPS < 0 || cfg.FPS > 240:
		return nil, fmt.Errorf("clips: FPS %v is outside 0–240", cfg.FPS)
	}
	if cfg.Log == nil {
		cfg.Log = slog.Default()
	}
	r := &Recorder{
		cfg:   cfg,
		log:   cfg.Log,
		ring:  ring{seconds: cfg.Seconds},
		free:  make(chan *slot, cfg.Queue),
		queue: make(chan *slot, cfg.Queue),
		jobs:  make(chan job, 8),
	}
	r.cal.Store(cfg.Calibration)
	for i := 0; i < cfg.Queue; i++ {
		s := &slot{mat: gocv.NewMat()}
		r.slots = append(r.slots, s)
		r.free <- s
	}
	return r, nil
}

// SetCalibration sets the calibration the stills are drawn with (the source's
// pixels; the recorder scales it to its frames).
func (r *Recorder) SetCalibration(c *calibration.Calibration) { r.cal.Store(c) }

// Stats returns the running counts.
func (r *Recorder) Stats() Stats {
	return Stats{Tapped: r.tapped.Load(), Dropped: r.dropped.Load(), Encoded: r.encoded.Load(),
		Kept: r.ring.len(), Clips: r.clips.Load(), Skipped: r.skipped.Load(), Pruned: r.pruned.Load()}
}

// Tap offers one frame, seen at source time t. It copies the frame, downscaled,
// into a free preallocated Mat and queues it for the encoder; when no Mat is
// free (the encoder is behind, or not running) it drops the frame and counts
// it. It never waits. It implements pipeline.FrameTap.
func (r *Recorder) Tap(t float64, frame gocv.Mat) {
	r.tapped.Add(1)
	if frame.Empty() || math.IsNaN(t) {
		r.dropped.Add(1)
		return
	}
	var s *slot
	select {
	case s = <-r.free:
	default:
		r.dropped.Add(1)
		return
	}
	w, h := frame.Cols(), frame.Rows()
	if w > r.cfg.Width {
		// Linear: at the usual 2:1 (1280 → 640) it is a 2×2 box filter, as
		// good as InterpolationArea and about twice as fast (BenchmarkTap1280x720).
		nh := int(math.Round(float64(h) * float64(r.cfg.Width) / float64(w)))
		gocv.Resize(frame, &s.mat, image.Pt(r.cfg.Width, max(nh, 1)), 0, 0, gocv.InterpolationLinear)
	} else {
		frame.CopyTo(&s.mat)
	}
	s.t, s.srcW = t, w
	r.queue <- s // never blocks: the queue holds every slot
}

// Run encodes the tapped frames into the ring and writes the clips the
// referee's rulings ask for, until ctx ends (it returns ctx's error). It first
// prunes Dir to the budget.
func (r *Recorder) Run(ctx context.Context) error {
	if err := os.MkdirAll(r.cfg.Dir, 0o750); err != nil {
		return fmt.Errorf("clips: %w", err)
	}
	if err := r.prune(); err != nil {
		r.log.Warn("clips: prune", "err", err)
	}
	var wg sync.WaitGroup
	wg.Add(1)
	go func() { // encoder
		defer wg.Done()
		for {
			select {
			case <-ctx.Done():
				return
			case s := <-r.queue:
				r.encode(s)
				r.free <- s
			}
		}
	}()
	defer wg.Wait()
	for {
		select {
		case <-ctx.Done():
			return ctx.Err()
		case j := <-r.jobs:
			if err := r.handle(ctx, j); err != nil {
				r.skipped.Add(1)
				if ctx.Err() == nil {
					r.log.Warn("clips: replay not written", "seq", j.seq, "err", err)
				}
			}
		}
	}
}

func (r *Recorder) encode(s *slot) {
	if r.beforeEncode != nil {
		r.beforeEncode()
	}
	buf, err := gocv.IMEncodeWithParams(gocv.JPEGFileExt, s.mat, []int{gocv.IMWriteJpegQuality, r.cfg.Quality})
	if err != nil {
		r.log.Warn("clips: encode", "err", err)
		return
	}
	data := append([]byte(nil), buf.GetBytes()...) // GetBytes aliases C memory
	buf.Close()
	r.ring.push(frame{t: s.t, jpg: data, w: s.mat.Cols(), h: s.mat.Rows(), srcW: s.srcW})
	r.encoded.Add(1)
}

// Close releases the frame Mats. Call it once Run has returned and Tap is no
// longer called; Tap calls after Close drop their frame.
func (r *Recorder) Close() error {
	r.closeOnce.Do(func() {
		// Collect every slot (from free or still queued): then none is in use,
		// and free stays empty so a late Tap drops.
		for n := 0; n < len(r.slots); n++ {
			select {
			case <-r.free:
			case <-r.queue:
			}
		}
		for _, s := range r.slots {
			s.mat.Close()
		}
	})
	return nil
}

// Shot implements referee.Output: it keeps the judged shot for its ruling.
func (r *Recorder) Shot(s *shot.Shot) { r.pending = s }

// Ruling implements referee.Output: a shot ruling with a foul or a review, or a
// foul entered by the referee for the shot just played, asks for a replay. The
// request is queued (dropped and counted when the queue is full).
func (r *Recorder) Ruling(ru shot.Ruling) {
	if ru.Kind == "undo" || ru.Kind == "game" {
		r.pending = nil // the shot taken back, or a new match: nothing to replay
	}
	if ru.Seq <= 0 || r.pending == nil {
		return
	}
	s := r.pending
	switch ru.Kind {
	case "shot":
		if len(ru.Fouls) == 0 && ru.Review == nil && s.Review == nil {
			return
		}
	case "foul":
		if len(ru.Fouls) == 0 {
			return
		}
	default:
		return
	}
	j := job{seq: ru.Seq, fouls: append([]shot.FoulCall(nil), ru.Fouls...), shot: s, queued: time.Now()}
	if ru.Review != nil {
		j.review = ru.Review.Reason
	} else if s.Review != nil {
		j.review = s.Review.Reason
	}
	select {
	case r.jobs <- j:
	default:
		r.skipped.Add(1)
		r.log.Warn("clips: replay queue full; clip not written", "seq", ru.Seq)
	}
}

// Event implements referee.Output; live events are not needed.
func (r *Recorder) Event(shot.Event) {}

// Result implements referee.Output; command results are not needed.
func (r *Recorder) Result(string, int, error) {}
