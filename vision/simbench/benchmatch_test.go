package simbench

import (
	"fmt"
	"math"
	"os"
	"runtime"
	"sort"
	"strconv"
	"strings"
	"testing"

	"gocv.io/x/gocv"

	"github.com/cueref/cueref/sim/render"
	"github.com/cueref/cueref/table"
	"github.com/cueref/cueref/vision"
)

// BenchmarkBenchMatches detects frames sampled from the end-to-end bench's
// own matches (cueref bench --racks 2 --seed S: each game's match and
// renderer seeds as the bench sets them), every SIMBENCH_STEP-th frame
// (default 211) of the seeds in SIMBENCH_SEEDS (default 68,69), and reports
// the position error of the visible balls at rest by where they lie: far
// from the cushions, 3–15 and 15–40 mm off one, frozen to one (under 3 mm),
// each also within 200 mm of a pocket's centre, and the eight apart; and of
// the balls moving at 300 mm/s or more, under 15, 15–40 mm and further off a
// cushion, the green six apart (every 7th frame catches them). Its
// figures are the share of balls read more than 5 mm off and the RMS error
// of those read within 30 mm; a ball of a long rest counts in each frame it
// is sampled in. The tracker takes a resting ball read 10 mm off a cushion's
// line for a cushion hit when it moves.
func BenchmarkBenchMatches(b *testing.B) {
	defer runtime.GOMAXPROCS(runtime.GOMAXPROCS(1))
	vision.SetNumThreads(1)
	defer vision.SetNumThreads(-1)
	step := 211
	if n, err := strconv.Atoi(os.Getenv("SIMBENCH_STEP")); err == nil && n > 0 {
		step = n
	}
	seeds := []int64{68, 69}
	if s := os.Getenv("SIMBENCH_SEEDS"); s != "" {
		seeds = seeds[:0]
		for _, f := range strings.Split(s, ",") {
			n, err := strconv.ParseInt(strings.TrimSpace(f), 10, 64)
			if err != nil {
				b.Fatalf("SIMBENCH_SEEDS: %v", err)
			}
			seeds = append(seeds, n)
		}
	}
	for i := 0; i < b.N; i++ {
		errs := map[string][]float64{}
		for _, seed := range seeds {
			for gi, game := range []string{"8ball", "9ball", "10ball", "14.1"} {
				benchMatchErrors(b, game, seed+int64(gi)*1000, seed+int64(gi), step, errs)
			}
		}
		keys := make([]string, 0, len(errs))
		for k := range errs {
			keys = append(keys, k)
		}
		sort.Strings(keys)
		var sb strings.Builder
		for _, k := range keys {
			e := errs[k]
			sort.Float64s(e)
			over, miss := 0, 0
			var ss float64
			for _, x := range e {
				switch {
				case x > 30:
					miss++
				case x > 5:
					over++
					ss += x * x
				default:
					ss += x * x
				}
			}
			n := len(e)
			fmt.Fprintf(&sb, "\n%-22s n %6d missed %4d rms %5.2f mm p95 %6.2f mm over 5 mm %5.2f%%", k, n, miss,
				math.Sqrt(ss/math.Max(float64(n-miss), 1)), e[n*95/100], 100*float64(over)/float64(n))
			if k == "all" || k == "15-40" || k == "3-15" || k == "moving <15" || k == "moving 15-40" {
				b.ReportMetric(100*float64(over)/float64(n), strings.NewReplacer("-", "to", " ", "_", "<", "under").Replace(k)+"_over5mm%")
			}
		}
		// Printed, not logged: a benchmark's log is cut at ten lines.
		fmt.Printf("balls at rest and moving by where they lie (seeds %v, every %d frames):%s\n", seeds, step, sb.String())
	}
}

// benchMatchErrors plays the bench's match of game (match seed, renderer
// seed; two racks, 1280×720, 60 fps), detects every step-th frame, and adds
// the error of each visible ball at rest to errs under where it lies.
func benchMatchErrors(b *testing.B, game string, seed, rseed int64, step int, errs map[string][]float64) {
	tab := table.MustNew("9ft")
	v := benchVideo(b, game, 2, seed, rseed)
	defer v.Close()
	det, err := vision.NewDetector(v.Calibration(), vision.Options{})
	if err != nil {
		b.Fatal(err)
	}
	defer det.Close()
	frame := gocv.NewMat()
	defer frame.Close()
	var dets []vision.Detection
	for k := step / 2; k < v.Frames(); k += step {
		if err := v.Seek(k); err != nil {
			b.Fatal(err)
		}
		ft, err := v.Next(&frame)
		if err != nil {
			b.Fatal(err)
		}
		if dets, err = det.Detect(frame, dets[:0]); err != nil {
			b.Fatal(err)
		}
		for _, tb := range ft.Balls {
			if !tb.OnBed || tb.Visible < 0.5 || tb.Speed > 1 && tb.Speed < movingSpeed {
				continue
			}
			e := math.Inf(1)
			for _, d := range dets {
				e = math.Min(e, d.At.Dist(tb.At))
			}
			if tb.Speed >= movingSpeed {
				k := movingPlace(tab, tb)
				errs[k] = append(errs[k], e)
				continue
			}
			k := restPlace(tab, tb)
			errs[k] = append(errs[k], e)
			errs["all"] = append(errs["all"], e)
		}
	}
}

// movingSpeed (mm/s) is the least speed of the moving balls
// BenchmarkBenchMatches reports apart.
const movingSpeed = 300

// movingPlace names where a moving ball is, for BenchmarkBenchMatches: how
// far off a cushion, and the green six (the cloth's colour) apart.
func movingPlace(tab table.Table, tb render.TruthBall) string {
	gap := cushionGap(tab, tb.At)
	k := "moving far"
	switch {
	case gap < 15:
		k = "moving <15"
	case gap < 40:
		k = "moving 15-40"
	}
	if tb.Ball == 6 {
		k = "6 " + k
	}
	return k
}

// restPlace names where a ball at rest lies, for BenchmarkBenchMatches.
func restPlace(tab table.Table, tb render.TruthBall) string {
	p := tb.At
	gap := cushionGap(tab, p)
	k := "far"
	switch {
	case gap < 3:
		k = "frozen<3"
	case gap < 15:
		k = "3-15"
	case gap < 40:
		k = "15-40"
	}
	for _, pk := range tab.Pockets() {
		if p.Dist(pk.Center) < 200 {
			k = "pocket " + k
			break
		}
	}
	if tb.Ball == 8 {
		k = "8 " + k
	}
	return k
}

// cushionGap is how far a ball centred at p is from touching the nearest
// cushion's line (mm).
func cushionGap(tab table.Table, p table.Point) float64 {
	return math.Min(math.Min(p.X, tab.L-p.X), math.Min(p.Y, tab.W-p.Y)) - tab.BallR
}
