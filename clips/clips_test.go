package clips

import (
	"context"
	"errors"
	"image"
	"image/color"
	"io"
	"math"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"sync"
	"testing"
	"time"

	"gocv.io/x/gocv"

	"github.com/cueref/cueref/calibration"
	"github.com/cueref/cueref/internal/matleak"
	"github.com/cueref/cueref/shot"
	"github.com/cueref/cueref/sim"
	"github.com/cueref/cueref/sim/render"
	"github.com/cueref/cueref/table"
	"github.com/cueref/cueref/vision"
)

// start runs r in the background; stop (defer it, it runs once) cancels it,
// waits for Run and closes r.
func start(t *testing.T, r *Recorder) (stop func()) {
	t.Helper()
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error, 1)
	go func() { done <- r.Run(ctx) }()
	var once sync.Once
	stop = func() {
		once.Do(func() {
			cancel()
			if err := <-done; !errors.Is(err, context.Canceled) {
				t.Errorf("Run returned %v, want context.Canceled", err)
			}
			r.Close()
		})
	}
	return stop
}

func waitFor(t *testing.T, d time.Duration, what string, cond func() bool) {
	t.Helper()
	deadline := time.Now().Add(d)
	for !cond() {
		if time.Now().After(deadline) {
			t.Fatalf("timed out after %v waiting for %s", d, what)
		}
		time.Sleep(5 * time.Millisecond)
	}
}

// tapAndWait taps one frame and waits until the encoder has it, so that no
// frame is dropped.
func tapAndWait(t *testing.T, r *Recorder, ts float64, m gocv.Mat) {
	t.Helper()
	before := r.Stats()
	r.Tap(ts, m)
	waitFor(t, 5*time.Second, "the frame to be encoded", func() bool {
		st := r.Stats()
		return st.Encoded+st.Dropped > before.Encoded+before.Dropped
	})
	if st := r.Stats(); st.Dropped != before.Dropped {
		t.Fatalf("frame at %.3f s dropped with an idle encoder", ts)
	}
}

// frameCount reads a video back and counts its frames.
func frameCount(t *testing.T, path string) (n, w, h int, fps float64) {
	t.Helper()
	vc, err := gocv.VideoCaptureFile(path)
	if err != nil {
		t.Fatalf("open %s: %v", path, err)
	}
	defer vc.Close()
	fps = vc.Get(gocv.VideoCaptureFPS)
	m := gocv.NewMat()
	defer m.Close()
	for vc.Read(&m) && !m.Empty() {
		n++
		w, h = m.Cols(), m.Rows()
	}
	return n, w, h, fps
}

type published struct {
	name, path string
	seq        int
}

type publisher struct {
	mu  sync.Mutex
	got []published
}

func (p *publisher) add(name, path string, seq int) error {
	p.mu.Lock()
	defer p.mu.Unlock()
	p.got = append(p.got, published{name, path, seq})
	return nil
}

func (p *publisher) list() []published {
	p.mu.Lock()
	defer p.mu.Unlock()
	return append([]published(nil), p.got...)
}

// magentaCentre returns the centroid of the still's deciding-event marks and
// how many pixels they cover.
func magentaCentre(t *testing.T, path string) (x, y, area float64) {
	t.Helper()
	img := gocv.IMRead(path, gocv.IMReadColor)
	defer img.Close()
	if img.Empty() {
		t.Fatalf("cannot read the still %s", path)
	}
	mask := gocv.NewMat()
	defer mask.Close()
	lo, hi := gocv.NewScalar(250, 0, 250, 0), gocv.NewScalar(255, 5, 255, 0) // BGR
	gocv.InRangeWithScalar(img, lo, hi, &mask)
	m := gocv.Moments(mask, true)
	if m["m00"] == 0 {
		return 0, 0, 0
	}
	return m["m10"] / m["m00"], m["m01"] / m["m00"], m["m00"]
}

