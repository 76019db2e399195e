package main

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"net"
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"time"

	"github.com/prometheus/client_golang/prometheus"
	"github.com/prometheus/client_golang/prometheus/collectors"
	"github.com/prometheus/client_golang/prometheus/promhttp"

	"github.com/cueref/cueref/clips"
	"github.com/cueref/cueref/config"
	"github.com/cueref/cueref/feed"
	"github.com/cueref/cueref/hw"
	"github.com/cueref/cueref/journal"
	"github.com/cueref/cueref/referee"
	"github.com/cueref/cueref/shot"
	"github.com/cueref/cueref/systemd"
	"github.com/cueref/cueref/web"
)

func init() {
	register(command{
		name:    "run",
		summary: "referee a table: source → rules → MQTT, lamps, web (the default)",
		run:     runRun,
	})
}

// Constant slog attribute keys of this file.
const (
	runKeyErr    = "err"
	runKeyAddr   = "addr"
	runKeyFile   = "file"
	runKeyDir    = "dir"
	runKeySource = "source"
	runKeySeq    = "seq"
)

func runRun(ctx context.Context, args []string, stdin io.Reader, stdout, stderr io.Writer) error {
	fs := newFlagSet("run", stderr)
	cfgPath := fs.String("config", "", "configuration file (default: the built-in demo; see configs/cueref.yaml)")
	newMatch := fs.Bool("new-match", false, "start a fresh match journal (the old one is renamed, not deleted)")
	fs.Usage = func() {
		fmt.Fprintln(stderr, "usage: cueref run [--config FILE] [--new-match]")
		fs.PrintDefaults()
	}
	if err := parseFlags(fs, args); err != nil {
		return err
	}
	if fs.NArg() > 0 {
		return fmt.Errorf("%w: unexpected argument %q", errUsage, fs.Arg(0))
	}
	cfg, err := runLoadConfig(*cfgPath, os.Environ())
	if err != nil {
		return err
	}
	log := runLogger(cfg.Log, stderr)
	return run(ctx, cfg, *newMatch, log)
}

// runLoadConfig loads and validates; the error lists every problem.
func runLoadConfig(path string, environ []string) (*config.Config, error) {
	cfg, err := config.Load(path, environ)
	var all config.Errors
	if err != nil {
		var es config.Errors
		if !errors.As(err, &es) {
			return nil, err
		}
		all = append(all, es...)
	}
	if err := cfg.Validate(); err != nil {
		var es config.Errors
		if !errors.As(err, &es) {
			return nil, err
		}
		all = append(all, es...)
	}
	if len(all) > 0 {
		return nil, fmt.Errorf("%d configuration error(s):\n%w", len(all), all)
	}
	return cfg, nil
}

func runLogger(c config.Log, w io.Writer) *slog.Logger {
	var level slog.Level
	_ = level.UnmarshalText([]byte(c.Level))
	opts := &slog.HandlerOptions{Level: level}
	if c.Format == "json" {
		return slog.New(slog.NewJSONHandler(w, opts))
	}
	return slog.New(slog.NewTextHandler(w, opts))
}

// runFeedOutput is the MQTT feed as a referee output.
type runFeedOutput struct {
	f   *feed.Feed
	log *slog.Logger
}

func (o runFeedOutput) Ruling(r shot.Ruling) {
	if err := o.f.Ruling(&r); err != nil {
		o.log.Error("mqtt: ruling not queued", runKeySeq, r.Seq, runKeyErr, err)
	}
}
func (o runFeedOutput) Shot(s *shot.Shot) {
	if err := o.f.Shot(s); err != nil {
		o.log.Error("mqtt: shot not queued", runKeyErr, err)
	}
}
func (o runFeedOutput) Event(e shot.Event) { o.f.Event(e) }

// Result does nothing: the feed answers MQTT commands itself, from Do's result.
func (o runFeedOutput) Result(string, int, error) {}

