package main

import (
	"bufio"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"

	"gocv.io/x/gocv"

	"github.com/cueref/cueref/shot"
	"github.com/cueref/cueref/sim"
	"github.com/cueref/cueref/sim/render"
	"github.com/cueref/cueref/table"
)

func init() {
	register(command{name: "sim", summary: "simulate a match and render it as overhead video with ground truth (or one still)", run: runSim})
}

func runSim(ctx context.Context, args []string, stdin io.Reader, stdout, stderr io.Writer) error {
	fs := newFlagSet("sim", stderr)
	game := fs.String("game", "9ball", "game: 8ball, 9ball, 10ball or 14.1")
	racks := fs.Int("racks", 1, "racks to play")
	fps := fs.Float64("fps", 60, "frames per second (30, 60, 120)")
	size := fs.String("size", "1280x720", "frame size WIDTHxHEIGHT (640x480 … 1920x1080)")
	seed := fs.Int64("seed", 1, "seed of the match and of the rendering")
	out := fs.String("out", "", "output directory (created if needed)")
	cloth := fs.String("cloth", "green", "cloth colour: green, blue or red")
	tableSize := fs.String("table", "9ft", "table size: 7ft, 8ft or 9ft")
	players := fs.String("players", "Anna,Boris", "the two players, comma-separated; the first breaks")
	noNoise := fs.Bool("no-noise", false, "no sensor noise")
	noBlur := fs.Bool("no-blur", false, "no motion blur")
	noOcc := fs.Bool("no-occluders", false, "no shooter's arm and cue")
	distortion := fs.Bool("distortion", false, "radial lens distortion")
	jpeg := fs.Int("jpeg", 0, "also pass every frame through JPEG at this quality (1–100) before the MJPG writer; 0: no")
	maxShots := fs.Int("max-shots", 0, "stop the match after this many shots (0: play the racks out)")
	still := fs.String("still", "", "render one still of the layout in this JSON file ({\"0\":[x,y],…} in mm) instead of a match")
	if err := parseFlags(fs, args); err != nil {
		return err
	}
	if fs.NArg() > 0 {
		return fmt.Errorf("%w: unexpected arguments %q", errUsage, fs.Args())
	}
	if *out == "" {
		return fmt.Errorf("%w: --out is required", errUsage)
	}
	sz, err := render.ParseSize(*size)
	if err != nil {
		return fmt.Errorf("%w: %v", errUsage, err)
	}
	tb, err := table.New(*tableSize)
	if err != nil {
		return fmt.Errorf("%w: %v", errUsage, err)
	}
	cfg := render.Config{Size: sz, FPS: *fps, Cloth: *cloth, Seed: *seed, Noise: !*noNoise, Blur: !*noBlur,
		Occluders: !*noOcc, Distortion: *distortion, JPEG: *jpeg, Table: tb}
	if *still != "" {
		return simStill(*still, *out, cfg, stdout)
	}
	names := strings.Split(*players, ",")
	if len(names) != 2 || strings.TrimSpace(names[0]) == "" || strings.TrimSpace(names[1]) == "" {
		return fmt.Errorf("%w: --players: want two comma-separated names", errUsage)
	}
	if *racks < 1 {
		return fmt.Errorf("%w: --racks: want at least 1", errUsage)
	}
	if *maxShots < 0 {
		return fmt.Errorf("%w: --max-shots: want 0 or more", errUsage)
	}
	m, err := sim.PlayMatch(sim.MatchConfig{Game: *game, Racks: *racks, Seed: *seed, Table: tb,
		Players: [2]string{strings.TrimSpace(names[0]), strings.TrimSpace(names[1])}, MaxShots: *maxShots})
	if err != nil {
		return err
	}
	v, err := render.NewVideo(m, cfg)
	if err != nil {
		return err
	}
	defer v.Close()
	if err := os.MkdirAll(*out, 0o755); err != nil {
		return err
	}
	if err := v.Calibration().Save(filepath.Join(*out, "calibration.yaml")); err != nil {
		return err
	}
	if err := writeShots(filepath.Join(*out, "shots.jsonl"), m); err != nil {
		return err
	}
	aviPath := filepath.Join(*out, "video.avi")
	w, err := gocv.VideoWriterFile(aviPath, "MJPG", cfg.FPS, sz[0], sz[1], true)
	if err != nil {
		return fmt.Errorf("video writer: %w", err)
	}
	if !w.IsOpened() {
		w.Close()
		return fmt.Errorf("cannot open %s for MJPG writing (OpenCV built without a video writer?)", aviPath)
	}
	defer w.Close()
	tf, err := os.Create(filepath.Join(*out, "truth.jsonl"))
	if err != nil {
		return err
	}
	defer tf.Close()
	tw := bufio.NewWriterSize(tf, 1<<16)
	frame := gocv.NewMat()
	defer frame.Close()
	bar := newProgress(stderr, v.Frames())
	for {
		if err := ctx.Err(); err != nil {
			tw.Flush()
			return err
		}
		truth, err := v.Next(&frame)
		if errors.Is(err, io.EOF) {
			break
		}
		if err != nil {
			return err
		}
		if err := w.Write(frame); err != nil {
			return fmt.Errorf("writing %s: %w", aviPath, err)
		}
		line, _ := truth.MarshalJSON()
		tw.Write(line)
		tw.WriteByte('\n')
		bar.set(truth.Frame + 1)
	}
	bar.done()
	if err := tw.Flush(); err != nil {
		return err
	}
	if err := tf.Close(); err != nil {
		return err
	}
	fmt.Fprintf(stdout, "%s: %d shots, %d frames (%.1f s at %g fps, %dx%d) → %s, truth.jsonl, shots.jsonl, calibration.yaml\n",
		*game, len(m.Shots), v.Frames(), v.Duration(), cfg.FPS, sz[0], sz[1], aviPath)
	return nil
}

