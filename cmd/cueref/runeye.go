package main

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"sync/atomic"
	"time"

	"github.com/prometheus/client_golang/prometheus"

	"github.com/cueref/cueref/calibration"
	"github.com/cueref/cueref/clips"
	"github.com/cueref/cueref/config"
	"github.com/cueref/cueref/feed"
	"github.com/cueref/cueref/pipeline"
	"github.com/cueref/cueref/referee"
	"github.com/cueref/cueref/rules"
	"github.com/cueref/cueref/shot"
	"github.com/cueref/cueref/sim/render"
	"github.com/cueref/cueref/source"
	"github.com/cueref/cueref/table"
	"github.com/cueref/cueref/tracking"
	"github.com/cueref/cueref/web"
)

// runEye is the referee's eye: it opens the frame source (a camera, a file, a
// stream or the simulator), runs source → vision → tracking, and hands shots,
// lags and live events to the referee and ball positions to the scoreboard. It
// returns when ctx ends, or with an error the daemon cannot go on after.
type runEye struct {
	cfg    *config.Config
	ref    *referee.Referee
	ws     *web.Server
	fd     *feed.Feed
	camera *runCamera
	replay *clips.Recorder // nil: no instant replay
	reg    prometheus.Registerer
	log    *slog.Logger

	ctx       context.Context // run's, for the sink's sends
	frames    atomic.Uint64
	lastFrame atomic.Int64 // unix nanoseconds of the last tracked frame
}

// fresh reports whether a frame went through the pipeline within d, or the
// camera is known to be lost (the supervisor is retrying: alive, not stuck).
func (e *runEye) fresh(d time.Duration) bool {
	if !e.camera.ok() {
		return true
	}
	return time.Since(time.Unix(0, e.lastFrame.Load())) < d
}

func (e *runEye) run(ctx context.Context) error {
	e.ctx = ctx
	var (
		frames pipeline.Frames
		cal    *calibration.Calibration
		fps    = e.cfg.Source.FPS
		live   = true
	)
	input := e.cfg.Source.Input
	balls := rules.Balls(e.cfg.Game.Game)
	if source.Kind(input) == "sim" {
		game, err := pipeline.ParseSimSpec(input)
		if err != nil {
			return err
		}
		balls = rules.Balls(game)
		tb, err := table.New(e.cfg.Table.Size)
		if err != nil {
			return err
		}
		rc := render.DefaultConfig()
		// 1280×720 on blue cloth: the detector's best case, and what club
		// broadcast tables look like; light enough to render and referee in
		// real time at 30 fps on two cores.
		rc.Size = [2]int{1280, 720}
		rc.Cloth = "blue"
		if fps > 0 {
			rc.FPS = fps
		}
		rc.Seed = 1
		racks := 3
		if r := e.cfg.Game.Race; r > 0 {
			racks = 2*r - 1
		}
		players := [2]string{"Anna", "Boris"}
		if p := e.cfg.Game.Players; len(p) == 2 {
			players = [2]string{p[0], p[1]}
		}
		s, err := pipeline.NewSim(pipeline.SimConfig{
			Game: game, Players: players, Race: e.cfg.Game.Race, Racks: racks,
			Seed: time.Now().UnixNano(), Table: tb, Render: rc, Pace: true, Loop: e.cfg.Source.Loop,
			Records: func(recs []shot.Record) { e.enter(ctx, recs) },
		})
		if err != nil {
			return err
		}
		defer s.Close()
		frames, cal, fps = s, s.Calibration(), s.FPS()
		e.camera.set("sim")
		e.log.Info("source: simulated match, rendered and refereed through the whole pipeline",
			runKeySource, input, "fps", fps)
	} else {
		if e.cfg.Calibration == "" {
			return errors.New("calibration: a camera source needs a calibration file (make one with cueref calibrate)")
		}
		var err error
		if cal, err = calibration.Load(e.cfg.Calibration); err != nil {
			return err
		}
		kind := source.Kind(input)
		live = kind != "file"
		sup := &source.Supervisor{
			Open: func() (source.Source, error) {
				return source.Open(input, source.Options{Loop: e.cfg.Source.Loop, Pace: kind == "file", FPS: fps,
					Width: cal.File.ImageSize[0], Height: cal.File.ImageSize[1]})
			},
			OnStatus: func(st source.Status) {
				if st.OK {
					e.camera.set("ok")
				} else {
					e.camera.set("lost")
				}
				e.publishStatus(0)
			},
			Log: e.log,
		}
		defer sup.Close()
		frames = sup
		if fps == 0 {
			fps = 30
		}
	}
	var tap pipeline.FrameTap
	if e.replay != nil {
		e.replay.SetCalibration(cal)
		tap = e.replay
	}
	p, err := pipeline.New(pipeline.Config{
		Frames: frames, Calibration: cal, FPS: fps, Sink: e, Tap: tap, Log: e.log,
		Metrics: pipeline.NewMetrics(e.reg), Lossless: !live, Balls: balls, Judge: e.ref.Judge(),
	})
	if err != nil {
		return err
	}
	go e.statusLoop(ctx)
	err = p.Run(ctx)
	if ctx.Err() != nil {
		return ctx.Err()
	}
	if err != nil {
		return fmt.Errorf("frame pipeline: %w", err)
	}
	// A file without loop ended: keep refereeing commands until stopped.
	e.camera.set("ended")
	e.log.Info("source ended; commands still work", runKeySource, input)
	<-ctx.Done()
	return ctx.Err()
}

// enter gives the referee what a person would enter before a simulated shot:
// the game record, decisions and the call.
func (e *runEye) enter(ctx context.Context, recs []shot.Record) {
	for _, r := range recs {
		data, err := shot.Encode(r)
		if err != nil {
			continue
		}
		if res := e.ref.Do(ctx, "sim", data); !res.OK && ctx.Err() == nil {
			e.log.Warn("sim: entry refused by the referee", "type", r.Type(), runKeyErr, res.Error)
		}
	}
}

// statusLoop publishes the camera state and frame rate every two seconds.
func (e *runEye) statusLoop(ctx context.Context) {
	t := time.NewTicker(2 * time.Second)
	defer t.Stop()
	last, lastT := e.frames.Load(), time.Now()
	for {
		select {
		case <-ctx.Done():
			return
		case now := <-t.C:
			n := e.frames.Load()
			fps := float64(n-last) / now.Sub(lastT).Seconds()
			last, lastT = n, now
			e.publishStatus(fps)
		}
	}
}

func (e *runEye) publishStatus(fps float64) {
	e.fd.SetStatus(e.camera.get(), fps)
	if e.ws != nil {
		e.ws.Status(e.camera.ok(), fps)
	}
}

// Shot implements pipeline.Sink.
func (e *runEye) Shot(s *shot.Shot) {
	select {
	case e.ref.Shots() <- s:
	case <-e.ctx.Done():
	}
}

// Lag implements pipeline.Sink.
func (e *runEye) Lag(l *shot.Lag) {
	select {
	case e.ref.Lags() <- l:
	case <-e.ctx.Done():
	}
}

// Event implements pipeline.Sink.
func (e *runEye) Event(ev shot.Event) { e.ref.Event(ev) }

// Frame implements pipeline.Sink.
func (e *runEye) Frame(t float64, balls []tracking.Ball, captured time.Time) {
	e.frames.Add(1)
	e.lastFrame.Store(time.Now().UnixNano())
	if e.ws != nil {
		e.ws.Positions(t, pipeline.Positions(balls, nil))
	}
}
