package tracking

import (
	"testing"

	"github.com/cueref/cueref/table"
)

// TestNearestMoverPathNear: a ball starts from rest with no path to pair it
// with, and nearestMover looks for a moving ball seen next to it. A mover
// whose last read lies by the ball but whose path, carried to the start,
// lies far off (a path across a swap, fitted through a stray read) is no
// partner: camera model at 30 fps, seed 3, the 10-ball break at 1067.6 s,
// the cue ball's old track, its way carried on to x = 4422 mm, off the
// table, was paired with the 9's start, and the 9 was told the cue ball's
// first contact, unasked, on a legal break. A mover whose path does reach
// the ball is still its partner.
func TestNearestMoverPathNear(t *testing.T) {
	rest := table.Point{X: 2050, Y: 640}
	for _, c := range []struct {
		name  string
		reads []sample
		want  int
	}{
		{"path reaches it", []sample{
			{t: 0.9000, p: table.Point{X: 1750, Y: 640}},
			{t: 0.9333, p: table.Point{X: 1850, Y: 640}},
			{t: 0.9667, p: table.Point{X: 1950, Y: 640}},
			{t: 0.9833, p: table.Point{X: 1995, Y: 640}},
		}, 1},
		{"path carried far off", []sample{
			{t: 0.9000, p: table.Point{X: 1200, Y: 300}},
			{t: 0.9333, p: table.Point{X: 1300, Y: 300}},
			{t: 0.9667, p: table.Point{X: 1400, Y: 300}},
			{t: 0.9833, p: table.Point{X: 1990, Y: 620}}, // a stray read by the ball
		}, -1},
	} {
		t.Run(c.name, func(t *testing.T) {
			k, err := New(Config{Table: tab9, FPS: 30})
			if err != nil {
				t.Fatal(err)
			}
			k.tracks = []track{
				{used: true, confirmed: true, ball: 9, rest: rest},
				{used: true, confirmed: true, ball: 0, moving: true, seg: c.reads},
			}
			k.tracks[1].fit = k.incomingFit(c.reads)
			ch := change{tr: 0, start: true, t: 1.0, in: still(rest, 1.0), partner: -1}
			got, _, p := k.nearestMover(&ch)
			if got != c.want {
				t.Errorf("nearestMover: got track %d (its path at the start %v, %.0f mm from the ball); want %d", got, p.at(1.0), p.at(1.0).Dist(rest), c.want)
			}
		})
	}
}
