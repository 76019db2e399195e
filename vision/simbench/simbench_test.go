package simbench

import (
	"errors"
	"fmt"
	"image"
	"image/color"
	"io"
	"math"
	"os"
	"runtime"
	"strconv"
	"strings"
	"testing"
	"time"

	"gocv.io/x/gocv"

	"github.com/cueref/cueref/sim"
	"github.com/cueref/cueref/sim/render"
	"github.com/cueref/cueref/table"
	"github.com/cueref/cueref/vision"
)

// tally accumulates the figures over frames.
type tally struct {
	frames, visible, hits, dets, ignored int
	idOK, classOK                        int
	restN, moveN                         int
	restSq, moveSq                       float64
	ms                                   float64
	missed, wrongID                      [16]int // by true ball number
	bias                                 float64 // sum of radial errors at rest
	cam                                  table.Point
	tab                                  table.Table
	why                                  [6]int     // missed balls by situation (missKinds)
	railN                                int        // balls at rest within 10 mm of a cushion
	railOut, railSq                      float64    // their error towards the cushion (sum), squared error (sum)
	railMN                               int        // moving balls within 10 mm of a cushion
	railMOut                             float64    // their error towards it (sum)
	restWhereN                           [6]int     // balls at rest by situation (missKinds)
	restWhereSq                          [6]float64 // their squared error (sum)
	// Identity by the true ball's speed (speedBins): found balls, named
	// right, named wrong (another number), unsure (−1), seen as a streak.
	spN, spOK, spWrong, spUnsure, spStreak [5]int
}

// speedBins are the upper bounds, mm/s, of the speed bins of the identity
// split: at rest, slow, medium, fast, very fast (a break, a hard shot).
var speedBins = [5]float64{5, 500, 1500, 3000, math.Inf(1)}

// speedBinNames name the speed bins for the report.
var speedBinNames = [5]string{"rest", "lt0.5", "0.5to1.5", "1.5to3", "gt3"}

func speedBin(mmps float64) int {
	for i, u := range speedBins {
		if mmps < u {
			return i
		}
	}
	return len(speedBins) - 1
}

// addSpeeds adds o's identity split by speed to t's.
func (t *tally) addSpeeds(o *tally) {
	for i := range speedBins {
		t.spN[i] += o.spN[i]
		t.spOK[i] += o.spOK[i]
		t.spWrong[i] += o.spWrong[i]
		t.spUnsure[i] += o.spUnsure[i]
		t.spStreak[i] += o.spStreak[i]
	}
}

// speedLine is the identity split by speed: per bin, the found balls, the
// shares named right / wrong / unsure, and the share seen as a streak.
func (t *tally) speedLine() string {
	s := "identity by speed (n right/wrong/unsure % streak %):"
	for i, name := range speedBinNames {
		s += fmt.Sprintf(" %s n=%d %.1f/%.1f/%.1f st %.0f;", name, t.spN[i], pct(t.spOK[i], t.spN[i]), pct(t.spWrong[i], t.spN[i]), pct(t.spUnsure[i], t.spN[i]), pct(t.spStreak[i], t.spN[i]))
	}
	return s
}

// cushionNormal is the outward normal of the cushion that a ball at p is
// within gap mm of, if any.
func (t *tally) cushionNormal(p table.Point, gap float64) (table.Point, bool) {
	r := t.tab.BallR + gap
	switch {
	case p.Y < r:
		return table.Point{Y: -1}, true
	case p.Y > t.tab.W-r:
		return table.Point{Y: 1}, true
	case p.X < r:
		return table.Point{X: -1}, true
	case p.X > t.tab.L-r:
		return table.Point{X: 1}, true
	}
	return table.Point{}, false
}

// missKinds name the situations of a missed ball, the first that applies.
var missKinds = [6]string{"pocket", "cluster", "occluded", "moving", "cushion", "open"}

