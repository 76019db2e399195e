package render

import (
	"bytes"
	"crypto/sha256"
	"errors"
	"io"
	"math"
	"math/rand"
	"testing"

	"gocv.io/x/gocv"

	"github.com/cueref/cueref/calibration"
	"github.com/cueref/cueref/sim"
	"github.com/cueref/cueref/table"
)

// The calibration the renderer reports must be exactly its camera: the pinhole
// projection (with distortion) of points at any height equals ToImage.
func TestCalibrationIsTheCamera(t *testing.T) {
	for _, tc := range []struct {
		name       string
		size       [2]int
		distortion bool
		table      string
	}{
		{"720p", [2]int{1280, 720}, false, "9ft"},
		{"720p-distorted", [2]int{1280, 720}, true, "9ft"},
		{"vga-distorted-7ft", [2]int{640, 480}, true, "7ft"},
		{"1080p-8ft", [2]int{1920, 1080}, true, "8ft"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			tb := table.MustNew(tc.table)
			for seed := int64(1); seed <= 5; seed++ {
				rng := rand.New(rand.NewSource(seed))
				cam := newCamera(tb, tc.size, tc.distortion, rng)
				cal, err := cam.Calibration(tb, clothes["green"])
				if err != nil {
					t.Fatal(err)
				}
				if h := cam.Pos[2]; h < 1800 || h > 2500 {
					t.Errorf("seed %d: camera height %g, want 1800–2500 mm", seed, h)
				}
				var worst float64
				for x := -150.0; x <= tb.L+150; x += 97 {
					for y := -150.0; y <= tb.W+150; y += 83 {
						for _, z := range []float64{0, tb.BallR, calibration.DefaultNoseHeight, 400} {
							want := cam.Project(x, y, z)
							got := cal.ToImage(table.Point{X: x, Y: y}, z)
							worst = math.Max(worst, math.Hypot(got[0]-want[0], got[1]-want[1]))
						}
					}
				}
				if worst > 1e-6 {
					t.Errorf("seed %d: calibration vs camera: worst %.3g px, want < 1e-6", seed, worst)
				}
				// The whole playing surface is in the frame.
				for _, p := range []table.Point{{}, {X: tb.L}, {Y: tb.W}, {X: tb.L, Y: tb.W}} {
					q := cal.ToImage(p, calibration.DefaultNoseHeight)
					if q[0] < 0 || q[1] < 0 || q[0] >= float64(tc.size[0]) || q[1] >= float64(tc.size[1]) {
						t.Errorf("seed %d: corner %v at %v is outside the %v frame", seed, p, q, tc.size)
					}
				}
			}
		})
	}
}

// discCentroid returns the centroid and count of the pixels near `near` where
// img differs from the empty table.
func discCentroid(img, empty gocv.Mat, near [2]float64, rad float64) ([2]float64, int) {
	w, h := img.Cols(), img.Rows()
	a, _ := img.DataPtrUint8()
	b, _ := empty.DataPtrUint8()
	r := int(rad*2) + 3
	var sx, sy float64
	n := 0
	for y := int(near[1]) - r; y <= int(near[1])+r; y++ {
		for x := int(near[0]) - r; x <= int(near[0])+r; x++ {
			if x < 0 || y < 0 || x >= w || y >= h {
				continue
			}
			i := (y*w + x) * 3
			d := 0
			for c := 0; c < 3; c++ {
				d += abs(int(a[i+c]) - int(b[i+c]))
			}
			if d > 12 {
				sx += float64(x)
				sy += float64(y)
				n++
			}
		}
	}
	if n == 0 {
		return [2]float64{math.NaN(), math.NaN()}, 0
	}
	return [2]float64{sx / float64(n), sy / float64(n)}, n
}

func abs(v int) int {
	if v < 0 {
		return -v
	}
	return v
}