// run is the daemon: it returns nil or context.Canceled on a clean stop.
func run(ctx context.Context, cfg *config.Config, newMatch bool, log *slog.Logger) error {
	parent := ctx
	ctx, cancel := context.WithCancelCause(ctx)
	defer cancel(nil)
	stateDir := cfg.StatePath()
	if err := os.MkdirAll(stateDir, 0o750); err != nil {
		return fmt.Errorf("state directory: %w", err)
	}
	log.Info("cueref starting", runKeyFile, cfg.File(), runKeyDir, stateDir, runKeySource, cfg.Source.Input,
		"hall", cfg.Hall, "table", cfg.Table.Name)
	if newMatch {
		old, err := journal.Rotate(stateDir, time.Now())
		if err != nil {
			return err
		}
		if old != "" {
			log.Info("new match: the old journal is kept", runKeyFile, old)
		}
	}

	reg := prometheus.NewRegistry()
	reg.MustRegister(collectors.NewGoCollector(), collectors.NewProcessCollector(collectors.ProcessCollectorOpts{}))
	metrics := referee.NewMetrics(reg)

	// The referee is created first (it replays the journal); outputs that need
	// it (commands) reach it through ref, set before anything runs.
	var ref *referee.Referee
	do := func(ctx context.Context, source string, data []byte) referee.Result {
		return ref.Do(ctx, source, data)
	}

	var outputs []referee.Output
	var closers []func()
	defer func() {
		for i := len(closers) - 1; i >= 0; i-- {
			closers[i]()
		}
	}()

	// Lamps, buzzer and buttons.
	newRack, _ := json.Marshal(map[string]any{"type": "game", "game": cfg.Game.Game, "players": cfg.Game.Players,
		"table": cfg.Table.Size, "race": cfg.Game.Race, "target": cfg.Game.Target, "rules": cfg.Game.Rules})
	b := cfg.GPIO.Buttons
	panel, buttons, err := hw.Open(hw.Setup{
		Backend:  cfg.GPIO.Backend,
		FoulLamp: cfg.GPIO.FoulLamp, ReadyLamp: cfg.GPIO.ReadyLamp, Buzzer: cfg.GPIO.Buzzer,
		Buttons: map[string]string{"safety": b.Safety, "push_out": b.PushOut, "accept": b.Accept,
			"pass": b.Pass, "undo": b.Undo, "new_rack": b.NewRack},
		Commands: map[string][]byte{"new_rack": newRack},
		Debounce: cfg.GPIO.Debounce,
		Send: func(name string, cmd []byte) {
			res := do(ctx, "button", cmd)
			if !res.OK {
				log.Warn("button command refused", "button", name, runKeyErr, res.Error)
			}
		},
		Log: log,
	})
	if err != nil {
		return err
	}
	closers = append(closers, func() {
		if err := panel.Halt(); err != nil {
			log.Warn("gpio halt", runKeyErr, err)
		}
	})
	outputs = append(outputs, panel)

	// MQTT.
	var fd *feed.Feed
	{
		queueDir := cfg.MQTT.QueueDir
		if queueDir == "" {
			queueDir = filepath.Join(stateDir, "mqtt-queue")
		}
		clientID := cfg.MQTT.ClientID
		if clientID == "" {
			clientID = "cueref-" + runClientID(cfg.Hall) + "-" + runClientID(cfg.Table.Name)
		}
		ws := cfg.MQTT.WSListen
		if ws == "" {
			ws = "-"
		}
		fd, err = feed.New(feed.Config{
			Broker: cfg.MQTT.Broker, Prefix: cfg.MQTT.Prefix + "/", ClientID: clientID,
			Username: cfg.MQTT.Username, Password: cfg.MQTT.Password,
			CAFile: cfg.MQTT.TLS.CA, CertFile: cfg.MQTT.TLS.Cert, KeyFile: cfg.MQTT.TLS.Key,
			QueueDir: queueDir, MaxCmdBytes: referee.MaxCommand,
			Embedded: feed.EmbeddedConfig{TCPAddr: cfg.MQTT.Listen, WSAddr: ws},
		}, log, func(ctx context.Context, payload []byte) (int, error) {
			res := do(ctx, "mqtt", payload)
			return res.Seq, res.Err()
		})
		if err != nil {
			return err
		}
		outputs = append(outputs, runFeedOutput{fd, log})
		reg.MustRegister(
			prometheus.NewGaugeFunc(prometheus.GaugeOpts{Name: "cueref_mqtt_queue_depth",
				Help: "Records waiting for the broker's acknowledgement."},
				func() float64 { return float64(fd.Stats().QueueDepth) }),
			prometheus.NewCounterFunc(prometheus.CounterOpts{Name: "cueref_mqtt_reconnects_total",
				Help: "Connections to the broker after a lost one."},
				func() float64 { return float64(fd.Stats().Reconnects) }),
			prometheus.NewGaugeFunc(prometheus.GaugeOpts{Name: "cueref_mqtt_connected",
				Help: "1 while connected to the broker."},
				func() float64 {
					if fd.Stats().Connected {
						return 1
					}
					return 0
				}),
			prometheus.NewCounterFunc(prometheus.CounterOpts{Name: "cueref_mqtt_queue_dropped_total",
				Help: "Records dropped because the outgoing queue was full."},
				func() float64 { return float64(fd.Stats().QueueDropped) }),
		)
	}

	// Web scoreboard and referee panel.
	var ws *web.Server
	if cfg.HTTP.Listen != "" {
		ws = web.NewServer(web.Config{Table: cfg.Table.Name, Hall: cfg.Hall, Token: cfg.HTTP.Token,
			Size: cfg.Table.Size, Logger: log})
		ws.SetCommandSink(func(ctx context.Context, raw []byte) (bool, int, error) {
			res := do(ctx, "web", raw)
			return res.OK, res.Seq, res.Err()
		})
		closers = append(closers, ws.Close)
		outputs = append(outputs, ws)
	}

	// Instant replay: a clip and a still of every foul and reviewed shot,
	// from the frames the eye taps, linked on the scoreboard.
	var replay *clips.Recorder
	if cfg.Replay.Enabled {
		rc := clips.Config{Dir: filepath.Join(stateDir, "clips"), Seconds: cfg.Replay.Seconds,
			Width: cfg.Replay.Width, DiskBytes: int64(cfg.Replay.DiskMB) << 20, Log: log}
		if ws != nil {
			rc.Publish = ws.AddClip
		}
		if replay, err = clips.New(rc); err != nil {
			return err
		}
		closers = append(closers, func() { replay.Close() }) // after the eye and Run have stopped
		outputs = append(outputs, replay)
		reg.MustRegister(
			prometheus.NewCounterFunc(prometheus.CounterOpts{Name: "cueref_replay_frames_dropped_total",
				Help: "Frames the replay recorder dropped because its encoder was behind."},
				func() float64 { return float64(replay.Stats().Dropped) }),
			prometheus.NewCounterFunc(prometheus.CounterOpts{Name: "cueref_replay_clips_total",
				Help: "Replay clips written."},
				func() float64 { return float64(replay.Stats().Clips) }),
			prometheus.NewCounterFunc(prometheus.CounterOpts{Name: "cueref_replay_skipped_total",
				Help: "Replay clips asked for but not written."},
				func() float64 { return float64(replay.Stats().Skipped) }),
		)
	}

	ref, err = referee.New(referee.Config{StateDir: stateDir, Outputs: outputs, Log: log, Metrics: metrics})
	if err != nil {
		return err
	}
	reg.MustRegister(prometheus.NewGaugeFunc(prometheus.GaugeOpts{Name: "cueref_referee_heartbeat_seconds",
		Help: "Unix time of the referee loop's last heartbeat (the systemd watchdog follows it)."},
		func() float64 { return float64(ref.LastBeat().UnixNano()) / 1e9 }))
	// The lamps show the restored match at once.
	if st, _ := ref.Status(ctx); st.Seq > 0 {
		panel.Ruling(st.Last)
		if ws != nil {
			ws.Ruling(st.Last) // the scoreboard shows the restored match at once
		}
	}

	var wg sync.WaitGroup
	defer func() {
		cancel(nil) // an early error return stops what already runs
		wg.Wait()
	}()
	refDone := make(chan error, 1)
	wg.Add(1)
	go func() {
		defer wg.Done()
		refDone <- ref.Run(ctx)
	}()

	if err := fd.Start(ctx); err != nil {
		return err
	}
	closers = append(closers, func() {
		if err := fd.Close(); err != nil {
			log.Warn("mqtt close", runKeyErr, err)
		}
	})

	if buttons != nil {
		wg.Add(1)
		go func() {
			defer wg.Done()
			_ = buttons.Run(ctx)
		}()
	}

	if replay != nil {
		wg.Add(1)
		go func() {
			defer wg.Done()
			if err := replay.Run(ctx); err != nil && ctx.Err() == nil {
				log.Error("replay recorder stopped; no more clips", runKeyErr, err)
			}
		}()
	}

	// The HTTP port is taken before the eye starts: a port in use is a
	// configuration error to report at once, not after the source (a
	// simulated match is played and laid out first) has started.
	var httpLn net.Listener
	if cfg.HTTP.Listen != "" {
		httpLn, err = net.Listen("tcp", cfg.HTTP.Listen)
		if err != nil {
			return fmt.Errorf("http: %w", err)
		}
		closers = append(closers, func() { httpLn.Close() })
	}

	// The eye: source → vision → tracking → the referee.
	camera := &runCamera{state: "none"}
	eye := &runEye{cfg: cfg, ref: ref, ws: ws, fd: fd, camera: camera, replay: replay, reg: reg, log: log}
	wg.Add(1)
	go func() {
		defer wg.Done()
		if err := eye.run(ctx); err != nil && ctx.Err() == nil {
			cancel(err)
		}
	}()
	fd.SetStatus(camera.get(), 0)
	if ws != nil {
		ws.Status(camera.ok(), 0)
	}

	// HTTP: the scoreboard, /healthz and /metrics.
	if cfg.HTTP.Listen != "" {
		mux := http.NewServeMux()
		mux.Handle("/", ws.Handler())
		mux.Handle("GET /healthz", runHealthz(ref, camera, fd))
		mux.Handle("GET /metrics", promhttp.HandlerFor(reg, promhttp.HandlerOpts{Registry: reg}))
		ln := httpLn
		srv := &http.Server{Handler: mux, ReadHeaderTimeout: 5 * time.Second}
		wg.Add(1)
		go func() {
			defer wg.Done()
			if err := srv.Serve(ln); err != nil && !errors.Is(err, http.ErrServerClosed) {
				cancel(fmt.Errorf("http: %w", err))
			}
		}()
		wg.Add(1)
		go func() { // before wg.Wait, which waits for Serve
			defer wg.Done()
			<-ctx.Done()
			sctx, scancel := context.WithTimeout(context.Background(), 3*time.Second)
			defer scancel()
			_ = srv.Shutdown(sctx)
		}()
		log.Info("http listening", runKeyAddr, ln.Addr().String())
	}

	// systemd: READY once everything runs, then WATCHDOG=1 while the referee
	// loop beats and frames flow (or the camera is lost and being retried).
	notify := systemd.FromEnv()
	if err := notify.Ready("refereeing " + cfg.Table.Name); err != nil {
		log.Warn("sd_notify", runKeyErr, err)
	}
	if every := systemd.WatchdogInterval(); every > 0 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			t := time.NewTicker(every)
			defer t.Stop()
			for {
				select {
				case <-ctx.Done():
					return
				case <-t.C:
					switch {
					case !ref.Alive(3 * time.Second):
						log.Error("referee loop stalled: watchdog not fed")
					case !eye.fresh(5 * time.Second):
						log.Error("frame loop stalled: watchdog not fed")
					default:
						_ = notify.Watchdog()
					}
				}
			}
		}()
	}
	log.Info("cueref running", runKeyDir, stateDir)

	var runErr error
	select {
	case <-ctx.Done():
		runErr = context.Cause(ctx)
	case runErr = <-refDone:
		refDone <- runErr
	}
	_ = notify.Stopping()
	cancel(runErr)
	log.Info("cueref stopping", "reason", fmt.Sprint(runErr))
	if parent.Err() != nil || runErr == nil || errors.Is(runErr, context.Canceled) {
		return context.Canceled // a signal or the caller stopped us: a clean exit
	}
	return runErr
}

