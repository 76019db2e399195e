package tracking

import (
	"fmt"
	"testing"

	"github.com/cueref/cueref/shot"
	"github.com/cueref/cueref/table"
)

// TestStrayLastSight: ball 5 rolls briskly into a corner pocket. The detector
// loses it a frame before the mouth, and in the next frame a stray blob (a
// reflection, a hand) shows 400 mm back on the bed, then nothing more. The
// ball went where its way led: the shot has the toy world's pocket of ball 5
// and no off_table event, whether or not the blob is taken for the ball.
func TestStrayLastSight(t *testing.T) {
	P := func(x, y float64) table.Point { return table.Point{X: x, Y: y} }
	corner := tab9.Pocket(table.FR)
	in := corner.In
	ball := corner.Center.Add(in.Scale(-500))
	cue := ball.Add(in.Scale(-300))
	for _, c := range []struct {
		back   table.Point // where the blob is, from the ball's last sight
		id     int
		conf   float64
		before float64 // mm: the ball's last sight at least this far before the mouth line
	}{
		{P(-230, -330), -1, 0.5, 50},
		{P(-230, -330), 5, 0.4, 50},
		{P(-330, -150), -1, 0.5, 50},
		{P(-150, -380), 5, 0.4, 50},
		{P(-230, -330), -1, 0.5, 70},
		{P(-330, -150), -1, 0.5, 70},
	} {
		t.Run(fmt.Sprintf("%v %d %.0f", c.back, c.id, c.before), func(t *testing.T) {
			w := newToy(tab9, map[int]table.Point{0: cue, 5: ball, 9: P(600, 300)})
			w.run(1.0)
			w.strike(0, in.Scale(1800))
			w.settle()
			var truth []shot.Event
			for _, e := range w.events {
				if e.Kind == shot.Pocketed || e.Kind == shot.OffTable {
					truth = append(truth, e)
				}
			}
			if len(truth) != 1 || truth[0].Ball != 5 {
				t.Fatalf("toy world: gone events %s, want ball 5 pocketed: fix the fixture", fmtEvents(truth))
			}
			frames := defaultCamera(13).frames(w, 0.004, w.t)
			// The ball's last sight: its last detection c.before or more
			// before the mouth line.
			last := -1
			var at table.Point
			for i := range frames {
				for _, o := range frames[i].Obs {
					if o.Ball == 5 && -o.At.Sub(corner.Center).Dot(in) > c.before {
						last, at = i, o.At
					}
				}
			}
			for i := last + 1; i < len(frames); i++ {
				f := &frames[i]
				for j := 0; j < len(f.Obs); j++ {
					if f.Obs[j].At.Dist(corner.Center) < 150 {
						f.Obs = append(f.Obs[:j], f.Obs[j+1:]...)
						j--
					}
				}
				if i == last+2 {
					f.Obs = append(f.Obs, Obs{Ball: c.id, At: at.Add(c.back), Confidence: c.conf})
				}
			}
			checkGone(t, frames, truth)
		})
	}
}