// The true ball centres, projected through the written calibration (saved and
// loaded back), land on the drawn balls: the centroid of each ball's disc (the
// pixels that differ from the empty table, drawn without shadows) is within
// 1 px, over the whole bed, with lens distortion, for every cloth.
func TestStillBallsWhereCalibrationSays(t *testing.T) {
	tb := tb9
	R := tb.BallR
	layout := map[int]table.Point{
		0:  {X: 1270, Y: 635},
		1:  {X: R + 3, Y: R + 3},
		3:  {X: tb.L - R - 3, Y: tb.W - R - 3},
		5:  {X: tb.L - R - 40, Y: R + 30},
		8:  {X: 1900, Y: 300},
		9:  {X: R + 30, Y: tb.W - R - 40},
		11: {X: tb.L / 2, Y: R + 1},
		13: {X: tb.L/2 + 300, Y: tb.W - R - 1},
		15: {X: 700, Y: 400},
	}
	var balls []ballSample
	rng := rand.New(rand.NewSource(1))
	for n := 0; n <= 15; n++ {
		if p, ok := layout[n]; ok {
			balls = append(balls, ballSample{ball: n, pos: p, z: R, orient: randomOrient(rng), onBed: true})
		}
	}
	for _, tc := range []struct {
		name  string
		cloth string
		dist  bool
		seed  int64
	}{{"green", "green", false, 1}, {"blue-distorted", "blue", true, 2}, {"red-distorted", "red", true, 3}} {
		t.Run(tc.name, func(t *testing.T) {
			cfg, err := Config{Size: [2]int{1280, 720}, Cloth: tc.cloth, Seed: tc.seed, Distortion: tc.dist}.withDefaults()
			if err != nil {
				t.Fatal(err)
			}
			r, err := newRenderer(tb, cfg)
			if err != nil {
				t.Fatal(err)
			}
			defer r.Close()
			r.noShadows = true
			img, empty := gocv.NewMat(), gocv.NewMat()
			defer img.Close()
			defer empty.Close()
			truth, err := r.draw(&img, &frameSpec{samples: [][]ballSample{balls}, at: balls}, nil)
			if err != nil {
				t.Fatal(err)
			}
			if _, err := r.draw(&empty, &frameSpec{}, nil); err != nil {
				t.Fatal(err)
			}
			// Round trip through the file format.
			data, err := r.cal.Marshal()
			if err != nil {
				t.Fatal(err)
			}
			back, err := calibration.Parse(data)
			if err != nil {
				t.Fatal(err)
			}
			if len(truth) != len(layout) {
				t.Fatalf("truth has %d balls, want %d", len(truth), len(layout))
			}
			for _, tr := range truth {
				want := back.BallToImage(layout[tr.Ball])
				if d := math.Hypot(tr.Px[0]-want[0], tr.Px[1]-want[1]); d > 1e-6 {
					t.Errorf("ball %d: truth px %v, calibration says %v", tr.Ball, tr.Px, want)
				}
				if tr.At != layout[tr.Ball] || !tr.OnBed || tr.Visible != 1 || tr.Speed != 0 {
					t.Errorf("ball %d: truth %+v, want at %v on the bed, fully visible, at rest", tr.Ball, tr, layout[tr.Ball])
				}
				rad := back.BallRadiusPx(layout[tr.Ball])
				got, n := discCentroid(img, empty, want, rad)
				area := math.Pi * rad * rad
				if float64(n) < 0.85*area || float64(n) > 1.15*area {
					t.Errorf("ball %d: disc of %d px, want about π·%.1f² = %.0f", tr.Ball, n, rad, area)
				}
				if d := math.Hypot(got[0]-want[0], got[1]-want[1]); !(d <= 1) {
					t.Errorf("ball %d at %v: disc centroid %.2f,%.2f, calibration says %.2f,%.2f: %.2f px apart, want ≤ 1",
						tr.Ball, layout[tr.Ball], got[0], got[1], want[0], want[1], d)
				} else if testing.Verbose() {
					t.Logf("ball %2d: centroid off by %.3f px", tr.Ball, d)
				}
			}
		})
	}
}

// A ball under the shooter's hand is not visible; the others are.
func TestStillOccludedBall(t *testing.T) {
	cue := table.Point{X: 1400, Y: 600}
	target := table.Point{X: 1600, Y: 600}
	cfg := Config{Size: [2]int{1280, 720}, Seed: 4, Occluders: true}
	// The bridge hand is pl.bridge (170–240 mm) behind the cue ball; its palm a
	// little further back. Put ball 2 there and ball 3 far from the arm.
	layout := map[int]table.Point{0: cue, 1: target, 2: {X: cue.X - 270, Y: cue.Y + 20}, 3: {X: 2300, Y: 1100}}
	img, _, truth, err := RenderStill(layout, cfg)
	if err != nil {
		t.Fatal(err)
	}
	defer img.Close()
	vis := map[int]float64{}
	for _, tr := range truth {
		vis[tr.Ball] = tr.Visible
	}
	if vis[2] >= 0.5 {
		t.Errorf("ball 2 under the hand: visible %.2f, want < 0.5", vis[2])
	}
	for _, b := range []int{0, 1, 3} {
		if vis[b] < 0.99 {
			t.Errorf("ball %d away from the arm: visible %.2f, want 1", b, vis[b])
		}
	}
}