func runClientID(s string) string {
	return strings.Map(func(r rune) rune {
		if r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= '0' && r <= '9' || r == '-' || r == '_' {
			return r
		}
		return '-'
	}, s)
}

// runCamera is what the frame source reports; "sim" and "ok" are healthy.
type runCamera struct {
	mu    sync.Mutex
	state string
}

func (c *runCamera) set(s string) { c.mu.Lock(); c.state = s; c.mu.Unlock() }
func (c *runCamera) get() string  { c.mu.Lock(); defer c.mu.Unlock(); return c.state }
func (c *runCamera) ok() bool     { s := c.get(); return s == "ok" || s == "sim" }

// healthz answers 200 with JSON while the referee loop beats and the camera is
// ok, 503 otherwise.
func runHealthz(ref *referee.Referee, camera *runCamera, fd *feed.Feed) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		alive := ref.Alive(3 * time.Second)
		fs := fd.Stats()
		body := map[string]any{
			"ok":        alive && camera.ok(),
			"referee":   map[string]any{"alive": alive, "last_beat": ref.LastBeat().UTC().Format(time.RFC3339Nano)},
			"camera":    camera.get(),
			"mqtt":      map[string]any{"connected": fs.Connected, "commands": fs.Subscribed, "queue": fs.QueueDepth},
			"timestamp": time.Now().UTC().Format(time.RFC3339),
		}
		if alive {
			ctx, cancel := context.WithTimeout(r.Context(), time.Second)
			if st, err := ref.Status(ctx); err == nil {
				body["seq"] = st.Seq
				body["game"] = st.State.Game
			}
			cancel()
		}
		w.Header().Set("Content-Type", "application/json")
		w.Header().Set("Cache-Control", "no-store")
		if body["ok"] != true {
			w.WriteHeader(http.StatusServiceUnavailable)
		}
		_ = json.NewEncoder(w).Encode(body)
	})
}