// situation says where a visible ball is: near a pocket mouth, touching or
// nearly touching another ball, partly hidden, moving, at a cushion, or in the
// open.
func (t *tally) situation(truth []render.TruthBall, tb render.TruthBall) int {
	r := t.tab.BallR
	for _, pk := range t.tab.Pockets() {
		if tb.At.Dist(pk.Center) < 90 {
			return 0
		}
	}
	for _, o := range truth {
		if o.Ball != tb.Ball && o.OnBed && o.At.Dist(tb.At) < 2.3*r {
			return 1
		}
	}
	switch {
	case tb.Visible < 1:
		return 2
	case tb.Speed >= 1:
		return 3
	case tb.At.X < r+5 || tb.At.Y < r+5 || tb.At.X > t.tab.L-r-5 || tb.At.Y > t.tab.W-r-5:
		return 4
	}
	return 5
}

func classOf(n int) vision.Class {
	switch {
	case n == 0:
		return vision.Cue
	case n == 8:
		return vision.Eight
	case n < 8:
		return vision.Solid
	}
	return vision.Stripe
}

// add scores one frame: a detection matches the nearest true ball whose centre
// is within one ball radius (in the image). Visible balls are those on the bed
// with at least half of their disc in view; detections of other balls (hidden
// under the arm, dropping into a pocket) are neither hits nor false.
func (t *tally) add(truth []render.TruthBall, dets []vision.Detection, rpx float64) {
	t.frames++
	used := make([]bool, len(truth))
	for _, tb := range truth {
		if tb.OnBed && tb.Visible >= 0.5 {
			t.visible++
		}
	}
	defer func() {
		for i, tb := range truth {
			if tb.OnBed && tb.Visible >= 0.5 && !used[i] {
				t.missed[tb.Ball]++
				t.why[t.situation(truth, tb)]++
				if os.Getenv("SIMBENCH_TRACE") != "" {
					fmt.Printf("miss frame %d ball %d px %.1f,%.1f at %.0f,%.0f speed %.0f vis %.2f why %s\n", t.frames, tb.Ball, tb.Px[0], tb.Px[1], tb.At.X, tb.At.Y, tb.Speed, tb.Visible, missKinds[t.situation(truth, tb)])
				}
			}
		}
	}()
	for _, d := range dets {
		best, bi := math.Inf(1), -1
		for i, tb := range truth {
			if used[i] {
				continue
			}
			if dd := math.Hypot(d.Px[0]-tb.Px[0], d.Px[1]-tb.Px[1]); dd < best {
				best, bi = dd, i
			}
		}
		if bi < 0 || best > rpx {
			t.dets++ // false
			if os.Getenv("SIMBENCH_TRACE") != "" {
				fmt.Printf("false frame %d px %.1f,%.1f at %.0f,%.0f ball %d conf %.2f moving %v nearest %.1f px\n", t.frames, d.Px[0], d.Px[1], d.At.X, d.At.Y, d.Ball, d.Confidence, d.Moving, best)
			}
			continue
		}
		used[bi] = true
		tb := truth[bi]
		if !(tb.OnBed && tb.Visible >= 0.5) {
			t.ignored++
			continue
		}
		t.dets++
		t.hits++
		e := d.At.Dist(tb.At)
		if tb.Speed < 1 {
			t.restN++
			t.restSq += e * e
			w := t.situation(truth, tb)
			t.restWhereN[w]++
			t.restWhereSq[w] += e * e
			if n, ok := t.cushionNormal(tb.At, 10); ok {
				// Error towards the cushion, for balls frozen or nearly frozen
				// to it: the rules' frozen-ball and rail calls rest on it.
				t.railN++
				t.railOut += d.At.Sub(tb.At).Dot(n)
				t.railSq += e * e
			}
			if e > traceRestMin && os.Getenv("SIMBENCH_TRACE") != "" {
				fmt.Printf("rest error %.1f mm frame %d ball %d at %.0f,%.0f got %.0f,%.0f conf %.2f why %s px %.1f,%.1f got %.1f,%.1f\n", e, t.frames, tb.Ball, tb.At.X, tb.At.Y, d.At.X, d.At.Y, d.Confidence, missKinds[t.situation(truth, tb)], tb.Px[0], tb.Px[1], d.Px[0], d.Px[1])
			}
			// Error relative to the camera's foot: positive means outward.
			t.bias += d.At.Sub(tb.At).Dot(tb.At.Sub(t.cam).Scale(1 / math.Max(tb.At.Dist(t.cam), 1)))
		} else {
			t.moveN++
			t.moveSq += e * e
			if n, ok := t.cushionNormal(tb.At, 10); ok {
				t.railMN++
				t.railMOut += d.At.Sub(tb.At).Dot(n)
				if os.Getenv("SIMBENCH_TRACE") != "" {
					fmt.Printf("cushion moving ball %d speed %.0f streak %v towards %.1f mm gap %.1f\n", tb.Ball, tb.Speed, d.Moving, d.At.Sub(tb.At).Dot(n), math.Min(math.Min(tb.At.X, tb.At.Y), math.Min(t.tab.L-tb.At.X, t.tab.W-tb.At.Y))-t.tab.BallR)
				}
			}
		}
		sb := speedBin(tb.Speed)
		t.spN[sb]++
		if d.Moving {
			t.spStreak[sb]++
		}
		switch {
		case d.Ball == tb.Ball:
			t.spOK[sb]++
		case d.Ball < 0:
			t.spUnsure[sb]++
		default:
			t.spWrong[sb]++
		}
		if d.Ball == tb.Ball {
			t.idOK++
		} else {
			t.wrongID[tb.Ball]++
			if os.Getenv("SIMBENCH_TRACE") != "" {
				fmt.Printf("wrong identity frame %d ball %d named %d class %v px %.1f,%.1f speed %.0f streak %v conf %.2f why %s\n", t.frames, tb.Ball, d.Ball, d.Class, tb.Px[0], tb.Px[1], tb.Speed, d.Moving, d.Confidence, missKinds[t.situation(truth, tb)])
			}
		}
		if d.Class == classOf(tb.Ball) {
			t.classOK++
		}
	}
}