func TestStillBadInput(t *testing.T) {
	for _, tc := range []struct {
		name   string
		layout map[int]table.Point
		cfg    Config
	}{
		{"ball 16", map[int]table.Point{16: {X: 100, Y: 100}}, Config{}},
		{"off the bed", map[int]table.Point{0: {X: -500, Y: 100}}, Config{}},
		{"NaN", map[int]table.Point{0: {X: math.NaN(), Y: 100}}, Config{}},
		{"cloth", map[int]table.Point{0: {X: 100, Y: 100}}, Config{Cloth: "purple"}},
		{"size", map[int]table.Point{0: {X: 100, Y: 100}}, Config{Size: [2]int{100, 50}}},
		{"portrait", map[int]table.Point{0: {X: 100, Y: 100}}, Config{Size: [2]int{480, 640}}},
		{"jpeg", map[int]table.Point{0: {X: 100, Y: 100}}, Config{JPEG: 101}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			m, _, _, err := RenderStill(tc.layout, tc.cfg)
			if err == nil {
				m.Close()
				t.Fatalf("got no error, want one")
			}
			if !bytes.HasPrefix([]byte(err.Error()), []byte("render: ")) {
				t.Errorf("error %q does not start with \"render: \"", err)
			}
		})
	}
}

// playVideo renders every frame of v and returns the truths (with copies of the
// ball slices) and a hash of all the pixels.
func playVideo(t *testing.T, v *Video, limit int) ([]FrameTruth, [32]byte) {
	t.Helper()
	m := gocv.NewMat()
	defer m.Close()
	h := sha256.New()
	var out []FrameTruth
	for {
		tr, err := v.Next(&m)
		if errors.Is(err, io.EOF) {
			break
		}
		if err != nil {
			t.Fatal(err)
		}
		tr.Balls = append([]TruthBall(nil), tr.Balls...)
		out = append(out, tr)
		b, _ := m.DataPtrUint8()
		h.Write(b)
		if limit > 0 && len(out) >= limit {
			break
		}
	}
	var sum [32]byte
	copy(sum[:], h.Sum(nil))
	return out, sum
}

func smallMatch(t *testing.T, seed int64) *sim.Match {
	t.Helper()
	m, err := sim.PlayMatch(sim.MatchConfig{Game: "9ball", Racks: 1, Seed: seed, Table: tb9,
		Players: [2]string{"Anna", "Boris"}, MaxShots: 4})
	if err != nil {
		t.Fatal(err)
	}
	if len(m.Shots) == 0 {
		t.Fatal("the match has no shots")
	}
	return m
}

