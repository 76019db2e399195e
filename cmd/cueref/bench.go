package main

import (
	"bufio"
	"bytes"
	"compress/gzip"
	"context"
	"encoding/gob"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"math"
	"os"
	"path/filepath"
	"reflect"
	"runtime"
	"slices"
	"strconv"
	"strings"
	"time"

	"gocv.io/x/gocv"

	"github.com/cueref/cueref/internal/cpuclock"
	"github.com/cueref/cueref/sim"
	"github.com/cueref/cueref/sim/render"
	"github.com/cueref/cueref/table"
	"github.com/cueref/cueref/tracking"
	"github.com/cueref/cueref/tracking/trackbench"
	"github.com/cueref/cueref/vision"
)

func init() {
	register(command{name: "bench", summary: "simulate, render, detect, track and judge racks; report accuracy and speed against the truth", run: runBench})
}

func runBench(ctx context.Context, args []string, stdin io.Reader, stdout, stderr io.Writer) error {
	fs := newFlagSet("bench", stderr)
	asJSON := fs.Bool("json", false, "print the report as JSON")
	fps := fs.Float64("fps", 60, "camera frame rate: 30, 60 or 120")
	quick := fs.Bool("quick", false, "a short run (under a minute)")
	noRender := fs.Bool("no-render", false, "tracker and rules only, on the true motion with camera-like noise (no renderer, no detector)")
	racks := fs.Int("racks", 0, "racks of each game (default: 1; 2 with --quick --no-render, 12 with --no-render)")
	maxShots := fs.Int("shots", 0, "render and score only each game's first N shots (default: 12, 4 with --quick; all when --racks is given)")
	games := fs.String("games", "8ball,9ball,10ball,14.1", "games to play, comma-separated (a game's match is the same whichever games are played)")
	seed := fs.Int64("seed", 1, "seed of the matches, the renderer and the noise")
	size := fs.String("size", "1280x720", "rendered frame size")
	cloth := fs.String("cloth", "green", "rendered cloth colour: green, blue or red (cueref run's simulator renders blue)")
	tellOcc := fs.Bool("occluded-regions", false, "with --no-render: tell the tracker where the arm and cue hide the bed")
	trace := fs.Bool("trace", false, "write the tracker's decisions to stderr (for work on the tracker)")
	noJudge := fs.Bool("no-judge", false, "flag every doubt for review, also those the rules say cannot change the ruling (the tracker without its judge, for comparison)")
	cache := fs.String("cache", "", "directory keeping each rendered match's detections and truth, so that a rerun with the same flags skips rendering and detection (for work on the tracker)")
	fixture := fs.String("fixture", "", "with one game, and --cache holding its render or --no-render for the camera model: write its frames from --from to --to seconds as a tracking test fixture (gzipped JSON) and exit")
	from := fs.Float64("from", 0, "with --fixture: the first frame's time (s)")
	to := fs.Float64("to", 0, "with --fixture: the last frame's time (s)")
	if err := parseFlags(fs, args); err != nil {
		return err
	}
	if fs.NArg() > 0 {
		return fmt.Errorf("%w: unexpected arguments %q", errUsage, fs.Args())
	}
	if *fps != 30 && *fps != 60 && *fps != 120 {
		return fmt.Errorf("%w: --fps %g: want 30, 60 or 120", errUsage, *fps)
	}
	gs := strings.Split(*games, ",")
	for _, g := range gs {
		switch g {
		case "8ball", "9ball", "10ball", "14.1":
		default:
			return fmt.Errorf("%w: --games: unknown game %q", errUsage, g)
		}
	}
	dims, err := render.ParseSize(*size)
	if err != nil {
		return fmt.Errorf("%w: %v", errUsage, err)
	}
	if !slices.Contains(render.ClothNames, *cloth) {
		return fmt.Errorf("%w: --cloth %q: want one of %s", errUsage, *cloth, strings.Join(render.ClothNames, ", "))
	}
	look := benchLook{Size: dims, Cloth: *cloth}
	n := *racks
	if n == 0 {
		switch {
		case *quick && *noRender:
			n = 2
		case *quick:
			n = 1
		case *noRender:
			n = 12
		default:
			// A rendered rack is ≈ 8,000 frames at 60 fps: one of each game
			// keeps the default run within 5 minutes on 2 cores.
			n = 1
		}
	}
	if *maxShots < 0 {
		return fmt.Errorf("%w: --shots %d: want 0 (all) or more", errUsage, *maxShots)
	}
	if *maxShots == 0 && !*noRender && !explicit(fs, "racks") {
		// Rendering and detecting costs about 23 ms a frame per core and a
		// shot is about 480 frames at 60 fps: the first 12 shots of one rack
		// of each game keep the default run within 5 minutes on 2 cores, 4
		// shots of two games the quick one within a minute. --racks or
		// --shots ask for more.
		*maxShots = 12
		if *quick {
			*maxShots = 4
		}
	}
	if n < 1 {
		return fmt.Errorf("%w: --racks %d: want at least 1", errUsage, n)
	}
	if *quick && !*noRender {
		gs = gs[:min(len(gs), 2)]
	}
	cam := trackbench.DefaultCamera(*fps)
	cam.TellOccluded = *tellOcc
	cfg := trackbench.Config{Games: gs, Racks: n, Seed: *seed, Table: table.MustNew("9ft"), Camera: cam, NoJudge: *noJudge}
	if *maxShots > 0 && *noRender {
		return fmt.Errorf("%w: --shots applies to rendered runs only", errUsage)
	}
	if *fixture != "" {
		switch {
		case len(gs) != 1 || !*noRender && *cache == "":
			return fmt.Errorf("%w: --fixture needs one game, and --cache or --no-render", errUsage)
		case !(*to > *from):
			return fmt.Errorf("%w: --fixture: --to %g must come after --from %g", errUsage, *to, *from)
		}
		var frames []benchFrame
		if *noRender {
			// The camera model's frames of the game's match, played again.
			cfg.Frame = func(_ string, f tracking.Frame, truth []trackbench.Truth) {
				if f.T >= *from && f.T <= *to {
					frames = append(frames, benchFrame{T: f.T, Obs: slices.Clone(f.Obs), Truth: slices.Clone(truth)})
				}
			}
			if _, err := trackbench.Run(cfg); err != nil {
				return err
			}
		} else {
			file := cacheFile(*cache, gs[0], cfg, *maxShots, look)
			if frames, err = loadFrames(file); err != nil {
				return err
			}
			if frames == nil {
				return fmt.Errorf("bench: --fixture: no cached render %s: run the bench with the same flags first", file)
			}
		}
		n, err := writeFixture(*fixture, frames, *from, *to)
		if err != nil {
			return fmt.Errorf("bench: --fixture: %w", err)
		}
		fmt.Fprintf(stderr, "bench: %s: %d frames from %g to %g s\n", *fixture, n, *from, *to)
		return nil
	}
	start := time.Now()
	progress := func(game string, shots int) {
		fmt.Fprintf(stderr, "bench: %s: %d shots done (%.0f s)\n", game, shots, time.Since(start).Seconds())
	}
	cfg.Progress = progress
	if *trace {
		cfg.Trace = func(f string, a ...any) { fmt.Fprintf(stderr, f+"\n", a...) }
	}
	var rep *trackbench.Report
	if *noRender {
		rep, err = trackbench.Run(cfg)
	} else {
		alone := aloneFrames
		if *quick {
			alone = aloneQuick
		}
		rep, err = benchRendered(ctx, cfg, look, *maxShots, *cache, alone, progress, stderr)
	}
	if err != nil {
		return err
	}
	if *asJSON {
		out := struct {
			Mode    string  `json:"mode"`
			Seconds float64 `json:"seconds"`
			*trackbench.Report
		}{map[bool]string{true: "no-render", false: "rendered"}[*noRender], time.Since(start).Seconds(), rep}
		return encodeReport(stdout, out)
	}
	mode := "rendered frames → vision → tracking → rules"
	if *noRender {
		mode = "true motion + camera noise model → tracking → rules (no renderer, no detector)"
	}
	if *maxShots > 0 {
		mode += fmt.Sprintf(", the first %d shots of each game", *maxShots)
	}
	if *cloth != "green" && !*noRender {
		mode += ", " + *cloth + " cloth"
	}
	fmt.Fprintf(stdout, "cueref bench: %s, %d×%d, %.0f s\n", mode, dims[0], dims[1], time.Since(start).Seconds())
	rep.Print(stdout)
	return nil
}