// The simulator's match, filmed at 960×540 and kept at 640 px: a foul on the
// break gives a clip from a second before the stroke to a second after the
// stop, frame for frame, and a still whose mark sits where the calibration
// projects the first contact.
func TestReplayOfRenderedShot(t *testing.T) {
	defer matleak.Check(t, matleak.Count()) // after every deferred Close
	m, err := sim.PlayMatch(sim.MatchConfig{Game: "9ball", Racks: 1, Seed: 11, Table: table.MustNew("9ft"),
		Players: [2]string{"Anna", "Boris"}})
	if err != nil {
		t.Fatal(err)
	}
	v, err := render.NewVideo(m, render.Config{Size: [2]int{960, 540}, FPS: 30, Seed: 1})
	if err != nil {
		t.Fatal(err)
	}
	defer v.Close()
	rec := *m.Shots[0].Record
	var contact *shot.Event
	var end float64
	for i, e := range rec.Events {
		if e.Kind == shot.Contact && contact == nil {
			contact = &rec.Events[i]
		}
		end = math.Max(end, e.T)
	}
	if contact == nil || contact.At == nil {
		t.Fatalf("the break has no contact with a position: %+v", rec.Events)
	}

	dir := t.TempDir()
	pub := &publisher{}
	r, err := New(Config{Dir: dir, Width: 640, FPS: 30, Calibration: v.Calibration(), Publish: pub.add})
	if err != nil {
		t.Fatal(err)
	}
	stop := start(t, r)
	defer stop()

	frame := gocv.NewMat()
	defer frame.Close()
	strike := math.NaN()
	var times []float64
	for {
		tr, err := v.Next(&frame)
		if errors.Is(err, io.EOF) {
			break
		}
		if err != nil {
			t.Fatal(err)
		}
		if tr.Shot == 0 && math.IsNaN(strike) {
			strike = tr.T - tr.ShotT
		}
		tapAndWait(t, r, tr.T, frame)
		times = append(times, tr.T)
		if tr.T > strike+end+1.5 {
			break
		}
	}
	if strike < 1 {
		t.Fatalf("the stroke is at %.3f s of video: no second before it to keep", strike)
	}
	rec.Start = &strike
	r.Shot(&rec)
	r.Ruling(shot.Ruling{Seq: 5, Kind: "shot", Fouls: []shot.FoulCall{{Code: shot.WrongBallFirst, Rule: "1.16"}}})
	waitFor(t, 30*time.Second, "the clip", func() bool { st := r.Stats(); return st.Clips+st.Skipped > 0 })
	if st := r.Stats(); st.Clips != 1 {
		t.Fatalf("clips written: got %d, want 1 (stats %+v)", st.Clips, st)
	}

	pubs := pub.list()
	if len(pubs) != 2 || !strings.HasSuffix(pubs[0].name, ".png") || !strings.HasSuffix(pubs[1].name, ".avi") {
		t.Fatalf("published %+v, want the still then the video", pubs)
	}
	for _, p := range pubs {
		if p.seq != 5 || filepath.Dir(p.path) != dir || filepath.Base(p.path) != p.name {
			t.Errorf("published %+v, want seq 5 in %s", p, dir)
		}
		if _, err := os.Stat(p.path); err != nil {
			t.Errorf("published file: %v", err)
		}
	}

	// Every frame from strike − 1 s to stop + 1 s, nothing else.
	want := 0
	for _, ts := range times {
		if ts >= strike-1-eps && ts <= strike+end+1+eps {
			want++
		}
	}
	n, w, h, fps := frameCount(t, pubs[1].path)
	if n != want {
		t.Errorf("clip frames: got %d, want %d (strike %.3f s, stop %.3f s after it, ±1 s)", n, want, strike, end)
	}
	if w != 640 || h != 360 {
		t.Errorf("clip size: got %dx%d, want 640x360", w, h)
	}
	if math.Abs(fps-30) > 0.01 {
		t.Errorf("clip fps: got %v, want 30", fps)
	}

	// The still marks the first contact where the calibration projects it.
	px := v.Calibration().BallToImage(contact.At.P())
	wx, wy := px[0]*640/960, px[1]*640/960
	x, y, area := magentaCentre(t, pubs[0].path)
	if area < 20 {
		t.Fatalf("the still has %v px of the deciding mark, want a marker", area)
	}
	if d := math.Hypot(x-wx, y-wy); d > 1 {
		t.Errorf("deciding mark at (%.1f, %.1f), want the contact's projection (%.1f, %.1f): %.2f px off", x, y, wx, wy, d)
	}
	stop()
}

