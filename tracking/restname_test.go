package tracking

import "testing"

// TestRestNameRendered runs the tracker on the detector's view of two 10-ball
// shots (bench seed 28, rendered, shots 6 and 7): in shot 6 the 3 and the 6
// took each other's numbers; a frame after the stroke of shot 7 their votes
// gave them back, both still at rest. The first contact of shot 7 was named
// by the numbers at the stroke (firstIDs): the 6, a wrong-ball foul on a
// legal safety, unflagged. A rename of balls that have not moved is a
// correction, not a swap in play: shot 7 must meet the 3 first.
func TestRestNameRendered(t *testing.T) {
	s := renderedShot(t, "testdata/restname-10ball-s28-rendered.json.gz", 10, 59.7437)
	if got := firstContactOf(s.Events); got != 3 && s.Review == nil {
		t.Errorf("got first contact %d, unasked; want 3", got)
	}
}