// The video has ⌈duration·fps⌉ frames; each shot's motion covers Duration·fps
// frames, and the truth follows the simulation.
func TestVideoTimeline(t *testing.T) {
	m := smallMatch(t, 3)
	for _, fps := range []float64{30, 120} {
		cfg := Config{Size: [2]int{640, 480}, FPS: fps, Seed: 9, Occluders: true, Blur: true}
		v, err := NewVideo(m, cfg)
		if err != nil {
			t.Fatal(err)
		}
		frames, _ := playVideo(t, v, 0)
		v.Close()
		// The duration: every shot's aim (1.5–2.6 s) plus its motion and rest.
		lo, hi := 0.0, 0.0
		for _, s := range m.Shots {
			tail := math.Max(s.Motion.Duration()+restTime, withdrawAt+withdrawTime)
			lo += 1.5 + tail
			hi += 2.6 + tail
		}
		if d := v.Duration(); d < lo || d > hi {
			t.Errorf("fps %g: duration %.3f s, want %.3f–%.3f", fps, d, lo, hi)
		}
		if want := int(math.Ceil(v.Duration() * fps)); len(frames) != want || v.Frames() != want {
			t.Fatalf("fps %g: got %d frames (Frames() %d), want ⌈%.3f·%g⌉ = %d", fps, len(frames), v.Frames(), v.Duration(), fps, want)
		}
		moving := make([]int, len(m.Shots))
		for k, f := range frames {
			if f.Frame != k || math.Abs(f.T-float64(k)/fps) > 1e-9 {
				t.Fatalf("frame %d: got frame %d at t %.6f, want t %.6f", k, f.Frame, f.T, float64(k)/fps)
			}
			if f.Shot < 0 || f.Shot >= len(m.Shots) {
				t.Fatalf("frame %d: shot %d out of range", k, f.Shot)
			}
			mo := m.Shots[f.Shot].Motion
			if f.ShotT >= 0 && f.ShotT <= mo.Duration() {
				moving[f.Shot]++
			}
			// The truth is the simulation's state at the frame's time.
			if f.ShotT >= 0 {
				for _, tb := range f.Balls {
					st, ok := mo.Ball(tb.Ball, f.ShotT)
					if !ok || st.Pos != tb.At || st.Gone {
						t.Fatalf("frame %d ball %d: truth at %v, simulation %v (ok %v)", k, tb.Ball, tb.At, st.Pos, ok)
					}
				}
			}
		}
		for i, s := range m.Shots {
			want := s.Motion.Duration() * fps
			if math.Abs(float64(moving[i])-want) > 1.01 {
				t.Errorf("fps %g shot %d: %d frames of motion, want %.1f ± 1", fps, i, moving[i], want)
			}
		}
		// After the last shot everything is at rest where the shot log says.
		last := frames[len(frames)-1]
		after := m.Shots[len(m.Shots)-1].Record.After
		if len(last.Balls) != len(after) {
			t.Errorf("last frame: %d balls, shot log has %d after the last shot", len(last.Balls), len(after))
		}
		for _, tb := range last.Balls {
			p, ok := after[tb.Ball]
			if !ok || tb.At.Dist(p.P()) > 0.01 || tb.Speed != 0 {
				t.Errorf("last frame ball %d at %v speed %g, shot log %v", tb.Ball, tb.At, tb.Speed, p)
			}
		}
	}
}

// The same seed renders the same video, pixel for pixel; another seed does not.
func TestVideoDeterministic(t *testing.T) {
	m := smallMatch(t, 5)
	cfg := DefaultConfig()
	cfg.Size = [2]int{640, 480}
	cfg.FPS = 30
	run := func(seed int64) ([]FrameTruth, [32]byte) {
		c := cfg
		c.Seed = seed
		v, err := NewVideo(m, c)
		if err != nil {
			t.Fatal(err)
		}
		defer v.Close()
		return playVideo(t, v, 150)
	}
	// Seeking renders the same frame as playing up to it.
	c := cfg
	c.Seed = 1
	v, err := NewVideo(m, c)
	if err != nil {
		t.Fatal(err)
	}
	defer v.Close()
	one := func(k int) [32]byte {
		if err := v.Seek(k); err != nil {
			t.Fatal(err)
		}
		f := gocv.NewMat()
		defer f.Close()
		if _, err := v.Next(&f); err != nil {
			t.Fatal(err)
		}
		b, _ := f.DataPtrUint8()
		return sha256.Sum256(b)
	}
	seek120 := one(120)
	seq := gocv.NewMat()
	defer seq.Close()
	if err := v.Seek(0); err != nil {
		t.Fatal(err)
	}
	for k := 0; k <= 120; k++ {
		if _, err := v.Next(&seq); err != nil {
			t.Fatal(err)
		}
	}
	b, _ := seq.DataPtrUint8()
	if sha256.Sum256(b) != seek120 {
		t.Errorf("frame 120 after Seek differs from frame 120 played in order")
	}
	if err := v.Seek(v.Frames() + 1); err == nil {
		t.Errorf("Seek past the end: got no error")
	}

	t1, h1 := run(1)
	t2, h2 := run(1)
	_, h3 := run(2)
	if h1 != h2 {
		t.Errorf("same seed: the pixels differ")
	}
	if h1 == h3 {
		t.Errorf("different seeds: the same pixels")
	}
	for i := range t1 {
		a, _ := t1[i].MarshalJSON()
		b, _ := t2[i].MarshalJSON()
		if !bytes.Equal(a, b) {
			t.Fatalf("frame %d truth differs:\n%s\n%s", i, a, b)
		}
	}
}