// synthetic draws a frame: a gradient and a ball that moves with time.
func synthetic(m *gocv.Mat, w, h int, ts float64) {
	if m.Cols() != w || m.Rows() != h {
		m.Close()
		*m = gocv.NewMatWithSize(h, w, gocv.MatTypeCV8UC3)
	}
	m.SetTo(gocv.NewScalar(40, 110, 30, 0))
	x := int(float64(w) * (0.1 + 0.8*math.Mod(ts/3, 1)))
	gocv.Circle(m, image.Pt(x, h/2), h/10, color.RGBA{R: 240, G: 240, B: 230}, -1)
	gocv.PutText(m, time.Duration(ts*float64(time.Second)).String(), image.Pt(10, h-10),
		gocv.FontHersheySimplex, 0.6, color.RGBA{R: 255, G: 255, B: 255}, 1)
}

// testShot is a shot struck at start that stops dur seconds later.
func testShot(start, dur float64) *shot.Shot {
	s := start
	return &shot.Shot{Start: &s, Before: shot.Positions{0: {600, 600}, 1: {1900, 635}},
		Events: []shot.Event{
			{T: 0, Kind: shot.Strike, Ball: 0},
			{T: dur / 3, Kind: shot.Contact, A: 0, B: 1, At: &shot.Point{1870, 630}},
			{T: dur, Kind: shot.Stop},
		}, After: shot.Positions{0: {1500, 640}}}
}

func dirSize(t *testing.T, dir string) (total int64, names []string) {
	t.Helper()
	ents, err := os.ReadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	for _, e := range ents {
		info, err := e.Info()
		if err != nil {
			t.Fatal(err)
		}
		total += info.Size()
		names = append(names, e.Name())
	}
	sort.Strings(names)
	return total, names
}

// Clips are pruned to the disk budget, oldest first; the newest stays.
func TestPruneKeepsBudget(t *testing.T) {
	defer matleak.Check(t, matleak.Count()) // after every deferred Close
	dir := t.TempDir()
	pub := &publisher{}
	r, err := New(Config{Dir: dir, Width: 320, FPS: 30, DiskBytes: 1 << 40, Publish: pub.add})
	if err != nil {
		t.Fatal(err)
	}
	stop := start(t, r)
	defer stop()
	frame := gocv.NewMat()
	defer frame.Close()
	for i := 0; i <= 12*30; i++ {
		ts := float64(i) / 30
		synthetic(&frame, 320, 180, ts)
		tapAndWait(t, r, ts, frame)
	}
	clip := func(seq int, at float64) {
		t.Helper()
		before := r.Stats().Clips
		r.Shot(testShot(at, 1))
		r.Ruling(shot.Ruling{Seq: seq, Kind: "shot", Fouls: []shot.FoulCall{{Code: shot.NoRail, Rule: "1.17"}}})
		waitFor(t, 20*time.Second, "a clip", func() bool { return r.Stats().Clips+r.Stats().Skipped > before })
		if r.Stats().Clips != before+1 {
			t.Fatalf("clip %d not written: %+v", seq, r.Stats())
		}
	}
	clip(1, 2)
	one, _ := dirSize(t, dir)
	// Room for two and a half clips: the third one written pushes the oldest out.
	r.cfg.DiskBytes = one * 5 / 2
	clip(2, 4)
	clip(3, 6)
	clip(4, 8)
	total, names := dirSize(t, dir)
	if total > r.cfg.DiskBytes {
		t.Errorf("clips take %d bytes, over the budget of %d", total, r.cfg.DiskBytes)
	}
	if len(names) != 4 || !strings.HasSuffix(names[0], "-seq3.avi") || !strings.HasSuffix(names[3], "-seq4.png") {
		t.Errorf("files kept: %v, want the clips and stills of seq 3 and 4", names)
	}
	if got := r.Stats().Pruned; got != 4 {
		t.Errorf("pruned %d files, want 4", got)
	}
	stop()
}

