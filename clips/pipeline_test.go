package clips

import (
	"context"
	"math"
	"sync"
	"testing"
	"time"

	"github.com/cueref/cueref/internal/matleak"
	"github.com/cueref/cueref/pipeline"
	"github.com/cueref/cueref/shot"
	"github.com/cueref/cueref/sim/render"
	"github.com/cueref/cueref/table"
	"github.com/cueref/cueref/tracking"
)

// sink keeps the tracker's shots and the source times of the tracked frames,
// and stops the pipeline a little after the first shot's span.
type sink struct {
	mu     sync.Mutex
	shots  []*shot.Shot
	times  []float64
	until  float64
	cancel context.CancelFunc
}

func (s *sink) Shot(sh *shot.Shot) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if len(s.shots) == 0 && sh.Start != nil {
		_, to, _ := Span(sh, 1)
		s.until = to + 0.5
	}
	s.shots = append(s.shots, sh)
}
func (s *sink) Lag(*shot.Lag)    {}
func (s *sink) Event(shot.Event) {}
func (s *sink) Frame(t float64, _ []tracking.Ball, _ time.Time) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.times = append(s.times, t)
	if s.until > 0 && t > s.until {
		s.cancel()
	}
}

// The recorder tapped into the real pipeline: the tracker's shot.Start is the
// source time the tap sees, so the clip of its first shot holds exactly the
// frames from a second before the stroke to a second after the stop.
func TestPipelineTimeBase(t *testing.T) {
	defer matleak.Check(t, matleak.Count())
	rc := render.DefaultConfig()
	rc.Size = [2]int{960, 540}
	rc.FPS = 30
	rc.Seed = 2
	src, err := pipeline.NewSim(pipeline.SimConfig{Game: "9ball", Seed: 2, Table: table.MustNew("9ft"), Render: rc})
	if err != nil {
		t.Fatal(err)
	}
	defer src.Close()
	dir := t.TempDir()
	pub := &publisher{}
	// A queue of two seconds of frames: the encoder never falls that far behind.
	r, err := New(Config{Dir: dir, Queue: 60, Calibration: src.Calibration(), Publish: pub.add})
	if err != nil {
		t.Fatal(err)
	}
	stop := start(t, r)
	defer stop()

	ctx, cancel := context.WithTimeout(context.Background(), 3*time.Minute)
	defer cancel()
	sk := &sink{cancel: cancel}
	p, err := pipeline.New(pipeline.Config{Frames: src, Calibration: src.Calibration(), FPS: src.FPS(),
		Sink: sk, Tap: r, Lossless: true})
	if err != nil {
		t.Fatal(err)
	}
	p.Run(ctx)
	if len(sk.shots) == 0 {
		t.Fatal("the pipeline saw no shot")
	}
	pst := p.Stats()
	waitFor(t, 10*time.Second, "the encoder to catch up", func() bool {
		st := r.Stats()
		return st.Encoded+st.Dropped == st.Tapped
	})
	// Every tracked frame was tapped (and a frame or two more, detected when
	// the stop cancelled the track stage); none dropped.
	if st := r.Stats(); st.Tapped < pst.Tracked || st.Tapped > pst.Frames || st.Dropped != 0 {
		t.Fatalf("recorder %+v, pipeline %+v: want every tracked frame tapped and none dropped", st, pst)
	}

	s := sk.shots[0]
	from, to, err := Span(s, 1)
	if err != nil {
		t.Fatal(err)
	}
	want := 0
	for _, ts := range sk.times {
		if ts >= from-eps && ts <= to+eps {
			want++
		}
	}
	r.Shot(s)
	r.Ruling(shot.Ruling{Seq: 2, Kind: "shot", Fouls: []shot.FoulCall{{Code: shot.NoRail, Rule: "1.17"}}})
	waitFor(t, 30*time.Second, "the clip", func() bool { st := r.Stats(); return st.Clips+st.Skipped > 0 })
	pubs := pub.list()
	if len(pubs) != 2 {
		t.Fatalf("published %+v, want a still and a clip (stats %+v)", pubs, r.Stats())
	}
	n, w, h, fps := frameCount(t, pubs[1].path)
	if n != want || w != 640 || h != 360 || math.Abs(fps-30) > 0.01 {
		t.Errorf("clip: %d frames %dx%d at %v fps; want %d frames (%.3f … %.3f s) 640x360 at 30", n, w, h, fps, want, from, to)
	}
	stop()
}
