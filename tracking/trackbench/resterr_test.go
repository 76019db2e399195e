package trackbench

import (
	"bytes"
	"math"
	"strings"
	"testing"

	"github.com/cueref/cueref/table"
	"github.com/cueref/cueref/tracking"
)

// TestRestErrByBall feeds detectionStats ten frames: the cue ball at rest
// read 0.5 mm off, the 6 at rest read 3 mm off and the 3 rolling at 600 mm/s
// read 5 mm off (unseen in the first frame, where its speed is not yet
// known). The error at rest must be told by ball, the rolling ball left
// out, and the report must name the 6 first.
func TestRestErrByBall(t *testing.T) {
	P := func(x, y float64) table.Point { return table.Point{X: x, Y: y} }
	r := &run{rep: &Report{}}
	for i := 0; i < 10; i++ {
		tt := float64(i) / 60
		x3 := 200 + 10*float64(i)
		truth := []Truth{
			{Ball: 0, At: P(500, 500), OnBed: true, Visible: true},
			{Ball: 6, At: P(1000, 600), OnBed: true, Visible: true},
			{Ball: 3, At: P(x3, 300), OnBed: true, Visible: i > 0}, // unseen until its speed is known
		}
		obs := []tracking.Obs{{Ball: 0, At: P(500.5, 500)}, {Ball: 6, At: P(1003, 600)}, {Ball: 3, At: P(x3+5, 300)}}
		r.detectionStats(tt, truth, obs)
	}
	rep := &Report{}
	r.ballFigures(rep)
	checkByBall(t, rep, "error at rest", rep.RestErrByBall, map[string]float64{"0": 0.5, "6": 3},
		"read worst (error RMS): 6 3.00 mm; 0 0.50 mm; the best: 0 0.50 mm")
}

// checkByBall checks a report's figure by ball (got) against want, and that
// the printed report has line.
func checkByBall(t *testing.T, rep *Report, what string, got, want map[string]float64, line string) {
	t.Helper()
	if len(got) != len(want) {
		t.Fatalf("got %s for %v; want for %v", what, got, want)
	}
	for b, w := range want {
		if g := got[b]; math.Abs(g-w) > 1e-9 {
			t.Errorf("ball %s: got %s %g, want %g", b, what, g, w)
		}
	}
	var buf bytes.Buffer
	rep.Print(&buf)
	if !strings.Contains(buf.String(), line) {
		t.Errorf("report has no line %q:\n%s", line, buf.String())
	}
}

// TestMovingRecallByBall feeds detectionStats ten frames of two rolling
// balls: the 3 found in every frame, the 6 missed in every other one of the
// nine frames its speed is known in (the first frame, with no speed yet,
// counts as at rest). The cue ball at rest, found, must not be counted, and
// the report must name the 6 first.
func TestMovingRecallByBall(t *testing.T) {
	P := func(x, y float64) table.Point { return table.Point{X: x, Y: y} }
	r := &run{rep: &Report{}}
	for i := 0; i < 10; i++ {
		tt := float64(i) / 60
		x := 200 + 10*float64(i)
		truth := []Truth{
			{Ball: 0, At: P(500, 500), OnBed: true, Visible: true},
			{Ball: 3, At: P(x, 300), OnBed: true, Visible: true},
			{Ball: 6, At: P(x, 900), OnBed: true, Visible: true},
		}
		obs := []tracking.Obs{{Ball: 0, At: P(500, 500)}, {Ball: 3, At: P(x+1, 300)}}
		if i%2 == 0 {
			obs = append(obs, tracking.Obs{Ball: -1, At: P(x, 902)}) // found, unnamed
		}
		r.detectionStats(tt, truth, obs)
	}
	rep := &Report{}
	r.ballFigures(rep)
	checkByBall(t, rep, "recall moving", rep.MovingRecallByBall, map[string]float64{"3": 1, "6": 4.0 / 9},
		"moving, the balls found least (recall): 6 44.4%; 3 100.0%; the best: 3 100.0%")
}