// benchFrame is one rendered frame's detections and truth, as kept in the cache.
type benchFrame struct {
	T     float64
	Obs   []tracking.Obs
	Truth []trackbench.Truth
	Shot  int
	ShotT float64
	// CostNs is the detector's wall-clock time on the frame, CPUNs the CPU
	// time of its thread (0 in caches written before it was kept).
	CostNs int64
	CPUNs  int64
}

// benchRendered renders each match, runs the detector and the tracker on every
// frame, and scores against the renderer's truth. Rendering and detection, the
// costly part, run for several games at once (one per core); each detector
// runs on one thread, so the per-frame figures are per core. The tracker and
// the scoring then take the games in order. A frame's cost is the CPU time of
// the detector's thread (cpuclock), whatever else the machine runs.
//
// When it rendered any game, it then times the detector alone on the first
// game's first alone frames (see trackbench.Report.SetDetectAlone).
func benchRendered(ctx context.Context, cfg trackbench.Config, look benchLook, maxShots int, cache string, alone int, progress func(string, int), stderr io.Writer) (*trackbench.Report, error) {
	vision.SetNumThreads(1)
	ctx, cancel := context.WithCancel(ctx)
	defer cancel()
	type rendered struct {
		frames []benchFrame
		fresh  bool // rendered now, not read from the cache
		err    error
	}
	matches := make([]*sim.Match, len(cfg.Games))
	results := make([]chan rendered, len(cfg.Games))
	sem := make(chan struct{}, max(1, runtime.NumCPU()))
	for gi, game := range cfg.Games {
		m, err := sim.PlayMatch(sim.MatchConfig{Game: game, Racks: cfg.Racks, Seed: trackbench.MatchSeed(cfg.Seed, game),
			Table: cfg.Table, Players: [2]string{"Anna", "Boris"}})
		if err != nil {
			return nil, err
		}
		firstShots(m, maxShots)
		matches[gi] = m
		results[gi] = make(chan rendered, 1)
		file := cacheFile(cache, game, cfg, maxShots, look)
		go func(gi int, game, file string) {
			select {
			case sem <- struct{}{}:
			case <-ctx.Done():
				results[gi] <- rendered{err: ctx.Err()}
				return
			}
			defer func() { <-sem }()
			frames, err := loadFrames(file)
			fresh := err == nil && frames == nil
			if fresh {
				if frames, err = renderFrames(ctx, matches[gi], cfg, game, look, 0); err != nil {
					err = fmt.Errorf("bench: %s: %w", game, err)
				} else {
					err = saveFrames(file, frames)
				}
			}
			results[gi] <- rendered{frames, fresh, err}
		}(gi, game, file)
	}
	ru := trackbench.NewRunner(cfg)
	fresh := false
	var shared []time.Duration // the first game's detector times, for the timing alone
	for gi, game := range cfg.Games {
		r := <-results[gi]
		if r.err != nil {
			return nil, r.err
		}
		fresh = fresh || r.fresh
		if gi == 0 {
			for _, f := range r.frames[:min(alone, len(r.frames))] {
				shared = append(shared, time.Duration(f.CPUNs))
			}
		}
		mr, err := ru.NewMatch(game, matches[gi])
		if err != nil {
			return nil, err
		}
		if len(r.frames) > 0 && r.frames[0].CPUNs == 0 {
			fmt.Fprintf(stderr, "bench: %s: the cache has no detector CPU times: the per-frame figures count its wall-clock time\n", game)
		}
		for _, f := range r.frames {
			c := trackbench.FrameCost{CPU: time.Duration(f.CPUNs), Wall: time.Duration(f.CostNs)}
			if c.CPU == 0 {
				c.CPU = c.Wall
			}
			if err := mr.Push(tracking.Frame{T: f.T, Obs: f.Obs}, f.Truth, f.Shot, f.ShotT, c); err != nil {
				return nil, err
			}
		}
		if err := mr.Close(); err != nil {
			return nil, err
		}
		progress(game, len(matches[gi].Shots))
	}
	rep := ru.Report()
	if fresh && alone > 0 && len(cfg.Games) > 0 {
		frames, err := renderFrames(ctx, matches[0], cfg, cfg.Games[0], look, alone)
		if err != nil {
			return nil, fmt.Errorf("bench: %s: %w", cfg.Games[0], err)
		}
		cpu := make([]time.Duration, len(frames))
		for i, f := range frames {
			cpu[i] = time.Duration(f.CPUNs)
		}
		rep.SetDetectAlone(cpu, shared[:min(len(shared), len(cpu))])
	}
	return rep, nil
}

