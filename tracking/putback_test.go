package tracking

import (
	"testing"

	"github.com/cueref/cueref/table"
)

// TestPutBackKeepsNumber: rendered 8-ball, seed 75, between shots at
// 346.8 s (see staleTake). The 14, racked again, has a new track that took
// the 14 from the track that held it while pocketed in the first rack; read
// at rest as the cue ball more often than as the 14, it must keep the 14,
// and the gone track, however surely it was read as the 14, stays nameless.
// A number taken between shots by a ball that was not put back in its
// place (a ball that took it in a shot), or by a hand (handtake.go), still
// goes back to the gone track.
func TestPutBackKeepsNumber(t *testing.T) {
	for _, tc := range []struct{ putBack, hand bool }{{true, false}, {false, false}, {true, true}} {
		putBack := tc.putBack && !tc.hand
		k, err := New(Config{Table: tab9, FPS: 60, Balls: gameBalls(15)})
		if err != nil {
			t.Fatal(err)
		}
		k.phase, k.strikeT = idle, 341.94
		k.tracks = make([]track, 3)
		cue, back, gone := &k.tracks[0], &k.tracks[1], &k.tracks[2]
		*cue = track{used: true, confirmed: true, ball: 0, rest: table.Point{X: 600, Y: 400}}
		cue.votes[0] = 500
		*back = track{used: true, confirmed: true, ball: 14, rest: table.Point{X: 2052.6, Y: 606.1}, putBack: tc.putBack}
		if tc.hand {
			back.handT = 240.5 // a hand that took the number (handtake.go)
		}
		back.votes[0], back.votes[14] = 38.9, 27.7
		*gone = track{used: true, confirmed: true, gone: true, ball: -1, goneT: 110.23}
		gone.votes[0], gone.votes[8], gone.votes[13], gone.votes[14] = 4.5, 4.4, 4.0, 223.4
		k.beforeID = map[int]int{0: 0, 1: 14}
		k.resolveIDs()
		got := [2]int{back.ball, gone.ball}
		want := [2]int{14, -1}
		if !putBack {
			want = [2]int{-1, 14}
		}
		if got != want {
			t.Errorf("put back %v, hand %v: got balls %d (on the table) and %d (gone); want %d and %d", tc.putBack, tc.hand, got[0], got[1], want[0], want[1])
		}
	}
}
