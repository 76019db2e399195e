// Package pipeline runs the referee's eye in real time: frames from a source go
// through the ball detector (vision) and the tracker (tracking) and come out as
// live events, ball positions and finished shot records for the rules.
//
// Each stage is one goroutine joined to the next by a bounded queue:
//
//	capture ──(Queue frames)──▶ detect ──(Queue frames)──▶ track ──▶ Sink
//
// The camera is never blocked: capture reads into a small pool of preallocated
// Mats and, when detection is behind and no Mat is free, reads the frame into a
// scratch Mat and drops it (counted in Stats.Dropped and the metrics).
package pipeline

import (
	"context"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"sync"
	"sync/atomic"
	"time"

	"gocv.io/x/gocv"

	"github.com/cueref/cueref/calibration"
	"github.com/cueref/cueref/shot"
	"github.com/cueref/cueref/source"
	"github.com/cueref/cueref/table"
	"github.com/cueref/cueref/tracking"
	"github.com/cueref/cueref/vision"
)

// Frames is what the pipeline reads: a source.Source or source.Supervisor, or the
// simulator's source.
type Frames interface {
	Read(ctx context.Context, dst *gocv.Mat) (source.Meta, error)
}

// Sink receives what the pipeline sees. Its methods are called from the track
// stage's goroutine, in order; they should not block for long.
type Sink interface {
	// Shot is a finished shot, ready for the rules.
	Shot(s *shot.Shot)
	// Lag is a finished lag (rule 1.5).
	Lag(l *shot.Lag)
	// Event is a live event, as soon as the tracker knows it.
	Event(e shot.Event)
	// Frame is called once per tracked frame with the source time, the balls
	// the tracker holds, and the frame's capture time (for latency and the
	// watchdog).
	Frame(t float64, balls []tracking.Ball, captured time.Time)
}

// Config sets up a pipeline.
type Config struct {
	Frames      Frames
	Calibration *calibration.Calibration
	FPS         float64 // nominal frame rate, for the tracker (default 60)
	// Balls are the balls of the game being played (nil: 0–15). A number the
	// detector reads outside them is a misreading, not a ball: the tracker
	// ignores it rather than put it in a shot record the rules would refuse.
	Balls []int
	Queue int // frames queued between stages (default 2)
	// Lossless makes capture wait for detection instead of dropping frames:
	// for files and simulations analysed offline, never for a live camera.
	Lossless bool
	Vision   vision.Options
	Sink     Sink
	// Tap, when set, sees every frame the detector saw (the replay recorder).
	Tap     FrameTap
	Log     *slog.Logger
	Metrics *Metrics // nil: NewMetrics(nil)

	// Judge, when set, tells the tracker which doubts cannot change a shot's
	// ruling, so that only those that can are flagged for review (the
	// referee's Judge; see tracking.Judge). It is called on the track stage's
	// goroutine.
	Judge tracking.Judge
}

// FrameTap sees the frames of the detect stage. Tap is called on the detect
// goroutine, after detection, with a frame it must not keep: it copies what it
// needs and returns at once (when behind it drops the frame, it never waits).
// t is the frame's source time, the time base of the tracker's shot.Start.
type FrameTap interface {
	Tap(t float64, frame gocv.Mat)
}

// Stats are running counts.
type Stats struct {
	Frames   uint64 // read from the source
	Dropped  uint64 // read but not processed (detection behind)
	Tracked  uint64 // through the whole pipeline
	Detected uint64 // ball detections
}

// Pipeline is a running eye.
type Pipeline struct {
	cfg   Config
	log   *slog.Logger
	m     *Metrics
	track *tracking.Tracker

	frames, dropped, tracked, detected atomic.Uint64
}

// New checks cfg and prepares the stages.
func New(cfg Config) (*Pipeline, error) {
	if cfg.Frames == nil || cfg.Calibration == nil || cfg.Sink == nil {
		return nil, errors.New("pipeline: Frames, Calibration and Sink are required")
	}
	if cfg.FPS == 0 {
		cfg.FPS = 60
	}
	if cfg.Queue <= 0 {
		cfg.Queue = 2
	}
	if cfg.Log == nil {
		cfg.Log = slog.Default()
	}
	if cfg.Metrics == nil {
		cfg.Metrics = NewMetrics(nil)
	}
	tr, err := tracking.New(trackerConfig(cfg))
	if err != nil {
		return nil, fmt.Errorf("pipeline: %w", err)
	}
	return &Pipeline{cfg: cfg, log: cfg.Log, m: cfg.Metrics, track: tr}, nil
}