func TestPrune(t *testing.T) {
	tests := []struct {
		name   string
		files  map[string]int // name → size
		budget int64
		want   []string // left, sorted
		pruned int
	}{
		{"under budget", map[string]int{"clip-1-seq1.avi": 100, "clip-1-seq1.png": 10}, 200,
			[]string{"clip-1-seq1.avi", "clip-1-seq1.png"}, 0},
		{"oldest first", map[string]int{"clip-1-seq1.avi": 100, "clip-2-seq2.avi": 100, "clip-3-seq3.avi": 100}, 250,
			[]string{"clip-2-seq2.avi", "clip-3-seq3.avi"}, 1},
		{"other files untouched", map[string]int{"journal.jsonl": 1000, "clip-1-seq1.avi": 100, "clip-2-seq2.png": 100, "clip-3.txt": 500}, 150,
			[]string{"clip-2-seq2.png", "clip-3.txt", "journal.jsonl"}, 1},
		{"a clip and its still go together", map[string]int{"clip-1-seq1.avi": 100, "clip-1-seq1.png": 10, "clip-2-seq2.avi": 100, "clip-2-seq2.png": 10}, 200,
			[]string{"clip-2-seq2.avi", "clip-2-seq2.png"}, 2},
		{"zero budget", map[string]int{"clip-1-seq1.avi": 1, "clip-2-seq2.png": 1}, 0, nil, 2},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			dir := t.TempDir()
			for n, size := range tt.files {
				if err := os.WriteFile(filepath.Join(dir, n), make([]byte, size), 0o644); err != nil {
					t.Fatal(err)
				}
			}
			n, err := Prune(dir, tt.budget)
			if err != nil {
				t.Fatal(err)
			}
			_, left := dirSize(t, dir)
			if n != tt.pruned || strings.Join(left, ",") != strings.Join(tt.want, ",") {
				t.Errorf("got %d pruned, left %v; want %d pruned, left %v", n, left, tt.pruned, tt.want)
			}
		})
	}
	if _, err := Prune(filepath.Join(t.TempDir(), "missing"), 1); err == nil || !strings.HasPrefix(err.Error(), "clips: ") {
		t.Errorf("Prune of a missing dir: got %v, want a clips: error", err)
	}
}

// Tap never waits: with no encoder it keeps Queue frames and drops the rest; a
// slow encoder makes it drop (counted) instead of slowing the pipeline.
func TestTapNeverBlocks(t *testing.T) {
	defer matleak.Check(t, matleak.Count()) // after every deferred Close
	frame := gocv.NewMatWithSize(720, 1280, gocv.MatTypeCV8UC3)
	defer frame.Close()

	t.Run("no encoder", func(t *testing.T) {
		r, err := New(Config{Dir: t.TempDir(), Queue: 3})
		if err != nil {
			t.Fatal(err)
		}
		for i := 0; i < 10; i++ {
			r.Tap(float64(i)/30, frame)
		}
		if st := r.Stats(); st.Tapped != 10 || st.Dropped != 7 {
			t.Errorf("stats %+v, want 10 tapped, 7 dropped", st)
		}
		r.Close()
		r.Tap(1, frame) // after Close: dropped, not a crash
		if st := r.Stats(); st.Dropped != 8 {
			t.Errorf("after Close: %d dropped, want 8", st.Dropped)
		}
	})

	t.Run("slow encoder", func(t *testing.T) {
		const delay = 20 * time.Millisecond
		r, err := New(Config{Dir: t.TempDir(), Queue: 2})
		if err != nil {
			t.Fatal(err)
		}
		r.beforeEncode = func() { time.Sleep(delay) }
		stop := start(t, r)
		defer stop()
		const n = 100
		t0 := time.Now()
		for i := 0; i < n; i++ {
			r.Tap(float64(i)/60, frame)
		}
		took := time.Since(t0)
		stop()
		st := r.Stats()
		if took > n*delay/4 {
			t.Errorf("%d taps took %v behind an encoder at %v a frame: Tap waited", n, took, delay)
		}
		if st.Dropped == 0 || st.Tapped != n {
			t.Errorf("stats %+v: want %d tapped, some dropped", st, n)
		}
		if inflight := st.Tapped - st.Encoded - st.Dropped; inflight > 2 {
			t.Errorf("%d frames neither encoded nor dropped, more than the queue of 2: %+v", inflight, st)
		}
	})
}