// writeShots writes the match's ground-truth shot log, one record a line.
func writeShots(path string, m *sim.Match) error {
	f, err := os.Create(path)
	if err != nil {
		return err
	}
	bw := bufio.NewWriter(f)
	for _, r := range m.Records {
		b, err := shot.Encode(r)
		if err != nil {
			f.Close()
			return err
		}
		bw.Write(b)
		bw.WriteByte('\n')
	}
	if err := bw.Flush(); err != nil {
		f.Close()
		return err
	}
	return f.Close()
}

// simStill renders one frame of a layout file.
func simStill(layoutPath, out string, cfg render.Config, stdout io.Writer) error {
	data, err := os.ReadFile(layoutPath)
	if err != nil {
		return err
	}
	var ps shot.Positions
	if err := json.Unmarshal(data, &ps); err != nil {
		return fmt.Errorf("%s: %w", layoutPath, err)
	}
	if len(ps) == 0 {
		return fmt.Errorf("%s: no balls in the layout", layoutPath)
	}
	layout := make(map[int]table.Point, len(ps))
	for n, p := range ps {
		layout[n] = p.P()
	}
	img, cal, truth, err := render.RenderStill(layout, cfg)
	if err != nil {
		return err
	}
	defer img.Close()
	if err := os.MkdirAll(out, 0o755); err != nil {
		return err
	}
	png := filepath.Join(out, "still.png")
	if !gocv.IMWrite(png, img) {
		return fmt.Errorf("cannot write %s", png)
	}
	if err := cal.Save(filepath.Join(out, "calibration.yaml")); err != nil {
		return err
	}
	line, _ := render.FrameTruth{Frame: 0, Shot: -1, Balls: truth}.MarshalJSON()
	if err := os.WriteFile(filepath.Join(out, "truth.jsonl"), append(line, '\n'), 0o644); err != nil {
		return err
	}
	fmt.Fprintf(stdout, "wrote %s, calibration.yaml and truth.jsonl (%d balls)\n", png, len(truth))
	return nil
}

// progress draws a bar on stderr when it is a terminal.
type progress struct {
	w     io.Writer
	total int
	last  int
	on    bool
}

func newProgress(w io.Writer, total int) *progress {
	p := &progress{w: w, total: total, last: -1}
	if f, ok := w.(*os.File); ok {
		if st, err := f.Stat(); err == nil && st.Mode()&os.ModeCharDevice != 0 {
			p.on = true
		}
	}
	return p
}

func (p *progress) set(n int) {
	if !p.on || p.total <= 0 {
		return
	}
	pct := n * 100 / p.total
	if pct == p.last {
		return
	}
	p.last = pct
	const width = 40
	fill := pct * width / 100
	fmt.Fprintf(p.w, "\r[%s%s] %3d%% frame %d/%d", strings.Repeat("#", fill), strings.Repeat("-", width-fill), pct, n, p.total)
}

func (p *progress) done() {
	if p.on {
		fmt.Fprintln(p.w)
	}
}