// restWhere tells, for each situation of a ball at rest, how many there were,
// their RMS error and their share of the total squared error (what the RMS
// figure is made of).
func (t *tally) restWhere() string {
	var b strings.Builder
	for w, k := range missKinds {
		if t.restWhereN[w] == 0 {
			continue
		}
		fmt.Fprintf(&b, "%s %d %.2f mm (%.0f%%); ", k, t.restWhereN[w], math.Sqrt(t.restWhereSq[w]/float64(t.restWhereN[w])), 100*t.restWhereSq[w]/math.Max(t.restSq, 1e-9))
	}
	return b.String()
}

func pct(a, b int) float64 { return 100 * float64(a) / math.Max(float64(b), 1) }

func (t *tally) report(b *testing.B) {
	b.ReportMetric(float64(t.frames), "frames")
	b.ReportMetric(pct(t.hits, t.visible), "recall%")
	b.ReportMetric(pct(t.hits, t.dets), "precision%")
	b.ReportMetric(math.Sqrt(t.restSq/math.Max(float64(t.restN), 1)), "rest_mm_rms")
	b.ReportMetric(math.Sqrt(t.moveSq/math.Max(float64(t.moveN), 1)), "moving_mm_rms")
	b.ReportMetric(pct(t.idOK, t.hits), "identity%")
	b.ReportMetric(pct(t.classOK, t.hits), "class%")
	b.ReportMetric(t.ms/math.Max(float64(t.frames), 1), "ms/frame")
	b.ReportMetric(pct(t.spWrong[4], t.spN[4]), "wrong_gt3ms%")
	b.ReportMetric(pct(t.spOK[4], t.spN[4]), "right_gt3ms%")
	b.Log(t.speedLine())
}

// simFrames is the number of frames per cloth colour (SIMBENCH_FRAMES
// overrides it; the default gives 3 × 700 = 2,100 frames).
func simFrames() int {
	if n, err := strconv.Atoi(os.Getenv("SIMBENCH_FRAMES")); err == nil && n > 0 {
		return n
	}
	return 700
}

