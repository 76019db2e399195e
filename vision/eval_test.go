package vision

import (
	"bufio"
	"fmt"
	"math"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"gocv.io/x/gocv"

	"github.com/cueref/cueref/calibration"
)

// truthBall is one labelled ball: the centre of its box and its class.
type truthBall struct {
	x, y, r float64
	class   Class
}

// padovaCase is one labelled frame of the Padova 8-ball set.
type padovaCase struct {
	name  string // game1_clip1/frame_first
	dir   string
	frame string
	truth []truthBall
}

func padovaCases(t testing.TB, prefix string) []padovaCase {
	t.Helper()
	dirs, err := filepath.Glob(filepath.Join("testdata", "padova", prefix+"*"))
	if err != nil || len(dirs) == 0 {
		t.Fatalf("no test data for %s: %v", prefix, err)
	}
	var out []padovaCase
	for _, d := range dirs {
		for _, f := range []string{"first", "last"} {
			c := padovaCase{name: filepath.Base(d) + "/frame_" + f, dir: d, frame: filepath.Join(d, "frame_"+f+".png")}
			fh, err := os.Open(filepath.Join(d, "frame_"+f+"_bbox.txt"))
			if err != nil {
				t.Fatal(err)
			}
			sc := bufio.NewScanner(fh)
			for sc.Scan() {
				var x, y, w, h float64
				var cl int
				if _, err := fmt.Sscan(strings.TrimSpace(sc.Text()), &x, &y, &w, &h, &cl); err != nil {
					continue
				}
				c.truth = append(c.truth, truthBall{x + w/2, y + h/2, (w + h) / 4, Class(cl)})
			}
			fh.Close()
			out = append(out, c)
		}
	}
	return out
}

// score counts matches between detections and truth: a detection matches the
// nearest unmatched labelled ball whose centre is within the ball's radius.
type score struct {
	truth, dets, hits, classOK int
	errPx                      float64
	frames                     int
}

func (s *score) add(truth []truthBall, centres [][2]float64, classes []Class) {
	s.frames++
	s.truth += len(truth)
	s.dets += len(centres)
	used := make([]bool, len(truth))
	// Greedy by distance.
	type pair struct {
		i, j int
		d    float64
	}
	var ps []pair
	for i, c := range centres {
		for j, tb := range truth {
			d := math.Hypot(c[0]-tb.x, c[1]-tb.y)
			if d <= math.Max(tb.r, 5) {
				ps = append(ps, pair{i, j, d})
			}
		}
	}
	for a := 0; a < len(ps); a++ {
		for b := a + 1; b < len(ps); b++ {
			if ps[b].d < ps[a].d {
				ps[a], ps[b] = ps[b], ps[a]
			}
		}
	}
	det := make([]bool, len(centres))
	for _, p := range ps {
		if used[p.j] || det[p.i] {
			continue
		}
		used[p.j], det[p.i] = true, true
		s.hits++
		s.errPx += p.d * p.d
		if classes != nil && classes[p.i] == truth[p.j].class {
			s.classOK++
		}
	}
}

func (s score) recall() float64    { return float64(s.hits) / math.Max(float64(s.truth), 1) }
func (s score) precision() float64 { return float64(s.hits) / math.Max(float64(s.dets), 1) }
func (s score) classAcc() float64  { return float64(s.classOK) / math.Max(float64(s.hits), 1) }
func (s score) rmsPx() float64     { return math.Sqrt(s.errPx / math.Max(float64(s.hits), 1)) }

func loadCalib(t testing.TB, dir string) *calibration.Calibration {
	t.Helper()
	c, err := calibration.Load(filepath.Join(dir, "calibration.yaml"))
	if err != nil {
		t.Fatal(err)
	}
	return c
}

// runPadova detects on every frame of the set and scores it.
func runPadova(t testing.TB, prefix string, verbose bool) score {
	var s score
	var dets []Detection
	for _, pc := range padovaCases(t, prefix) {
		c := loadCalib(t, pc.dir)
		d, err := NewDetector(c, Options{})
		if err != nil {
			t.Fatal(err)
		}
		img := gocv.IMRead(pc.frame, gocv.IMReadColor)
		dets, err = d.Detect(img, dets)
		if err != nil {
			t.Fatal(err)
		}
		var cs [][2]float64
		var cl []Class
		for _, x := range dets {
			cs = append(cs, x.Px)
			cl = append(cl, x.Class)
		}
		if os.Getenv("VISION_STATS") != "" {
			for _, k := range d.cands {
				if !k.ok || k.absorbed || k.conf < d.opts.MinConfidence {
					continue
				}
				wb, _ := d.warp.DataPtrUint8()
				st := d.colours(wb, &k)
				q := d.toImage(k.x, k.y)
				tc := Unknown
				for _, tb := range pc.truth {
					if math.Hypot(q[0]-tb.x, q[1]-tb.y) < tb.r {
						tc = tb.class
					}
				}
				cl, _ := st.classify()
				t.Logf("STAT %-6s %s %.0f,%.0f big %v sup %.2f conf %.2f got %-6s cl %.2f w %.2f k %.2f c %.2f hue %3.0f val %3.0f n %.0f", tc, pc.name, q[0], q[1], k.big, k.support, k.conf, cl, st.clothLike/st.n, st.white/st.n, st.black/st.n, st.col/st.n, st.hue, st.val, st.n)
			}
		}
		var one score
		one.add(pc.truth, cs, cl)
		s.add(pc.truth, cs, cl)
		if verbose {
			t.Logf("%-26s truth %2d dets %2d hits %2d class ok %2d", pc.name, one.truth, one.dets, one.hits, one.classOK)
			for _, tb := range pc.truth {
				found := false
				for _, c := range cs {
					if math.Hypot(c[0]-tb.x, c[1]-tb.y) <= math.Max(tb.r, 5) {
						found = true
					}
				}
				if !found {
					t.Logf("    missed %v ball at %.0f,%.0f", tb.class, tb.x, tb.y)
				}
			}
			for _, x := range dets {
				found := false
				for _, tb := range pc.truth {
					if math.Hypot(x.Px[0]-tb.x, x.Px[1]-tb.y) <= math.Max(tb.r, 5) {
						found = true
					}
				}
				if !found {
					t.Logf("    false %v at %.0f,%.0f (confidence %.2f)", x.Class, x.Px[0], x.Px[1], x.Confidence)
				}
			}
		}
		if dir := os.Getenv("VISION_DRAW"); dir != "" {
			Draw(&img, dets)
			for _, tb := range pc.truth {
				gocv.Circle(&img, imagePt(tb.x, tb.y), 2, classColor[tb.class], -1)
			}
			gocv.IMWrite(filepath.Join(dir, strings.ReplaceAll(pc.name, "/", "_")+".png"), img)
			gocv.IMWrite(filepath.Join(dir, strings.ReplaceAll(pc.name, "/", "_")+"_warp.png"), d.warp)
			gocv.IMWrite(filepath.Join(dir, strings.ReplaceAll(pc.name, "/", "_")+"_fg.png"), d.fg)
		}
		img.Close()
		d.Close()
	}
	return s
}