// aloneFrames and aloneQuick are how many frames the bench times the detector
// alone on (50 s and 10 s of the first game at 60 fps, its break and the
// shots after): rendering them again adds about 35 s to the default run,
// 7 s to the quick one.
const (
	aloneFrames = 3000
	aloneQuick  = 600
)

// explicit says whether the flag name was given on the command line.
func explicit(fs *flag.FlagSet, name string) bool {
	set := false
	fs.Visit(func(f *flag.Flag) { set = set || f.Name == name })
	return set
}

// firstShots cuts match m down to its first n shots (n ≤ 0: all), with the
// records and rulings up to the last of them.
func firstShots(m *sim.Match, n int) {
	if n <= 0 || len(m.Shots) <= n {
		return
	}
	last := m.Shots[n-1].Index
	m.Shots = m.Shots[:n]
	m.Records = m.Records[:last+1]
	m.Rulings = m.Rulings[:min(last+1, len(m.Rulings))]
}

// renderFrames renders match m and runs the detector on every frame (on the
// first limit frames, when limit > 0).
func renderFrames(ctx context.Context, m *sim.Match, cfg trackbench.Config, game string, look benchLook, limit int) ([]benchFrame, error) {
	rc := render.DefaultConfig()
	rc.Size = look.Size
	rc.Cloth = look.Cloth
	rc.FPS = cfg.Camera.FPS
	// The renderer's seed, like the match's, is the game's own (see
	// trackbench.MatchSeed).
	rc.Seed = cfg.Seed + int64(max(trackbench.GameIndex(game), 0))
	rc.Table = cfg.Table
	v, err := render.NewVideo(m, rc)
	if err != nil {
		return nil, err
	}
	defer v.Close()
	det, err := vision.NewDetector(v.Calibration(), vision.Options{})
	if err != nil {
		return nil, err
	}
	defer det.Close()
	frame := gocv.NewMat()
	defer frame.Close()
	var dets []vision.Detection
	out := make([]benchFrame, 0, v.Frames())
	for limit <= 0 || len(out) < limit {
		if err := ctx.Err(); err != nil {
			return nil, err
		}
		ft, err := v.Next(&frame)
		if errors.Is(err, io.EOF) {
			break
		}
		if err != nil {
			return nil, err
		}
		lap := cpuclock.Start()
		dets, err = det.Detect(frame, dets)
		if err != nil {
			lap.Stop()
			return nil, err
		}
		f := benchFrame{T: ft.T, Shot: ft.Shot, ShotT: ft.ShotT, Obs: obsOf(dets, nil)}
		cpu, wall := lap.Stop()
		f.CPUNs, f.CostNs = cpu.Nanoseconds(), wall.Nanoseconds()
		for _, b := range ft.Balls {
			f.Truth = append(f.Truth, trackbench.Truth{Ball: b.Ball, At: b.At, OnBed: b.OnBed, Visible: b.OnBed && b.Visible >= 0.5})
		}
		out = append(out, f)
	}
	return out, nil
}

