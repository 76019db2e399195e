package tracking

import (
	"math"
	"testing"

	"github.com/cueref/cueref/shot"
)

// TestRestNameRendered runs the tracker on the detector's view of two 10-ball
// shots (bench seed 28, rendered, shots 6 and 7): in shot 6 the 3 and the 6
// took each other's numbers; a frame after the stroke of shot 7 their votes
// gave them back, both still at rest. The first contact of shot 7 was named
// by the numbers at the stroke (firstIDs): the 6, a wrong-ball foul on a
// legal safety, unflagged. A rename of balls that have not moved is a
// correction, not a swap in play: shot 7 must meet the 3 first.
func TestRestNameRendered(t *testing.T) {
	fs := loadRendered(t, "testdata/restname-10ball-s28-rendered.json.gz")
	var s *shot.Shot
	for _, x := range renderedShotsOf(t, fs, Config{Table: tab9, FPS: 60, Balls: gameBalls(10)}) {
		if math.Abs(*x.Start-59.7437) < 0.05 {
			s = x
		}
	}
	if s == nil {
		t.Fatalf("got no shot struck at 59.744 s")
	}
	if got := firstContactOf(s.Events); got != 3 && s.Review == nil {
		t.Errorf("got first contact %d, unasked; want 3", got)
	}
}