// trackerConfig is the tracker's configuration for cfg.
func trackerConfig(cfg Config) tracking.Config {
	return tracking.Config{Table: cfg.Calibration.Table, FPS: cfg.FPS, Balls: cfg.Balls, Judge: cfg.Judge}
}

// Stats returns the running counts.
func (p *Pipeline) Stats() Stats {
	return Stats{Frames: p.frames.Load(), Dropped: p.dropped.Load(), Tracked: p.tracked.Load(), Detected: p.detected.Load()}
}

// ExpectLag tells the tracker that the next strokes are a lag between the two
// players (left: the player whose ball starts in the y < W/2 half).
func (p *Pipeline) ExpectLag(left, right string) { p.track.ExpectLag(left, right) }

// slot is one preallocated frame travelling from capture to detect.
type slot struct {
	mat  gocv.Mat
	meta source.Meta
}

// detected is one frame's detections travelling from detect to track.
type frameObs struct {
	t        float64
	captured time.Time
	obs      []tracking.Obs
}

// Run runs the stages until the source ends (nil), ctx ends (ctx's error) or a
// stage fails.
func (p *Pipeline) Run(ctx context.Context) error {
	ctx, cancel := context.WithCancel(ctx)
	defer cancel()
	n := p.cfg.Queue + 1
	slots := make([]*slot, n)
	free := make(chan *slot, n)
	for i := range slots {
		slots[i] = &slot{mat: gocv.NewMat()}
		free <- slots[i]
	}
	defer func() {
		for _, s := range slots {
			s.mat.Close()
		}
	}()
	toDetect := make(chan *slot, p.cfg.Queue)
	toTrack := make(chan frameObs, p.cfg.Queue)
	// Buffers of observations cycle between detect and track.
	obsFree := make(chan []tracking.Obs, p.cfg.Queue+2)
	for i := 0; i < p.cfg.Queue+2; i++ {
		obsFree <- make([]tracking.Obs, 0, 32)
	}

	// OpenCV runs on the detect goroutine's thread alone, as in the bench
	// whose per-core figures we promise: its own thread pool would only
	// compete with capture and tracking for the Pi's cores and add CPU time.
	vision.SetNumThreads(1)
	det, err := vision.NewDetector(p.cfg.Calibration, p.cfg.Vision)
	if err != nil {
		return fmt.Errorf("pipeline: %w", err)
	}
	defer det.Close()

	var (
		wg       sync.WaitGroup
		errOnce  sync.Once
		firstErr error
	)
	fail := func(err error) {
		errOnce.Do(func() { firstErr = err })
		cancel()
	}
	wg.Add(3)
	go func() { // capture
		defer wg.Done()
		defer close(toDetect)
		scratch := gocv.NewMat()
		defer scratch.Close()
		for {
			var s *slot
			if p.cfg.Lossless {
				select {
				case s = <-free:
				case <-ctx.Done():
					return
				}
			} else {
				select {
				case s = <-free:
				default:
				}
			}
			if s == nil {
				// Detection is behind: keep the camera flowing, drop this frame.
				if _, err := p.cfg.Frames.Read(ctx, &scratch); err != nil {
					p.endCapture(err, fail)
					return
				}
				p.frames.Add(1)
				p.dropped.Add(1)
				p.m.Frames.Inc()
				p.m.Dropped.Inc()
				continue
			}
			meta, err := p.cfg.Frames.Read(ctx, &s.mat)
			if err != nil {
				free <- s
				p.endCapture(err, fail)
				return
			}
			p.frames.Add(1)
			p.m.Frames.Inc()
			s.meta = meta
			select {
			case toDetect <- s:
			case <-ctx.Done():
				return
			}
		}
	}()
	go func() { // detect
		defer wg.Done()
		defer close(toTrack)
		var dets []vision.Detection
		for s := range toDetect {
			start := time.Now()
			var err error
			dets, err = det.Detect(s.mat, dets[:0])
			meta := s.meta
			if err == nil && p.cfg.Tap != nil {
				p.cfg.Tap.Tap(meta.T, s.mat)
			}
			free <- s
			if err != nil {
				fail(fmt.Errorf("pipeline: detect: %w", err))
				return
			}
			p.m.Detect.Observe(time.Since(start).Seconds())
			p.detected.Add(uint64(len(dets)))
			obs := <-obsFree
			obs = ToObs(dets, obs[:0])
			select {
			case toTrack <- frameObs{t: meta.T, captured: meta.Wall, obs: obs}:
			case <-ctx.Done():
				return
			}
		}
	}()
	go func() { // track
		defer wg.Done()
		var balls []tracking.Ball
		last := -1.0
		for f := range toTrack {
			if f.t <= last {
				// A looping or restarted source goes back in time: the tracker
				// starts over rather than reject every frame.
				p.log.Warn("pipeline: source time went back; tracker restarts", "t", f.t, "last", last)
				tr, err := tracking.New(trackerConfig(p.cfg))
				if err != nil {
					fail(err)
					return
				}
				p.track = tr
			}
			last = f.t
			start := time.Now()
			outs, err := p.track.Push(f.t, f.obs)
			obsFree <- f.obs
			if err != nil {
				fail(fmt.Errorf("pipeline: track: %w", err))
				return
			}
			for _, o := range outs {
				switch o.Kind {
				case tracking.OutEvent, tracking.OutProvisional:
					ev := o.Event
					ev.Captured = f.captured
					ev.Provisional = o.Kind == tracking.OutProvisional
					if !ev.Provisional {
						p.m.Events.WithLabelValues(o.Event.Kind).Inc()
					}
					p.cfg.Sink.Event(ev)
				case tracking.OutShot:
					if o.Shot.Wall == "" && !f.captured.IsZero() {
						// The stroke's wall-clock time, from this frame's capture time.
						stroke := f.captured.Add(-time.Duration((f.t - o.T) * float64(time.Second)))
						o.Shot.Wall = stroke.UTC().Format(time.RFC3339Nano)
					}
					p.cfg.Sink.Shot(o.Shot)
				case tracking.OutLag:
					p.cfg.Sink.Lag(o.Lag)
				}
			}
			balls = p.track.Balls(balls[:0])
			p.cfg.Sink.Frame(f.t, balls, f.captured)
			p.m.Track.Observe(time.Since(start).Seconds())
			if !f.captured.IsZero() {
				p.m.Latency.Observe(time.Since(f.captured).Seconds())
			}
			p.tracked.Add(1)
		}
	}()
	wg.Wait()
	if firstErr != nil {
		return firstErr
	}
	return ctx.Err()
}

