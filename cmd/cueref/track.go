package main

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"strings"

	"gocv.io/x/gocv"

	"github.com/cueref/cueref/calibration"
	"github.com/cueref/cueref/rules"
	"github.com/cueref/cueref/shot"
	"github.com/cueref/cueref/tracking"
	"github.com/cueref/cueref/vision"
)

func init() {
	register(command{name: "track", summary: "follow the balls in a video and print the shot log (and rulings) as JSON Lines", run: runTrack})
}

func runTrack(ctx context.Context, args []string, stdin io.Reader, stdout, stderr io.Writer) error {
	fs := newFlagSet("track", stderr)
	calib := fs.String("calib", "", "calibration file of the camera that filmed the video (required)")
	game := fs.String("rules", "", "judge the shots by this game's rules and print the rulings too: 8ball, 9ball, 10ball or 14.1")
	players := fs.String("players", "Player 1,Player 2", "the two players, comma-separated, the breaker first")
	lag := fs.Bool("lag", false, "the video starts with the lag for the break (rule 1.5): the first player's ball is the one in the left half")
	fps := fs.Float64("fps", 0, "frame rate when the video does not tell it (default 60)")
	live := fs.Bool("live", false, "also write each live event to stderr as it is found")
	if err := parseFlags(fs, args); err != nil {
		return err
	}
	if *calib == "" {
		return fmt.Errorf("%w: --calib is required", errUsage)
	}
	if fs.NArg() != 1 {
		return fmt.Errorf("%w: want one video file", errUsage)
	}
	names := strings.Split(*players, ",")
	if len(names) != 2 || strings.TrimSpace(names[0]) == "" || strings.TrimSpace(names[1]) == "" || names[0] == names[1] {
		return fmt.Errorf("%w: --players %q: want two different names", errUsage, *players)
	}
	switch *game {
	case "", "8ball", "9ball", "10ball", "14.1":
	default:
		return fmt.Errorf("%w: --rules %q: want 8ball, 9ball, 10ball or 14.1", errUsage, *game)
	}
	cal, err := calibration.Load(*calib)
	if err != nil {
		return err
	}
	cap, err := gocv.VideoCaptureFile(fs.Arg(0))
	if err != nil {
		return fmt.Errorf("cannot open video %s: %w", fs.Arg(0), err)
	}
	defer cap.Close()
	rate := cap.Get(gocv.VideoCaptureFPS)
	if *fps > 0 {
		rate = *fps
	}
	if !(rate >= 10 && rate <= 1000) {
		rate = 60
	}
	vision.SetNumThreads(1) // one core per video, as in the pipeline and the bench
	det, err := vision.NewDetector(cal, vision.Options{})
	if err != nil {
		return err
	}
	defer det.Close()
	tc := tracking.Config{Table: cal.Table, FPS: rate}
	switch *game {
	case "9ball", "10ball":
		// Only the game's balls: a number the detector misreads as another ball's
		// cannot name a ball that is not on the table.
		n := 9
		if *game == "10ball" {
			n = 10
		}
		for b := 0; b <= n; b++ {
			tc.Balls = append(tc.Balls, b)
		}
	}
	out := &trackOut{w: stdout}
	if *game != "" {
		out.engine = rules.New()
		out.write(&shot.Game{Game: *game, Players: []string{names[0], names[1]}, Table: cal.Table.Name})
		// The engine, in the state before each shot the tracker finishes,
		// tells it which doubts cannot change the ruling.
		tc.Judge = out.engine
	}
	tr, err := tracking.New(tc)
	if err != nil {
		return err
	}
	if *lag {
		tr.ExpectLag(names[0], names[1])
	}
	frame := gocv.NewMat()
	defer frame.Close()
	var dets []vision.Detection
	var obs []tracking.Obs
	for n := 0; ; n++ {
		if err := ctx.Err(); err != nil {
			return err
		}
		if !cap.Read(&frame) || frame.Empty() {
			break
		}
		t := float64(n) / rate
		dets, err = det.Detect(frame, dets)
		if err != nil {
			return fmt.Errorf("frame %d: %w", n, err)
		}
		obs = obsOf(dets, obs[:0])
		res, err := tr.Push(t, obs)
		if err != nil {
			return fmt.Errorf("frame %d: %w", n, err)
		}
		if err := out.outputs(res, *live, stderr); err != nil {
			return err
		}
	}
	return out.outputs(tr.Flush(), *live, stderr)
}

// trackOut writes the records the tracker finishes, and their rulings.
type trackOut struct {
	w      io.Writer
	engine *rules.Engine
	seq    int
	err    error
}

func (o *trackOut) outputs(res []tracking.Output, live bool, stderr io.Writer) error {
	for _, r := range res {
		switch r.Kind {
		case tracking.OutEvent, tracking.OutProvisional:
			if live {
				b, _ := json.Marshal(r.Event)
				tag := ""
				if r.Kind == tracking.OutProvisional {
					tag = " (provisional)"
				}
				fmt.Fprintf(stderr, "track: %.3f s: %s%s\n", r.T, b, tag)
			}
		case tracking.OutShot:
			o.write(r.Shot)
		case tracking.OutLag:
			o.write(r.Lag)
		}
	}
	return o.err
}

func (o *trackOut) write(rec shot.Record) {
	if o.err != nil {
		return
	}
	b, err := shot.Encode(rec)
	if err != nil {
		o.err = err
		return
	}
	if _, err := fmt.Fprintf(o.w, "%s\n", b); err != nil {
		o.err = err
		return
	}
	if o.engine == nil {
		return
	}
	o.seq++
	ruling := o.engine.Apply(o.seq, rec)
	b, err = json.Marshal(ruling)
	if err != nil {
		o.err = err
		return
	}
	_, o.err = fmt.Fprintf(o.w, "%s\n", b)
}