func TestTicks(t *testing.T) {
	tests := []struct {
		name string
		ts   []float64
		fps  float64
		want []int
	}{
		{"every frame", []float64{0, 0.1, 0.2, 0.3}, 10, []int{0, 1, 2, 3}},
		{"a dropped frame is held", []float64{0, 0.1, 0.3}, 10, []int{0, 1, 1, 2}},
		{"jitter", []float64{1, 1.102, 1.198, 1.305}, 10, []int{0, 1, 2, 3}},
		{"one frame", []float64{5}, 30, []int{0}},
		{"none", nil, 30, nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := Ticks(tt.ts, tt.fps)
			if len(got) != len(tt.want) {
				t.Fatalf("got %v, want %v", got, tt.want)
			}
			for i := range got {
				if got[i] != tt.want[i] {
					t.Fatalf("got %v, want %v", got, tt.want)
				}
			}
		})
	}
}

func TestDecide(t *testing.T) {
	at := &shot.Point{1000, 500}
	s := &shot.Shot{Events: []shot.Event{
		{T: 0, Kind: shot.Strike},
		{T: 0.3, Kind: shot.Contact, A: 0, B: 3, At: at},
		{T: 0.6, Kind: shot.RailHit, Ball: 3, Rail: "foot", At: at},
		{T: 0.9, Kind: shot.Pocketed, Ball: 3, Pocket: "FR"},
		{T: 1.2, Kind: shot.Pocketed, Ball: 0, Pocket: "SL"},
		{T: 2.5, Kind: shot.Stop},
	}}
	tests := []struct {
		fouls  []string
		review string
		kind   string
		t      float64
	}{
		{[]string{shot.CueBallPocketed}, "", shot.Pocketed, 1.2},
		{[]string{shot.NoRail}, "", shot.Stop, 2.5},
		{[]string{shot.WrongBallFirst}, "", shot.Contact, 0.3},
		{[]string{shot.TouchedBall, shot.CueBallPocketed}, "", shot.Pocketed, 1.2}, // no touch event: the next foul
		{[]string{shot.ThreeFouls}, "", shot.Contact, 0.3},
		{nil, "first contact occluded", shot.Contact, 0.3},
	}
	for _, tt := range tests {
		j := job{shot: s, review: tt.review}
		for _, f := range tt.fouls {
			j.fouls = append(j.fouls, shot.FoulCall{Code: f})
		}
		d := decide(j)
		if d.event.Kind != tt.kind || d.t != tt.t {
			t.Errorf("fouls %v review %q: got %s at %v, want %s at %v", tt.fouls, tt.review, d.event.Kind, d.t, tt.kind, tt.t)
		}
	}
}

// Which rulings ask for a replay.
func TestRulingsThatAskForReplays(t *testing.T) {
	r, err := New(Config{Dir: t.TempDir()})
	if err != nil {
		t.Fatal(err)
	}
	defer r.Close()
	foul := []shot.FoulCall{{Code: shot.NoRail, Rule: "1.17"}}
	reviewed := testShot(3, 1)
	reviewed.Review = &shot.Review{Reason: "first contact occluded"}
	tests := []struct {
		name string
		shot *shot.Shot // given with Shot before the ruling; nil: none
		r    shot.Ruling
		want bool
	}{
		{"legal shot", testShot(1, 1), shot.Ruling{Seq: 2, Kind: "shot"}, false},
		{"foul", testShot(1, 1), shot.Ruling{Seq: 3, Kind: "shot", Fouls: foul}, true},
		{"review on the shot", reviewed, shot.Ruling{Seq: 4, Kind: "shot"}, true},
		{"review on the ruling", testShot(1, 1), shot.Ruling{Seq: 5, Kind: "shot", Review: &shot.Review{Reason: "x"}}, true},
		{"refused shot", testShot(1, 1), shot.Ruling{Seq: 0, Kind: shot.KindError}, false},
		{"referee's foul after a shot", nil, shot.Ruling{Seq: 6, Kind: "foul", Fouls: foul}, true},
		{"decision", nil, shot.Ruling{Seq: 7, Kind: "decision"}, false},
		{"undo", nil, shot.Ruling{Seq: 8, Kind: "undo"}, false},
		{"referee's foul after an undo", nil, shot.Ruling{Seq: 9, Kind: "foul", Fouls: foul}, false},
	}
	for _, tt := range tests {
		if tt.shot != nil {
			r.Shot(tt.shot)
		}
		r.Ruling(tt.r)
		var got bool
		select {
		case j := <-r.jobs:
			got = true
			if j.seq != tt.r.Seq {
				t.Errorf("%s: job for seq %d, want %d", tt.name, j.seq, tt.r.Seq)
			}
		default:
		}
		if got != tt.want {
			t.Errorf("%s: replay asked %v, want %v", tt.name, got, tt.want)
		}
	}
}

