package pipeline

import (
	"context"
	"sync"
	"testing"
	"time"

	"github.com/cueref/cueref/rules"
	"github.com/cueref/cueref/shot"
	"github.com/cueref/cueref/sim/render"
	"github.com/cueref/cueref/table"
	"github.com/cueref/cueref/tracking"
)

// recorder is a Sink that keeps everything, optionally slowly.
type recorder struct {
	mu     sync.Mutex
	shots  []*shot.Shot
	events []shot.Event
	frames int
	delay  time.Duration
	onShot func(n int)
}

func (r *recorder) Shot(s *shot.Shot) {
	r.mu.Lock()
	r.shots = append(r.shots, s)
	n := len(r.shots)
	r.mu.Unlock()
	if r.onShot != nil {
		r.onShot(n)
	}
}
func (r *recorder) Lag(*shot.Lag)      {}
func (r *recorder) Event(e shot.Event) { r.mu.Lock(); r.events = append(r.events, e); r.mu.Unlock() }
func (r *recorder) Frame(float64, []tracking.Ball, time.Time) {
	r.mu.Lock()
	r.frames++
	r.mu.Unlock()
	if r.delay > 0 {
		time.Sleep(r.delay)
	}
}

func testSim(t *testing.T, seed int64) *Sim {
	t.Helper()
	rc := render.DefaultConfig()
	rc.Size = [2]int{960, 540}
	rc.FPS = 60
	rc.Seed = seed
	// Blue cloth: the detector's best case (the cloth-coloured balls are what
	// it still misses on green and red; vision/simbench measures every cloth).
	rc.Cloth = "blue"
	s, err := NewSim(SimConfig{Game: "9ball", Seed: seed, Table: table.MustNew("9ft"), Render: rc})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { s.Close() })
	return s
}

// firstContact returns the ball the cue ball touched first, or −1.
func firstContact(s *shot.Shot) int {
	for _, e := range s.Events {
		if e.Kind == shot.Contact {
			if b, ok := e.Other(0); ok {
				return b
			}
		}
	}
	return -1
}

// The simulator's frames go through the real detector and tracker and come out
// as shots that agree with the simulator's ground truth.
func TestSimThroughPipeline(t *testing.T) {
	src := testSim(t, 3)
	const want = 3
	ctx, cancel := context.WithTimeout(context.Background(), 3*time.Minute)
	defer cancel()
	rec := &recorder{onShot: func(n int) {
		if n >= want {
			cancel()
		}
	}}
	// As cueref run does: the tracker knows the game's balls.
	p, err := New(Config{Frames: src, Calibration: src.Calibration(), FPS: src.FPS(), Sink: rec, Lossless: true, Balls: rules.Balls("9ball")})
	if err != nil {
		t.Fatal(err)
	}
	err = p.Run(ctx)
	if len(rec.shots) < want {
		t.Fatalf("pipeline gave %d shots (err %v), want %d", len(rec.shots), err, want)
	}
	truth := src.Match().Shots
	for i := 0; i < want; i++ {
		got, tr := rec.shots[i], truth[i].Record
		if g, w := firstContact(got), firstContact(tr); g != w {
			t.Errorf("shot %d: first contact with ball %d, want %d (truth)", i+1, g, w)
		}
		if len(got.Events) == 0 || got.Events[0].Kind != shot.Strike {
			t.Errorf("shot %d: events %v do not start with the strike", i+1, got.Events)
		}
		// The plumbing must deliver the layout; how exactly the eye sees every
		// ball is measured against the truth by cueref bench and vision/simbench.
		if g, w := len(got.After), len(tr.After); g < w-2 || g > w {
			t.Errorf("shot %d: %d balls at rest on the bed, want %d (±2)", i+1, g, w)
		} else if g != w {
			t.Logf("shot %d: %d balls at rest on the bed, truth %d", i+1, g, w)
		}
	}
	// Live events: each confirmed strike was told provisionally first (the
	// scoreboard shows it a frame or two after the stroke).
	rec.mu.Lock()
	var provStrike, strikes, early int
	for _, e := range rec.events {
		switch {
		case e.Kind == shot.Strike && e.Provisional:
			provStrike++
		case e.Kind == shot.Strike:
			strikes++
			if provStrike >= strikes {
				early++
			}
		}
	}
	rec.mu.Unlock()
	if strikes == 0 || early < strikes {
		t.Errorf("live strikes: %d confirmed, %d of them told provisionally first; want all", strikes, early)
	}
	st := p.Stats()
	if st.Tracked == 0 || st.Frames < st.Tracked {
		t.Errorf("stats %+v", st)
	}
	t.Logf("%d frames, %d tracked, %d dropped, %d detections", st.Frames, st.Tracked, st.Dropped, st.Detected)
}

// A slow consumer makes the pipeline drop frames rather than block the camera,
// and every frame read is either tracked or counted as dropped.
func TestCameraNeverBlocked(t *testing.T) {
	src := testSim(t, 5)
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Second)
	defer cancel()
	rec := &recorder{delay: 20 * time.Millisecond}
	p, err := New(Config{Frames: src, Calibration: src.Calibration(), FPS: src.FPS(), Sink: rec, Queue: 1})
	if err != nil {
		t.Fatal(err)
	}
	p.Run(ctx)
	st := p.Stats()
	if st.Dropped == 0 {
		t.Errorf("a consumer at 50 frames/s behind an unpaced source dropped nothing: %+v", st)
	}
	// At most Queue+1 frames in flight are neither tracked nor dropped at the end.
	if lost := st.Frames - st.Tracked - st.Dropped; lost > 3 {
		t.Errorf("%d frames unaccounted for: %+v", lost, st)
	}
}

func TestParseSimSpec(t *testing.T) {
	for spec, want := range map[string]string{"sim:9ball": "9ball", "sim:14.1": "14.1", "sim:snooker": "", "9ball": ""} {
		got, err := ParseSimSpec(spec)
		if got != want || (want == "") != (err != nil) {
			t.Errorf("ParseSimSpec(%q) = %q, %v; want %q", spec, got, err, want)
		}
	}
}
