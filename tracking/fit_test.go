package tracking

import (
	"math"
	"testing"

	"github.com/cueref/cueref/table"
)

// TestQuad checks the least-squares quadratic against exact data. Cause fixed:
// its curvature term solved the wrong system (c of 50 mm/s² came out 8457), so
// grazeTest judged glancing cushion hits on a wrong parabola.
func TestQuad(t *testing.T) {
	for _, c := range []struct{ a, b, c float64 }{{3, 2, 50}, {10, -300, 900}, {0, 0, -20}} {
		var w []sample
		for i := 0; i < 10; i++ {
			tt := 100 + float64(i)/60
			d := tt - 100
			w = append(w, sample{tt, table.Point{X: c.a + c.b*d + c.c*d*d}})
		}
		a, b, cc := quad(w, func(p table.Point) float64 { return p.X })
		if math.Abs(a-c.a) > 1e-6 || math.Abs(b-c.b) > 1e-4 || math.Abs(cc-c.c) > 1e-3 {
			t.Errorf("quad of %v: got %g %g %g, want %g %g %g", c, a, b, cc, c.a, c.b, c.c)
		}
	}
}

// TestVeeFit checks veeTest's two models on a ball's distance to a cushion: a V
// touching the cushion line (a bounce) is timed at its vertex and beats the
// quadratic; a smooth curve that passes 6 mm off the line (no touch) is fitted
// better by the quadratic.
func TestVeeFit(t *testing.T) {
	g := func(p table.Point) float64 { return p.X }
	const th = 10.1234
	var vee, smooth []sample
	for i := 0; i < 16; i++ {
		tt := 10 + float64(i)/60
		d := 250 * (th - tt)
		if tt > th {
			d = 180 * (tt - th)
		}
		vee = append(vee, sample{tt, table.Point{X: d}})
		smooth = append(smooth, sample{tt, table.Point{X: 6 + 900*(tt-th)*(tt-th)}})
	}
	got, fall, rise, rss := veeFit(vee, g, 10+7.0/60, 10+8.0/60)
	if math.Abs(got-th) > 0.001 || math.Abs(fall-250) > 2 || math.Abs(rise-180) > 2 {
		t.Errorf("V: vertex %.4f fall %.1f rise %.1f, want %.4f, 250, 180", got, fall, rise, th)
	}
	if _, _, _, q := quadRSS(vee, g); q <= rss+veeK {
		t.Errorf("V: quadratic rss %.1f, V rss %.1f: want the V clearly better", q, rss)
	}
	_, _, _, rv := veeFit(smooth, g, 10+7.0/60, 10+8.0/60)
	if _, _, _, q := quadRSS(smooth, g); q >= rv {
		t.Errorf("smooth curve: quadratic rss %.1f, V rss %.1f: want the quadratic better", q, rv)
	}
}

// TestSupport checks the identity evidence a detection gives for a ball.
func TestSupport(t *testing.T) {
	for _, c := range []struct {
		o    Obs
		ball int
		want float64
	}{
		{Obs{Ball: 3, Class: ClassSolid}, 3, 1},
		{Obs{Ball: 3, Class: ClassSolid}, 5, 0},
		{Obs{Ball: 11, Class: ClassSolid}, 3, 0.3}, // a misread number: the class alone
		{Obs{Ball: -1, Class: ClassCue}, 0, 1},
		{Obs{Ball: -1, Class: ClassCue}, 8, 0},
		{Obs{Ball: -1, Class: ClassStripe}, 12, 0.3},
	} {
		if got := support(&c.o, c.ball); got != c.want {
			t.Errorf("support(%+v, %d) = %g, want %g", c.o, c.ball, got, c.want)
		}
	}
}