func TestRing(t *testing.T) {
	g := ring{seconds: 2}
	for i := 0; i <= 100; i++ {
		g.push(frame{t: float64(i) / 10})
	}
	if n := g.len(); n != 21 {
		t.Errorf("kept %d frames of 10 fps over 2 s, want 21", n)
	}
	if got := g.span(8.45, 9.25); len(got) != 8 || got[0].t != 8.5 || got[7].t != 9.2 {
		t.Errorf("span(8.45, 9.25) = %d frames from %v, want 8 from 8.5", len(got), got)
	}
	if got := g.span(0, 7); got != nil {
		t.Errorf("span before the ring: got %d frames, want none", len(got))
	}
	g.push(frame{t: 1}) // the source went back: start over
	if tn, _ := g.newest(); g.len() != 1 || tn != 1 {
		t.Errorf("after going back: %d frames, newest %v; want 1 at 1", g.len(), tn)
	}
}

func TestNewErrors(t *testing.T) {
	tests := []struct {
		cfg  Config
		want string
	}{
		{Config{}, "clips: Dir is required"},
		{Config{Dir: "x", Seconds: 0.5}, "clips: Seconds 0.5 is outside 1–600"},
		{Config{Dir: "x", Width: 10}, "clips: Width 10 is outside 64–4096"},
		{Config{Dir: "x", DiskBytes: -1}, "clips: DiskBytes -1 is negative"},
		{Config{Dir: "x", Quality: 101}, "clips: Quality 101 is outside 1–100"},
	}
	for _, tt := range tests {
		r, err := New(tt.cfg)
		if err == nil || err.Error() != tt.want {
			t.Errorf("New(%+v): got %v, want %s", tt.cfg, err, tt.want)
		}
		if r != nil {
			r.Close()
		}
	}
}

// A clip request for a time the ring no longer holds is skipped, not written empty.
func TestNoFramesNoClip(t *testing.T) {
	defer matleak.Check(t, matleak.Count()) // after every deferred Close
	r, err := New(Config{Dir: t.TempDir()})
	if err != nil {
		t.Fatal(err)
	}
	stop := start(t, r)
	defer stop()
	frame := gocv.NewMat()
	defer frame.Close()
	for i := 0; i < 30; i++ {
		synthetic(&frame, 320, 180, 100+float64(i)/30)
		tapAndWait(t, r, 100+float64(i)/30, frame)
	}
	r.Shot(testShot(10, 1))
	r.Ruling(shot.Ruling{Seq: 3, Kind: "shot", Fouls: []shot.FoulCall{{Code: shot.NoRail}}})
	waitFor(t, 10*time.Second, "the request to be skipped", func() bool { return r.Stats().Skipped == 1 })
	if st := r.Stats(); st.Clips != 0 {
		t.Errorf("stats %+v, want no clip", st)
	}
	stop()
}

// The tap's cost per 1280×720 frame: the copy and resize into a preallocated
// Mat the detect stage pays (the encoding is on the recorder's goroutine). One
// OpenCV thread, as on a busy Raspberry Pi.
func BenchmarkTap1280x720(b *testing.B) {
	vision.SetNumThreads(1)
	defer vision.SetNumThreads(-1)
	frame := gocv.NewMatWithSize(720, 1280, gocv.MatTypeCV8UC3)
	defer frame.Close()
	synthetic(&frame, 1280, 720, 1)
	r, err := New(Config{Dir: b.TempDir(), Queue: 1})
	if err != nil {
		b.Fatal(err)
	}
	defer r.Close()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		r.Tap(float64(i)/60, frame)
		r.free <- <-r.queue // stand in for the encoder, free of cost
	}
	b.StopTimer()
	if r.Stats().Dropped != 0 {
		b.Fatal("the tap dropped frames with a free slot")
	}
	b.ReportMetric(float64(b.Elapsed().Microseconds())/float64(b.N), "µs/frame")
}

