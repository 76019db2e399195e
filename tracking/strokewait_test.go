package tracking

import (
	"testing"

	"github.com/cueref/cueref/shot"
)

// TestCueStartWaits: rendered 8-ball, seed 74, shot 6 (stroke at 50.720 s),
// as a detector that took rings more readily than ours saw it. The cue ball
// sent the 11 round two cushions and came to rest against the 15; 1.70 s in,
// the 11 hit the 15, which passed the push on to the cue ball 9 ms later. The
// cue ball's start was found four frames before the 15's, and was taken for a
// new stroke while the 11 still rolled: a shot never played was ruled a foul
// (balls moving, no cushion, wrong ball first), unflagged. One shot must be
// told, with the 11's hit on the 15 and the 15's on the cue ball in it.
func TestCueStartWaits(t *testing.T) {
	const stroke = 50.7201
	shots := renderedShotsOf(t, loadRendered(t, "testdata/strokewait-8ball-s74-rendered.json.gz"), Config{Table: tab9, FPS: 60, Balls: gameBalls(15)})
	s := shotNear(t, shots, stroke, 0.05)
	for _, o := range shots {
		if *o.Start > stroke+0.5 {
			t.Errorf("got a shot struck at %.4f s; want none after %.4f s; events:%s", *o.Start, stroke, fmtEvents(absEvents(o)))
		}
	}
	hit := map[[2]int]bool{}
	for _, e := range s.Events {
		if e.Kind == shot.Contact {
			hit[[2]int{min(e.A, e.B), max(e.A, e.B)}] = true
		}
	}
	for _, p := range [][2]int{{0, 11}, {11, 15}, {0, 15}} {
		if !hit[p] {
			t.Errorf("no contact of balls %d and %d told; events:%s", p[0], p[1], fmtEvents(absEvents(s)))
		}
	}
}