func (p *Pipeline) endCapture(err error, fail func(error)) {
	switch {
	case errors.Is(err, io.EOF):
		// The source ended: the other stages drain and Run returns nil.
	case errors.Is(err, context.Canceled), errors.Is(err, context.DeadlineExceeded):
	default:
		fail(fmt.Errorf("pipeline: source: %w", err))
	}
}

// ToObs converts detections to tracker observations, appending to dst.
func ToObs(dets []vision.Detection, dst []tracking.Obs) []tracking.Obs {
	for _, d := range dets {
		dst = append(dst, tracking.Obs{
			Ball:       d.Ball,
			At:         d.At,
			Confidence: clamp01(d.Confidence),
			Class:      toClass(d.Class),
			Moving:     d.Moving,
		})
	}
	return dst
}

func clamp01(v float64) float64 {
	if v < 0 || v != v {
		return 0
	}
	if v > 1 {
		return 1
	}
	return v
}

func toClass(c vision.Class) tracking.Class {
	switch c {
	case vision.Cue:
		return tracking.ClassCue
	case vision.Eight:
		return tracking.ClassEight
	case vision.Solid:
		return tracking.ClassSolid
	case vision.Stripe:
		return tracking.ClassStripe
	}
	return tracking.ClassUnknown
}

// Positions converts the tracker's balls to a ball → position map (for the live top view).
func Positions(balls []tracking.Ball, dst map[int]table.Point) map[int]table.Point {
	if dst == nil {
		dst = make(map[int]table.Point, len(balls))
	}
	for k := range dst {
		delete(dst, k)
	}
	for _, b := range balls {
		if b.Ball >= 0 && !b.Gone {
			dst[b.Ball] = b.At
		}
	}
	return dst
}
