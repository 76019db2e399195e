package tracking

import (
	"testing"

	"github.com/cueref/cueref/table"
)

// TestGoneKeepsNumber: a ball pocketed in an earlier shot (rendered seed 51,
// 14.1 shot 8: the 13), whose track read it far more often as another ball
// resting elsewhere on the table (the 9) than as itself, keeps its number
// once gone: no ball on the table is read as it. When a ball on the table is
// read as that number, the reads decide as before: that one takes it.
func TestGoneKeepsNumber(t *testing.T) {
	P := func(x, y float64) table.Point { return table.Point{X: x, Y: y} }
	for _, c := range []struct {
		name      string
		readAs13  bool // a nameless ball on the table read as the 13
		wantGone  int  // the gone track's number after resolveIDs
		wantOther int  // the nameless track's
	}{
		{"alone", false, 13, -1},
		{"a ball on the table read as it", true, -1, 13},
	} {
		t.Run(c.name, func(t *testing.T) {
			k, err := New(Config{Table: tab9, FPS: 60, Balls: []int{0, 9, 13}})
			if err != nil {
				t.Fatal(err)
			}
			k.phase, k.strikeT, k.lastT = idle, 100, 110
			cue := restingAt(0, P(600, 600), 110)
			cue.votes[0] = 50
			nine := restingAt(9, P(2135, 720), 110)
			nine.votes[9] = 300
			gone := track{used: true, confirmed: true, gone: true, goneT: 60.65, ball: 13, last: sample{60.67, P(2512, 21)}}
			gone.votes[9], gone.votes[13] = 244, 22
			other := restingAt(-1, P(1500, 400), 110)
			if c.readAs13 {
				other.votes[13] = 30
				other.cst.recent[13] = 5
			}
			k.tracks = append(k.tracks[:0], cue, nine, gone, other)
			for range 3 {
				k.resolveIDs()
			}
			if got := k.tracks[2].ball; got != c.wantGone {
				t.Errorf("gone track's number %d, want %d", got, c.wantGone)
			}
			if got := k.tracks[3].ball; got != c.wantOther {
				t.Errorf("nameless track's number %d, want %d", got, c.wantOther)
			}
			if got := k.tracks[1].ball; got != 9 {
				t.Errorf("the 9's track's number %d, want 9", got)
			}
		})
	}
}

// restingAt is a confirmed track of ball b (−1 none) seen resting at p up to
// time t, for resolveIDs tests.
func restingAt(b int, p table.Point, t float64) track {
	return track{used: true, confirmed: true, seen: true, ball: b, rest: p, last: sample{t, p}}
}
