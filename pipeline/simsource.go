package pipeline

import (
	"context"
	"errors"
	"fmt"
	"io"
	"strings"
	"time"

	"gocv.io/x/gocv"

	"github.com/cueref/cueref/calibration"
	"github.com/cueref/cueref/shot"
	"github.com/cueref/cueref/sim"
	"github.com/cueref/cueref/sim/render"
	"github.com/cueref/cueref/source"
	"github.com/cueref/cueref/table"
)

// SimConfig sets up the simulator as a frame source (the spec "sim:GAME").
type SimConfig struct {
	Game    string
	Players [2]string
	Race    int
	Racks   int   // racks per simulated match (default 1)
	Seed    int64 // the first match's seed; each looped match adds one
	Table   table.Table
	Render  render.Config // camera, size, fps, cloth, noise…; its Seed fixes the camera
	Pace    bool          // deliver frames in real time at the video's frame rate
	Loop    bool          // when a match ends, simulate the next one
	// Records is called, from the reading goroutine, with the records a person
	// would enter before each shot of the simulated match: the game record
	// before the match's first frame, then any decisions, and the shot's call
	// as a "call" command. The daemon feeds them to the referee as commands.
	Records func(recs []shot.Record)
}

// Sim is the simulator seen as a camera: it plays matches with sim.PlayMatch and
// films them with render.Video.
type Sim struct {
	cfg      SimConfig
	match    *sim.Match
	video    *render.Video
	shot     int     // the shot index of the last frame
	tBase    float64 // source time at the current video's start
	seqBase  uint64
	seq      uint64
	n        int64 // matches played
	start    time.Time
	lastT    float64
	sentNext int // next record index of the match not yet sent
}

// ParseSimSpec returns the game of a "sim:GAME" spec.
func ParseSimSpec(spec string) (string, error) {
	game, ok := strings.CutPrefix(spec, "sim:")
	if !ok {
		return "", fmt.Errorf("pipeline: %q is not a sim:GAME source", spec)
	}
	for _, g := range shot.Games {
		if g == game {
			return game, nil
		}
	}
	return "", fmt.Errorf("pipeline: source %q: unknown game %q (want sim:8ball, sim:9ball, sim:10ball or sim:14.1)", spec, game)
}

// NewSim simulates the first match and prepares its video.
func NewSim(cfg SimConfig) (*Sim, error) {
	if cfg.Racks <= 0 {
		cfg.Racks = 1
	}
	if cfg.Players == ([2]string{}) {
		cfg.Players = [2]string{"Anna", "Boris"}
	}
	if cfg.Table.L == 0 {
		cfg.Table = table.MustNew("9ft")
	}
	s := &Sim{cfg: cfg, shot: -1}
	if err := s.next(); err != nil {
		return nil, err
	}
	return s, nil
}

func (s *Sim) next() error {
	m, err := sim.PlayMatch(sim.MatchConfig{
		Game: s.cfg.Game, Racks: s.cfg.Racks, Seed: s.cfg.Seed + s.n,
		Table: s.cfg.Table, Players: s.cfg.Players, Race: s.cfg.Race,
	})
	if err != nil {
		return fmt.Errorf("pipeline: sim: %w", err)
	}
	rc := s.cfg.Render
	rc.Table = s.cfg.Table
	v, err := render.NewVideo(m, rc)
	if err != nil {
		return fmt.Errorf("pipeline: sim: %w", err)
	}
	if s.video != nil {
		s.tBase = s.lastT + 1/s.video.FPS()
		s.seqBase = s.seq
		s.video.Close()
	}
	s.match, s.video, s.shot, s.sentNext = m, v, -1, 0
	s.n++
	return nil
}

// Calibration is the simulated camera's true calibration.
func (s *Sim) Calibration() *calibration.Calibration { return s.video.Calibration() }

// FPS is the video's frame rate.
func (s *Sim) FPS() float64 { return s.video.FPS() }

// Match is the match being filmed.
func (s *Sim) Match() *sim.Match { return s.match }

// Close releases the renderer.
func (s *Sim) Close() error { return s.video.Close() }

// Read renders the next frame.
func (s *Sim) Read(ctx context.Context, dst *gocv.Mat) (source.Meta, error) {
	if err := ctx.Err(); err != nil {
		return source.Meta{}, err
	}
	truth, err := s.video.Next(dst)
	if errors.Is(err, io.EOF) && s.cfg.Loop {
		if err = s.next(); err != nil {
			return source.Meta{}, err
		}
		truth, err = s.video.Next(dst)
	}
	if err != nil {
		return source.Meta{}, err
	}
	if truth.Shot != s.shot && truth.Shot >= 0 {
		s.shot = truth.Shot
		s.announce(truth.Shot)
	}
	m := source.Meta{Seq: s.seq, T: s.tBase + truth.T, Wall: time.Now()}
	if s.start.IsZero() {
		s.start = m.Wall
	}
	if s.cfg.Pace {
		due := s.start.Add(time.Duration(m.T * float64(time.Second)))
		if d := time.Until(due); d > 0 {
			t := time.NewTimer(d)
			select {
			case <-ctx.Done():
				t.Stop()
				return source.Meta{}, ctx.Err()
			case <-t.C:
			}
		}
		m.Wall = time.Now()
	}
	s.lastT = m.T
	s.seq++
	return m, nil
}

// announce hands out the records entered before shot i: everything in the
// match's log before the shot that is not a shot, and the shot's call.
func (s *Sim) announce(i int) {
	if s.cfg.Records == nil || i >= len(s.match.Shots) {
		return
	}
	sh := s.match.Shots[i]
	var recs []shot.Record
	for ; s.sentNext < sh.Index && s.sentNext < len(s.match.Records); s.sentNext++ {
		switch r := s.match.Records[s.sentNext].(type) {
		case *shot.Shot:
		default:
			recs = append(recs, r)
		}
	}
	s.sentNext = sh.Index + 1
	if c := sh.Record.Call; !c.Empty() {
		cc := *c
		recs = append(recs, &cc)
	}
	if len(recs) > 0 {
		s.cfg.Records(recs)
	}
}
