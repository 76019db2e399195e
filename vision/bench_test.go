package vision

import (
	"image"
	"math"
	"os"
	"runtime"
	"strconv"
	"syscall"
	"testing"
	"time"

	"gocv.io/x/gocv"

	"github.com/cueref/cueref/calibration"
)

// scaledCase is a labelled real frame resampled to another resolution, with its
// calibration and labels scaled to match.
type scaledCase struct {
	img   gocv.Mat
	calib *calibration.Calibration
	truth []truthBall
}

func scaledCases(b testing.TB, w, h int) []scaledCase {
	var out []scaledCase
	for _, pc := range padovaCases(b, "game1_") {
		c := loadCalib(b, pc.dir)
		src := gocv.IMRead(pc.frame, gocv.IMReadColor)
		sx, sy := float64(w)/float64(src.Cols()), float64(h)/float64(src.Rows())
		img := gocv.NewMat()
		gocv.Resize(src, &img, image.Pt(w, h), 0, 0, gocv.InterpolationLinear)
		src.Close()
		f := c.File
		sc := func(p [2]float64) [2]float64 { return [2]float64{(p[0]+0.5)*sx - 0.5, (p[1]+0.5)*sy - 0.5} }
		f.CornersPx.HeadLeft, f.CornersPx.HeadRight = sc(f.CornersPx.HeadLeft), sc(f.CornersPx.HeadRight)
		f.CornersPx.FootLeft, f.CornersPx.FootRight = sc(f.CornersPx.FootLeft), sc(f.CornersPx.FootRight)
		f.ImageSize = [2]int{w, h}
		f.BallRadiusPx *= sx
		f.PocketsPx = nil
		cc, err := calibration.New(f)
		if err != nil {
			b.Fatal(err)
		}
		var tr []truthBall
		for _, t := range pc.truth {
			q := sc([2]float64{t.x, t.y})
			tr = append(tr, truthBall{q[0], q[1], t.r * sx, t.class})
		}
		out = append(out, scaledCase{img, cc, tr})
	}
	return out
}

// BenchmarkDetect measures the detector on one core at 1280×720 and 1920×1080
// (the labelled game1 frames resampled), side by side with a plain
// gocv.HoughCircles detector on the same frames, and reports each one's
// recall and precision against the labels.
func BenchmarkDetect(b *testing.B) {
	defer runtime.GOMAXPROCS(runtime.GOMAXPROCS(1))
	SetNumThreads(1)
	defer SetNumThreads(-1)
	for _, res := range [][2]int{{1280, 720}, {1920, 1080}} {
		cases := scaledCases(b, res[0], res[1])
		name := func(s string) string { return s + "/" + itoa(res[0]) + "x" + itoa(res[1]) }
		b.Run(name("cueref"), func(b *testing.B) {
			dets := make([]Detection, 0, 32)
			ds := make([]*Detector, len(cases))
			for i, c := range cases {
				d, err := NewDetector(c.calib, Options{})
				if err != nil {
					b.Fatal(err)
				}
				defer d.Close()
				ds[i] = d
			}
			var s score
			for i, c := range cases {
				dets, _ = ds[i].Detect(c.img, dets)
				var cs [][2]float64
				var cl []Class
				for _, x := range dets {
					cs = append(cs, x.Px)
					cl = append(cl, x.Class)
				}
				s.add(c.truth, cs, cl)
			}
			b.ResetTimer()
			start, cpu0 := time.Now(), cpuTime()
			for i := 0; i < b.N; i++ {
				j := i % len(cases)
				var err error
				dets, err = ds[j].Detect(cases[j].img, dets)
				if err != nil {
					b.Fatal(err)
				}
			}
			b.ReportMetric(float64(time.Since(start).Microseconds())/1000/float64(b.N), "ms/frame")
			b.ReportMetric((cpuTime()-cpu0).Seconds()*1000/float64(b.N), "cpu_ms/frame")
			b.ReportMetric(100*s.recall(), "recall%")
			b.ReportMetric(100*s.precision(), "precision%")
			b.ReportMetric(100*s.classAcc(), "class%")
		})
		b.Run(name("hough"), func(b *testing.B) {
			gray := gocv.NewMat()
			defer gray.Close()
			circles := gocv.NewMat()
			defer circles.Close()
			var s score
			detect := func(c scaledCase) [][2]float64 {
				gocv.CvtColor(c.img, &gray, gocv.ColorBGRToGray)
				gocv.MedianBlur(gray, &gray, 5)
				r := c.calib.BallRadiusPx(c.calib.Table.CenterSpot())
				gocv.HoughCirclesWithParams(gray, &circles, gocv.HoughGradient, 1, 1.6*r, 100, 18, int(0.7*r), int(math.Ceil(1.4*r)))
				var out [][2]float64
				t := c.calib.Table
				for i := 0; i < circles.Cols(); i++ {
					v := circles.GetVecfAt(0, i)
					p := c.calib.BallToTable([2]float64{float64(v[0]), float64(v[1])})
					if p.X > 0 && p.Y > 0 && p.X < t.L && p.Y < t.W {
						out = append(out, [2]float64{float64(v[0]), float64(v[1])})
					}
				}
				return out
			}
			for _, c := range cases {
				s.add(c.truth, detect(c), nil)
			}
			b.ResetTimer()
			start, cpu0 := time.Now(), cpuTime()
			for i := 0; i < b.N; i++ {
				detect(cases[i%len(cases)])
			}
			b.ReportMetric(float64(time.Since(start).Microseconds())/1000/float64(b.N), "ms/frame")
			b.ReportMetric((cpuTime()-cpu0).Seconds()*1000/float64(b.N), "cpu_ms/frame")
			b.ReportMetric(100*s.recall(), "recall%")
			b.ReportMetric(100*s.precision(), "precision%")
		})
		for _, c := range cases {
			c.img.Close()
		}
	}
}

// BenchmarkPadova reports the accuracy on the real labelled frames: the
// top-down-ish game1 clips (the targets of TestPadovaGame1) and the oblique
// game2–game4 clips (no target).
func BenchmarkPadova(b *testing.B) {
	for _, set := range []string{"game1_", "game2_", "game3_", "game4_"} {
		b.Run(set[:5], func(b *testing.B) {
			// The figures are computed once; b.N only repeats nothing.
			s := runPadova(b, set, os.Getenv("VISION_VERBOSE") != "")
			for i := 0; i < b.N; i++ {
			}
			b.ReportMetric(100*s.recall(), "recall%")
			b.ReportMetric(100*s.precision(), "precision%")
			b.ReportMetric(100*s.classAcc(), "class%")
			b.ReportMetric(s.rmsPx(), "err_px_rms")
			b.ReportMetric(float64(s.truth), "balls")
		})
	}
}

func itoa(n int) string { return strconv.Itoa(n) }

// cpuTime is the process's user+system CPU time. With GOMAXPROCS=1 and one
// OpenCV thread it is the work of the detector, whatever else the machine runs.
func cpuTime() time.Duration {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}