// benchLook is how the bench's frames are rendered: their size and the
// cloth's colour.
type benchLook struct {
	Size  [2]int
	Cloth string
}

// cacheFile is the file in directory cache ("" for none) that keeps game's
// rendered frames for a run of cfg. (A green cloth's file keeps the name it had
// before the cloth could be chosen.)
func cacheFile(cache, game string, cfg trackbench.Config, maxShots int, look benchLook) string {
	if cache == "" {
		return ""
	}
	cloth := ""
	if look.Cloth != "green" {
		cloth = "-" + look.Cloth
	}
	return filepath.Join(cache, fmt.Sprintf("%s-seed%d-racks%d-shots%d-%gfps-%dx%d%s.gob", game, trackbench.MatchSeed(cfg.Seed, game), cfg.Racks, maxShots, cfg.Camera.FPS, look.Size[0], look.Size[1], cloth))
}

// writeFixture writes the frames from t0 to t1 (s) as the tracking package's
// rendered test fixtures are: a gzipped JSON array of {"t", "obs": [[ball, x,
// y, confidence, class, moving]], "truth": [[ball, x, y, on the bed]]}. It
// returns how many frames it wrote.
func writeFixture(file string, frames []benchFrame, t0, t1 float64) (int, error) {
	f, err := os.Create(file)
	if err != nil {
		return 0, err
	}
	z := gzip.NewWriter(f)
	w := bufio.NewWriter(z)
	type fixFrame struct {
		T     float64     `json:"t"`
		Obs   [][]float64 `json:"obs"`
		Truth [][]float64 `json:"truth"`
	}
	round := func(x, k float64) float64 { return math.Round(x*k) / k }
	b2f := func(b bool) float64 {
		if b {
			return 1
		}
		return 0
	}
	out := []fixFrame{}
	for _, fr := range frames {
		if fr.T < t0 || fr.T > t1 {
			continue
		}
		x := fixFrame{T: fr.T, Obs: [][]float64{}, Truth: [][]float64{}}
		for _, o := range fr.Obs {
			x.Obs = append(x.Obs, []float64{float64(o.Ball), round(o.At.X, 1e6), round(o.At.Y, 1e6), round(o.Confidence, 1e3), float64(o.Class), b2f(o.Moving)})
		}
		for _, b := range fr.Truth {
			x.Truth = append(x.Truth, []float64{float64(b.Ball), round(b.At.X, 100), round(b.At.Y, 100), b2f(b.OnBed)})
		}
		out = append(out, x)
	}
	err = json.NewEncoder(w).Encode(out)
	if err == nil {
		err = w.Flush()
	}
	if err == nil {
		err = z.Close()
	}
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	return len(out), err
}

