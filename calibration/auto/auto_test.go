package auto_test

import (
	"fmt"
	"image"
	"math"
	"math/rand"
	"strings"
	"testing"

	"gocv.io/x/gocv"

	"github.com/cueref/cueref/calibration/auto"
	"github.com/cueref/cueref/sim/render"
	"github.com/cueref/cueref/table"
)

const frame = "../../vision/testdata/padova/game1_clip1/frame_first.png"

func TestCalibrateBadFrames(t *testing.T) {
	gray := gocv.NewMatWithSizeFromScalar(gocv.NewScalar(90, 90, 90, 0), 480, 640, gocv.MatTypeCV8UC3)
	defer gray.Close()
	img := gocv.IMRead(frame, gocv.IMReadColor)
	defer img.Close()
	// The right half of the table only: its left cushion is out of the frame.
	half := img.Region(image.Rect(480, 0, 1024, 576))
	defer half.Close()
	halfC := half.Clone()
	defer halfC.Close()
	empty := gocv.NewMat()
	defer empty.Close()
	for _, tc := range []struct {
		name string
		m    gocv.Mat
		want string
	}{
		{"empty", empty, "non-empty 8-bit BGR"},
		{"no cloth", gray, "no cloth found"},
		{"half a table", halfC, "partly out of view"},
	} {
		_, err := auto.Calibrate(tc.m, auto.Options{})
		if err == nil || !strings.Contains(err.Error(), tc.want) || !strings.HasPrefix(err.Error(), "auto: ") {
			t.Errorf("%s: got error %v, want an auto: error containing %q", tc.name, err, tc.want)
		}
	}
}

// TestCalibrateSimulated measures the automatic calibration against the
// simulator's true calibration: the four corners, and where a point of the bed
// lands in millimetres, over every cloth colour and several cameras.
func TestCalibrateSimulated(t *testing.T) {
	tb := table.MustNew("9ft")
	var worstPx, worstMM float64
	for _, cloth := range render.ClothNames {
		for seed := int64(1); seed <= 3; seed++ {
			cfg := render.DefaultConfig()
			cfg.Cloth = cloth
			cfg.Seed = seed
			cfg.Occluders = false
			rng := rand.New(rand.NewSource(seed))
			layout := map[int]table.Point{}
			for n := 0; n < 10; n++ {
				layout[n] = table.Point{X: 100 + float64(n)*230, Y: 100 + rng.Float64()*(tb.W-200)}
			}
			img, truth, _, err := render.RenderStill(layout, cfg)
			if err != nil {
				t.Fatal(err)
			}
			c, err := auto.Calibrate(img, auto.Options{Table: "9ft"})
			img.Close()
			if err != nil {
				t.Errorf("%s/%d: %v", cloth, seed, err)
				continue
			}
			// The head/foot choice is a convention of a symmetric table; compare
			// with the truth either way round.
			best := math.Inf(1)
			var bestMM float64
			for _, flip := range []bool{false, true} {
				var e, emm float64
				for _, p := range []table.Point{{}, {Y: tb.W}, {X: tb.L, Y: tb.W}, {X: tb.L}, tb.CenterSpot(), tb.HeadSpot(), tb.FootSpot()} {
					q := p
					if flip {
						q = table.Point{X: tb.L - p.X, Y: tb.W - p.Y}
					}
					a := truth.ToImage(p, truth.NoseHeight())
					b := c.ToImage(q, c.NoseHeight())
					e = math.Max(e, math.Hypot(a[0]-b[0], a[1]-b[1]))
					emm = math.Max(emm, c.ToTable(a, truth.NoseHeight()).Dist(q))
				}
				if e < best {
					best, bestMM = e, emm
				}
			}
			t.Logf("%s/%d: worst point %.2f px, %.1f mm", cloth, seed, best, bestMM)
			worstPx, worstMM = math.Max(worstPx, best), math.Max(worstMM, bestMM)
		}
	}
	t.Logf("worst over all: %.2f px, %.1f mm", worstPx, worstMM)
	if worstPx > 3 {
		t.Errorf("corner/spot error: got %.2f px, want ≤ 3 px", worstPx)
	}
}

func ExampleCalibrate() {
	img := gocv.IMRead(frame, gocv.IMReadColor)
	defer img.Close()
	c, err := auto.Calibrate(img, auto.Options{Table: "9ft"})
	if err != nil {
		fmt.Println(err)
		return
	}
	hl := c.File.CornersPx.HeadLeft
	fmt.Printf("%s table, head-left corner near (%.0f, %.0f), ball radius %.0f px\n", c.Table.Name, math.Round(hl[0]/5)*5, math.Round(hl[1]/5)*5, c.File.BallRadiusPx)
	// Output: 9ft table, head-left corner near (165, 115), ball radius 8 px
}
