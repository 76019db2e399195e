package tracking

import (
	"testing"

	"github.com/cueref/cueref/shot"
	"github.com/cueref/cueref/table"
)

// TestOutOfMouth: a ball pocketed before the stroke does not come back onto
// the bed in a shot. A track that came back there (an old track of such a
// ball, taken up on a misread), in front of the mouth of a pocket a ball of
// the shot went into and soon after it was last seen, and read since as that
// ball, is that ball rattled out of the jaws (rendered seed 4, 14.1 shot 19):
// the pocket is withdrawn, no person asked. One that came back far from the
// mouth, or long after, or before the ball went, leaves the pocket for a
// person to review as before.
func TestOutOfMouth(t *testing.T) {
	P := func(x, y float64) table.Point { return table.Point{X: x, Y: y} }
	last := P(2502.8, 21.9) // where the 6's track was last seen, at t=1.9, in the foot-left jaws
	for _, c := range []struct {
		name       string
		backT      float64     // when the old track came back
		backAt     table.Point // and where
		wantCancel bool
		wantReview bool
	}{
		{"came back in front of the mouth", 2.33, P(2449.7, 49.6), true, false},
		{"came back far from the mouth", 2.33, P(2200, 300), false, true},
		{"came back long after", 2.6, P(2449.7, 49.6), false, true},
		{"came back before the ball went", 1.5, P(2449.7, 49.6), false, true},
	} {
		t.Run(c.name, func(t *testing.T) {
			k, err := New(Config{Table: tab9, FPS: 60, Balls: []int{0, 6, 8}})
			if err != nil {
				t.Fatal(err)
			}
			k.phase, k.strikeT, k.lastT = inShot, 1, 3
			gone := track{used: true, confirmed: true, gone: true, goneT: 1.92, ball: -1, last: sample{1.9, last}}
			gone.votes[6] = 20
			// The 8's old track, born long before, came back at backT on
			// reads of the 8, and has been read as the 6 since.
			back := track{used: true, confirmed: true, ball: 6, born: 0.2, bornAt: P(2100, 690), backT: c.backT, seen: true}
			back.slog = []sample{{c.backT, c.backAt}, {2.9, P(2360, 34)}}
			back.rest, back.last = P(2360, 34), sample{3, P(2360, 34)}
			back.votes[6], back.votes[8] = 10, 1
			k.tracks = append(k.tracks[:0], gone, back)
			k.events = append(k.events[:0], pevent{t: 1.92, kind: shot.Pocketed, a: 0, pocket: table.FL, ids: [2]int{6, -1}, still: -1})
			k.backOnTable()
			if got := k.events[0].cancel; got != c.wantCancel {
				t.Errorf("pocket withdrawn %v, want %v", got, c.wantCancel)
			}
			if got := k.reviewWhy != ""; got != c.wantReview {
				t.Errorf("review %q, want one: %v", k.reviewWhy, c.wantReview)
			}
		})
	}
}

// TestHeldNotBack: a track followed by its number since before the stroke
// and contested since keeps it (held); one that came back onto the table in
// the shot in progress, gone at the stroke, does not: its number came with a
// read or two as it showed. Between shots (balls put back by hand, a re-rack)
// a track that came back holds its number as before.
func TestHeldNotBack(t *testing.T) {
	for _, c := range []struct {
		name  string
		phase phase
		backT float64
		want  bool
	}{
		{"followed since before the stroke", inShot, 0, true},
		{"came back in the shot", inShot, 2.3, false},
		{"came back between shots", idle, 2.3, true},
	} {
		k, err := New(Config{Table: tab9, FPS: 60})
		if err != nil {
			t.Fatal(err)
		}
		k.phase = c.phase
		k.cst = contestShot{strikeT: 1}
		tr := track{used: true, confirmed: true, ball: 8, backT: c.backT}
		tr.cst.ball, tr.cst.since, tr.cst.contestT = 9, 0.5, 2.4
		k.tracks = []track{tr}
		if got := k.held(0); got != c.want {
			t.Errorf("%s: held = %v, want %v", c.name, got, c.want)
		}
	}
}