// BenchmarkSimulated runs the detector over rendered 9-ball matches at 1280×720
// with every realism option on (arm and cue over the table, motion blur, sensor
// noise, lens distortion, JPEG), one match per cloth colour, and reports recall
// and precision of the visible balls, the position error at rest and moving,
// identity and class, and the detection time per frame (one core).
func BenchmarkSimulated(b *testing.B) {
	defer runtime.GOMAXPROCS(runtime.GOMAXPROCS(1))
	vision.SetNumThreads(1)
	defer vision.SetNumThreads(-1)
	var all tally
	for ci, cloth := range render.ClothNames {
		b.Run(cloth, func(b *testing.B) {
			var t tally
			for it := 0; it < b.N; it++ {
				t = tally{}
				runCloth(b, cloth, int64(ci+1), simFrames(), &t)
			}
			t.report(b)
			b.Logf("%s: missed by ball %v, wrong identity by ball %v, mean radial error at rest %.2f mm", cloth, t.missed, t.wrongID, t.bias/math.Max(float64(t.restN), 1))
			b.Logf("%s: missed where %v %v", cloth, missKinds, t.why)
			b.Logf("%s: at rest by a cushion: %d, error towards it %.2f mm mean, %.2f mm RMS; moving by a cushion: %d, %.2f mm mean", cloth, t.railN, t.railOut/math.Max(float64(t.railN), 1), math.Sqrt(t.railSq/math.Max(float64(t.railN), 1)), t.railMN, t.railMOut/math.Max(float64(t.railMN), 1))
			b.Logf("%s: rest error by where: %s", cloth, t.restWhere())
			all.frames += t.frames
			all.visible += t.visible
			all.hits += t.hits
			all.dets += t.dets
			all.idOK += t.idOK
			all.classOK += t.classOK
			all.restN += t.restN
			all.moveN += t.moveN
			all.restSq += t.restSq
			all.moveSq += t.moveSq
			all.ms += t.ms
			all.addSpeeds(&t)
		})
	}
	b.Run("all", func(b *testing.B) {
		for i := 0; i < b.N; i++ {
		}
		all.report(b)
	})
}

// BenchmarkBreaks runs the detector over the opening of rendered matches,
// the break and the first shots, at 60 fps with the default camera's shutter,
// for the identity of fast balls: the whole-match bench samples mostly slow
// play. SIMBENCH_BREAKS sets the matches per cloth and game (default 3) and
// SIMBENCH_BREAK_FRAMES the frames of each from the break on (default 30, 0.5 s).
func BenchmarkBreaks(b *testing.B) {
	defer runtime.GOMAXPROCS(runtime.GOMAXPROCS(1))
	vision.SetNumThreads(1)
	defer vision.SetNumThreads(-1)
	matches, frames := 3, 30
	if n, err := strconv.Atoi(os.Getenv("SIMBENCH_BREAKS")); err == nil && n > 0 {
		matches = n
	}
	if n, err := strconv.Atoi(os.Getenv("SIMBENCH_BREAK_FRAMES")); err == nil && n > 0 {
		frames = n
	}
	var all tally
	for ci, cloth := range render.ClothNames {
		for gi, game := range []string{"9ball", "8ball"} {
			for k := 0; k < matches; k++ {
				runMatchAt(b, game, cloth, int64(ci+1)*1000+int64(100*gi+k), 60, all.frames+frames, true, &all)
			}
		}
	}
	for i := 0; i < b.N; i++ {
	}
	all.report(b)
}

// traceRestMin is the least rest error, mm, that SIMBENCH_TRACE reports
// (SIMBENCH_TRACE_REST overrides it).
var traceRestMin = func() float64 {
	if v, err := strconv.ParseFloat(os.Getenv("SIMBENCH_TRACE_REST"), 64); err == nil {
		return v
	}
	return 3
}()

func runCloth(b *testing.B, cloth string, seed int64, frames int, t *tally) {
	runClothT(b, cloth, seed, frames, t)
}