// The encoder's cost per kept frame (640×360 JPEG), on the recorder's goroutine:
// it must stay under the frame interval or Tap drops.
func BenchmarkEncode640(b *testing.B) {
	vision.SetNumThreads(1)
	defer vision.SetNumThreads(-1)
	m, err := sim.PlayMatch(sim.MatchConfig{Game: "9ball", Racks: 1, Seed: 11, Table: table.MustNew("9ft"),
		Players: [2]string{"Anna", "Boris"}})
	if err != nil {
		b.Fatal(err)
	}
	v, err := render.NewVideo(m, render.DefaultConfig())
	if err != nil {
		b.Fatal(err)
	}
	defer v.Close()
	frame := gocv.NewMat()
	defer frame.Close()
	if _, err := v.Next(&frame); err != nil {
		b.Fatal(err)
	}
	r, err := New(Config{Dir: b.TempDir(), Queue: 1})
	if err != nil {
		b.Fatal(err)
	}
	defer r.Close()
	r.Tap(0, frame)
	s := <-r.queue
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		s.t = float64(i) / 60
		r.encode(s)
	}
	b.StopTimer()
	r.free <- s
	f := r.ring.span(0, math.Inf(1))
	b.ReportMetric(float64(b.Elapsed().Microseconds())/float64(b.N), "µs/frame")
	b.ReportMetric(float64(len(f[len(f)-1].jpg))/1024, "KiB/frame")
}

// The still's marks sit where a pinhole camera over the table sees each event:
// a contact at ball-centre height, a rail touch and a pocket mouth at
// cushion-nose height, the stop at the cue ball's rest, scaled to the kept size.
func TestMarks(t *testing.T) {
	tb := table.MustNew("9ft")
	const camX, camY, camH, f, cx, cy = 1270.0, 635.0, 2500.0, 400.0, 640.0, 360.0
	see := func(x, y, z float64) [2]float64 { // the pinhole's pixel, at the source's 1280 px
		return [2]float64{cx + f*(x-camX)/(camH-z), cy + f*(y-camY)/(camH-z)}
	}
	nose := calibration.DefaultNoseHeight
	c := func(x, y float64) [2]float64 { return see(x, y, nose) }
	cal, err := calibration.New(calibration.File{Table: "9ft", ImageSize: [2]int{1280, 720},
		CornersPx:      calibration.Corners{HeadLeft: c(0, 0), HeadRight: c(0, tb.W), FootRight: c(tb.L, tb.W), FootLeft: c(tb.L, 0)},
		CameraHeightMM: camH, CameraMM: &[2]float64{camX, camY}})
	if err != nil {
		t.Fatal(err)
	}
	fr := tb.Pocket(table.FR).Center
	s := &shot.Shot{Before: shot.Positions{0: {600, 600}}, After: shot.Positions{0: {2000, 300}}}
	tests := []struct {
		e       shot.Event
		x, y, z float64
	}{
		{shot.Event{Kind: shot.Contact, A: 0, B: 3, At: &shot.Point{1000, 500}}, 1000, 500, tb.BallR},
		{shot.Event{Kind: shot.RailHit, Ball: 3, Rail: "foot", At: &shot.Point{tb.L, 900}}, tb.L, 900, nose},
		{shot.Event{Kind: shot.Pocketed, Ball: 0, Pocket: "FR"}, fr.X, fr.Y, nose},
		{shot.Event{Kind: shot.Strike, Ball: 0}, 600, 600, tb.BallR},
		{shot.Event{Kind: shot.Stop}, 2000, 300, tb.BallR},
	}
	p := projector{cal: cal, scale: 640.0 / 1280}
	for _, tt := range tests {
		got, ok := p.point(tt.e, s)
		w := see(tt.x, tt.y, tt.z)
		if !ok || math.Hypot(float64(got.X)-w[0]/2, float64(got.Y)-w[1]/2) > 0.75 {
			t.Errorf("%s: mark at %v (ok %v), want (%.1f, %.1f)", tt.e.Kind, got, ok, w[0]/2, w[1]/2)
		}
	}
	if _, ok := p.point(shot.Event{Kind: shot.OffTable, Ball: 0}, s); ok {
		t.Error("off_table has no position but got a mark")
	}
}