func loadFrames(file string) ([]benchFrame, error) {
	if file == "" {
		return nil, nil
	}
	f, err := os.Open(file)
	if errors.Is(err, os.ErrNotExist) {
		return nil, nil
	}
	if err != nil {
		return nil, err
	}
	defer f.Close()
	var frames []benchFrame
	if err := gob.NewDecoder(bufio.NewReader(f)).Decode(&frames); err != nil {
		return nil, fmt.Errorf("bench: cache %s: %w", file, err)
	}
	return frames, nil
}

func saveFrames(file string, frames []benchFrame) error {
	if file == "" {
		return nil
	}
	if err := os.MkdirAll(filepath.Dir(file), 0o755); err != nil {
		return err
	}
	f, err := os.Create(file)
	if err != nil {
		return err
	}
	w := bufio.NewWriter(f)
	if err := gob.NewEncoder(w).Encode(frames); err != nil {
		f.Close()
		return err
	}
	if err := w.Flush(); err != nil {
		f.Close()
		return err
	}
	return f.Close()
}

// obsOf converts detections to the tracker's input.
func obsOf(dets []vision.Detection, dst []tracking.Obs) []tracking.Obs {
	for _, d := range dets {
		c := tracking.ClassUnknown
		switch d.Class {
		case vision.Cue:
			c = tracking.ClassCue
		case vision.Eight:
			c = tracking.ClassEight
		case vision.Solid:
			c = tracking.ClassSolid
		case vision.Stripe:
			c = tracking.ClassStripe
		}
		conf := d.Confidence
		if conf <= 0 || conf > 1 {
			conf = 1
		}
		dst = append(dst, tracking.Obs{Ball: d.Ball, At: d.At, Confidence: conf, Class: c, Moving: d.Moving})
	}
	return dst
}

// noNumber stands in a report for a figure with nothing to measure it on
// (NaN, say a p95 of no events, or an infinity), which JSON cannot hold: it
// is written as null.
const noNumber = math.MaxFloat64

// encodeReport writes v as indented JSON with every NaN or infinite float in
// it (struct fields, map values, slice elements, behind pointers) written as
// null: a bench of one break has no events outside the breaks, and
// encoding/json refuses NaN (cueref bench --shots 1 --json failed).
func encodeReport(w io.Writer, v any) error {
	rv := reflect.ValueOf(&v).Elem()
	cp := reflect.New(rv.Elem().Type()).Elem()
	cp.Set(rv.Elem())
	nanToNull(cp)
	b, err := json.MarshalIndent(cp.Interface(), "", "  ")
	if err != nil {
		return err
	}
	b = bytes.ReplaceAll(b, []byte(strconv.FormatFloat(noNumber, 'g', -1, 64)), []byte("null"))
	_, err = w.Write(append(b, '\n'))
	return err
}

// nanToNull sets every NaN or infinite float reachable from v to noNumber. It
// changes what pointers, maps and slices in v point to.
func nanToNull(v reflect.Value) {
	switch v.Kind() {
	case reflect.Float32, reflect.Float64:
		if f := v.Float(); (math.IsNaN(f) || math.IsInf(f, 0)) && v.CanSet() {
			v.SetFloat(noNumber)
		}
	case reflect.Pointer:
		if !v.IsNil() {
			nanToNull(v.Elem())
		}
	case reflect.Interface:
		if !v.IsNil() && v.CanSet() {
			e := reflect.New(v.Elem().Type()).Elem()
			e.Set(v.Elem())
			nanToNull(e)
			v.Set(e)
		}
	case reflect.Struct:
		for i := 0; i < v.NumField(); i++ {
			if v.Type().Field(i).IsExported() {
				nanToNull(v.Field(i))
			}
		}
	case reflect.Slice, reflect.Array:
		for i := 0; i < v.Len(); i++ {
			nanToNull(v.Index(i))
		}
	case reflect.Map:
		for _, k := range v.MapKeys() {
			e := reflect.New(v.Type().Elem()).Elem()
			e.Set(v.MapIndex(k))
			nanToNull(e)
			v.SetMapIndex(k, e)
		}
	}
}