func runClothT(b testing.TB, cloth string, seed int64, frames int, t *tally) {
	// One-rack matches, sampled at 20 fps (with the default camera's
	// shutter, see runMatch) and detected on every frame: half the frames
	// from 9-ball, half from 8-ball (all fifteen balls, the stripes among
	// them), each from the rack on. SIMBENCH_GAME plays one game only.
	games := []string{"9ball", "8ball"}
	if g := os.Getenv("SIMBENCH_GAME"); g != "" {
		games = []string{g}
	}
	for gi, game := range games {
		upTo := frames * (gi + 1) / len(games)
		for k := int64(0); t.frames < upTo && k < 50; k++ {
			runMatch(b, game, cloth, seed*1000+k+int64(100*gi), upTo, t)
		}
	}
}

func runMatch(b testing.TB, game, cloth string, seed int64, frames int, t *tally) {
	fps := 20.0
	if f, err := strconv.ParseFloat(os.Getenv("SIMBENCH_FPS"), 64); err == nil && f > 0 {
		fps = f
	}
	runMatchAt(b, game, cloth, seed, fps, frames, false, t)
}

// runMatchAt renders a match sampled at fps and detects its frames until t
// holds frames frames or the match ends; fromBreak skips the frames before
// the first ball moves.
func runMatchAt(b testing.TB, game, cloth string, seed int64, fps float64, frames int, fromBreak bool, t *tally) {
	m, err := sim.PlayMatch(sim.MatchConfig{Game: game, Racks: 1, Seed: seed, Table: table.MustNew("9ft"), Players: [2]string{"A", "B"}})
	if err != nil {
		b.Fatal(err)
	}
	cfg := render.DefaultConfig()
	cfg.Cloth = cloth
	cfg.Seed = seed
	cfg.FPS = fps
	// The shutter of cueref sim's default camera (60 fps, open half the
	// frame: 8.3 ms), whatever the rate the match is sampled at, so that a
	// moving ball is blurred as that camera blurs it.
	// SIMBENCH_SHUTTER_MS sets another shutter time.
	shutter := 1000 * render.DefaultConfig().Exposure / 60
	if f, err := strconv.ParseFloat(os.Getenv("SIMBENCH_SHUTTER_MS"), 64); err == nil && f > 0 {
		shutter = f
	}
	cfg.Exposure = math.Min(1, shutter/1000*cfg.FPS)
	v, err := render.NewVideo(m, cfg)
	if err != nil {
		b.Fatal(err)
	}
	defer v.Close()
	t.tab = v.Calibration().Table
	t.cam = v.Calibration().ToTable([2]float64{float64(cfg.Size[0]) / 2, float64(cfg.Size[1]) / 2}, 0)
	d, err := vision.NewDetector(v.Calibration(), vision.Options{})
	if err != nil {
		b.Fatal(err)
	}
	defer d.Close()
	frame := gocv.NewMat()
	defer frame.Close()
	dets := make([]vision.Detection, 0, 32)
	rpx := v.Calibration().BallRadiusPx(v.Calibration().Table.CenterSpot())
	draw := os.Getenv("SIMBENCH_DRAW")
	for t.frames < frames {
		truth, err := v.Next(&frame)
		if errors.Is(err, io.EOF) {
			break
		}
		if err != nil {
			b.Fatal(err)
		}
		if fromBreak {
			moving := false
			for _, tb := range truth.Balls {
				moving = moving || tb.Speed > 0
			}
			if !moving {
				continue
			}
			fromBreak = false
		}
		start := time.Now()
		dets, err = d.Detect(frame, dets)
		t.ms += float64(time.Since(start).Microseconds()) / 1000
		if err != nil {
			b.Fatal(err)
		}
		t.add(truth.Balls, dets, rpx)
		if draw != "" && t.frames%25 == 1 {
			vision.Draw(&frame, dets)
			for _, tb := range truth.Balls {
				if tb.OnBed && tb.Visible >= 0.5 {
					gocv.Circle(&frame, image.Pt(int(tb.Px[0]), int(tb.Px[1])), 2, color.RGBA{255, 0, 0, 0}, -1)
				}
			}
			gocv.IMWrite(fmt.Sprintf("%s/%s_%04d.png", draw, cloth, t.frames), frame)
		}
	}
}
