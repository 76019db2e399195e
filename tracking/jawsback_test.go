package tracking

import (
	"testing"

	"github.com/cueref/cueref/shot"
	"github.com/cueref/cueref/table"
)

// TestOutOfJaws: a ball seen going into a corner pocket's jaws, lost there a
// third of a second and then picked up by a new track at the mouth that reads
// it as the ball again and again, rattled out: its pocket is withdrawn and no
// person is asked. A track born far from the mouth, or long after, or an
// off_table, stays for review as before. The cue ball comes back out only on
// a dozen reads and once it has rolled on from the mouth; while its track
// still moves without both, nothing is decided yet.
func TestOutOfJaws(t *testing.T) {
	P := func(x, y float64) table.Point { return table.Point{X: x, Y: y} }
	mouth := P(2497, 37) // where the ball's track was last seen, at t=1.9
	for _, c := range []struct {
		name       string
		ball       int
		kind       string
		born       float64     // when the track on the table started
		bornAt     table.Point // and where
		votes      float64     // its evidence for the ball
		at         table.Point // where it is now
		moving     bool
		wantCancel bool
		wantReview bool
	}{
		{"rattled out", 6, shot.Pocketed, 2.25, P(2483, 50), 6, P(2508, 106), false, true, false},
		{"rattled out, still rolling", 6, shot.Pocketed, 2.25, P(2483, 50), 6, P(2500, 80), true, true, false},
		{"born far from the mouth", 6, shot.Pocketed, 2.25, P(2300, 200), 6, P(2300, 200), false, false, true},
		{"born long after", 6, shot.Pocketed, 2.9, P(2483, 50), 6, P(2508, 106), false, false, true},
		{"off the table, not a pocket", 6, shot.OffTable, 2.25, P(2483, 50), 6, P(2508, 106), false, false, true},
		{"the cue ball, rolled on", 0, shot.Pocketed, 2.25, P(2483, 50), 12, P(2400, 120), false, true, false},
		{"the cue ball, still at the mouth", 0, shot.Pocketed, 2.25, P(2483, 50), 12, P(2490, 55), false, false, true},
		{"the cue ball, few reads", 0, shot.Pocketed, 2.25, P(2483, 50), 4, P(2400, 120), false, false, true},
		{"the cue ball, few reads, rolling", 0, shot.Pocketed, 2.25, P(2483, 50), 4, P(2400, 120), true, false, false},
	} {
		t.Run(c.name, func(t *testing.T) {
			k, err := New(Config{Table: tab9, FPS: 60, Balls: []int{0, 1, 6}})
			if err != nil {
				t.Fatal(err)
			}
			k.phase, k.strikeT, k.lastT = inShot, 1, 3
			gone := track{used: true, confirmed: true, gone: true, goneT: 1.92, ball: -1, last: sample{1.9, mouth}}
			gone.votes[c.ball] = 20
			on := track{used: true, confirmed: true, ball: c.ball, born: c.born, bornAt: c.bornAt, moving: c.moving, seen: true}
			on.rest, on.last = c.at, sample{3, c.at}
			on.votes[c.ball] = c.votes
			k.tracks = append(k.tracks[:0], gone, on)
			k.events = append(k.events[:0], pevent{t: 1.92, kind: c.kind, a: 0, ids: [2]int{c.ball, -1}, still: -1})
			k.backOnTable()
			if got := k.events[0].cancel; got != c.wantCancel {
				t.Errorf("%s withdrawn %v, want %v", c.kind, got, c.wantCancel)
			}
			if got := k.reviewWhy != ""; got != c.wantReview {
				t.Errorf("review %q, want one: %v", k.reviewWhy, c.wantReview)
			}
		})
	}
}
