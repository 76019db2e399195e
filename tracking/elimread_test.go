package tracking

import (
	"testing"

	"github.com/cueref/cueref/table"
)

// TestElimHoldYieldsToSureReads: rendered seed 67, 10-ball (see elimread.go).
// The 6, named by elimination, was lost moving by a cushion and its gone
// track kept the number; a ball resting elsewhere on the table, read as the 6
// in frame after frame, takes it. A few weak reads of a new track do not: the
// hold by elimination is for them.
func TestElimHoldYieldsToSureReads(t *testing.T) {
	P := func(x, y float64) table.Point { return table.Point{X: x, Y: y} }
	for _, c := range []struct {
		name      string
		votes     float64 // the nameless track's votes for the 6
		recent    float64 // and its recent reads of it
		wantGone  int     // the gone track's number after resolveIDs
		wantOther int     // the nameless track's
	}{
		{"read as the 6 for half a minute", 280, 6, -1, 6},
		{"a few weak reads", 3, 1.5, 6, -1},
	} {
		t.Run(c.name, func(t *testing.T) {
			k, err := New(Config{Table: tab9, FPS: 60, Balls: []int{0, 1, 6}})
			if err != nil {
				t.Fatal(err)
			}
			k.phase, k.strikeT, k.lastT = idle, 252.23, 285
			cue := restingAt(0, P(1585, 1180), 285)
			cue.votes[0] = 300
			one := restingAt(1, P(107, 964), 285)
			one.votes[1] = 300
			gone := track{used: true, confirmed: true, gone: true, byRail: true, goneT: 239.98, ball: 6, elim: 7, last: sample{239.98, P(970, 46)}}
			gone.votes[6], gone.votes[2] = 9, 1
			other := restingAt(-1, P(285, 306), 285)
			other.votes[6] = c.votes
			other.cst.recent[6] = c.recent
			k.tracks = append(k.tracks[:0], cue, one, gone, other)
			for range 3 {
				k.resolveIDs()
			}
			if got := k.tracks[2].ball; got != c.wantGone {
				t.Errorf("got the gone track's number %d, want %d", got, c.wantGone)
			}
			if got := k.tracks[3].ball; got != c.wantOther {
				t.Errorf("got the nameless track's number %d, want %d", got, c.wantOther)
			}
		})
	}
}
